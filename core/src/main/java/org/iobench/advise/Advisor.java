package org.iobench.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.iobench.job.Deliberate;
import org.iobench.job.Dialect;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;

/**
 * Runs every rule on results and attaches the findings, each naming its job (or its group) and runs. A job that ran
 * alone is judged on its own evidence; the jobs of a parallel group each on theirs, and once together for what they
 * did to the device as a group. Choices a suite declared deliberate become one-line notes instead of warnings.
 *
 * <pre>{@code
 * Advisor advisor = Advisor.standard().acknowledging(Suites.quickDeliberate());
 * BenchmarkResult judged = advisor.advise(result);                 // a job alone
 * List<BenchmarkResult> group = advisor.adviseGroup(results);      // the jobs of one parallel group
 * }</pre>
 */
public final class Advisor {
    private final List<Rule> rules;
    private final List<GroupRule> groupRules;
    private final List<Deliberate> deliberate;
    private final Dialect dialect;

    Advisor(List<Rule> rules, List<GroupRule> groupRules, List<Deliberate> deliberate, Dialect dialect) {
        this.rules = List.copyOf(rules);
        this.groupRules = List.copyOf(groupRules);
        this.deliberate = List.copyOf(deliberate);
        this.dialect = dialect;
    }

    public static Advisor standard() {
        return new Advisor(Rules.jobRules(), Rules.groupRules(), List.of(), Dialect.RUN);
    }

    /** This advisor, treating {@code choices} as deliberate: notes instead of warnings. */
    public Advisor acknowledging(List<Deliberate> choices) {
        List<Deliberate> all = new ArrayList<>(deliberate);
        all.addAll(choices);
        return new Advisor(rules, groupRules, all, dialect);
    }

    /**
     * This advisor, writing fixes in {@code language}: dd operands for a dd command line, fio options for a job
     * file, flags for {@code run} (the default).
     */
    public Advisor speaking(Dialect language) {
        return new Advisor(rules, groupRules, deliberate, language);
    }

    /** Judges a job that ran alone. */
    public BenchmarkResult advise(BenchmarkResult result) {
        return result.withFindings(judge(Subject.alone(result, dialect)));
    }

    /**
     * Judges the jobs of one parallel group (in job order; a single job is judged as alone). Each job carries its
     * own findings; a finding about the group is attached to its first job only, so it is printed and stored once.
     */
    public List<BenchmarkResult> adviseGroup(List<BenchmarkResult> group) {
        if (group.size() < 2) {
            return group.stream().map(this::advise).toList();
        }
        String name = group.getFirst().job().grouping().group();
        List<Finding> together = new ArrayList<>();
        boolean storage = group.stream().allMatch(b -> b.job().storesData());
        for (GroupRule rule : storage ? groupRules : List.<GroupRule>of()) {
            rule.check(name, group, dialect).ifPresent(together::add);
        }
        List<BenchmarkResult> out = new ArrayList<>();
        for (BenchmarkResult b : group) {
            List<Finding> mine = new ArrayList<>(judge(new Subject(b, group, dialect)));
            if (out.isEmpty()) {
                mine.addAll(together);
            }
            out.add(b.withFindings(mine));
        }
        return out;
    }

    private List<Finding> judge(Subject s) {
        List<Finding> found = new ArrayList<>();
        boolean storage = s.job().storesData();
        for (Rule rule : rules) {
            if (!storage && rule.judgesStorage()) {
                continue; // an engine that stores nothing measures iobench itself: storage rules would be false alarms
            }
            rule.check(s).map(f -> acknowledged(s, f)).ifPresent(found::add);
        }
        return found;
    }

    /** A finding the suite declared deliberate for this job becomes a one-line note. */
    private Finding acknowledged(Subject s, Finding f) {
        Optional<Deliberate> d = deliberate.stream()
                .filter(x -> x.job().equals(s.job().name()) && x.finding().equals(f.id())).findFirst();
        return d.map(x -> new Finding(f.id(), x.reason(), f.evidence(), null, f.job(), f.group(), List.of(),
                f.confidence(), Finding.Severity.NOTE)).orElse(f);
    }
}
