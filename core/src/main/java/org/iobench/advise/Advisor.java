package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
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

    /**
     * The findings of every rule; for a run of an engine that stores nothing ({@code null}), which measures iobench
     * itself, only those that do not judge storage (noisy runs, no steady state): the others would be false alarms.
     */
    public BenchmarkResult advise(BenchmarkResult result) {
        if (!result.job().storesData()) {
            return result.withFindings(Stream.of(Rules.noisy(result), Rules.notSteady(result))
                    .flatMap(Optional::stream).toList());
        }
        List<Finding> findings = rules.stream().map(rule -> rule.check(result)).flatMap(Optional::stream).toList();
        return result.withFindings(findings);
    }
}
