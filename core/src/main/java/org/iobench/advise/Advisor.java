package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;

/** Runs every rule on a result and attaches the findings. */
public final class Advisor {
    private final List<Rule> rules;

    public Advisor(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    public static Advisor standard() {
        return new Advisor(Rules.all());
    }

    public BenchmarkResult advise(BenchmarkResult result) {
        List<Finding> findings = rules.stream().map(rule -> rule.check(result)).flatMap(Optional::stream).toList();
        return result.withFindings(findings);
    }
}
