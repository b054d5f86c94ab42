package org.iobench.report.fio;

import java.util.ArrayList;
import java.util.List;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.fio.FioJobDescription;
import org.iobench.job.fio.FioLatencyReport;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;

/**
 * One job as fio reports it (an element of its {@code jobs} array, a thread_stat of {@code __show_run_stats}): a
 * clone on its own, or every job of a reporting group with {@code group_reporting}, their figures summed as fio sums
 * them.
 *
 * @param name    the first member's job name
 * @param groupId fio's {@code groupid}
 * @param options the first member's options as given
 * @param members the results reported as this one job, each with the run it is reported by ({@link #runOf})
 * @param report  what fio's report shows of the latencies: the first member's settings
 */
record FioEntry(String name, int groupId, List<FioJobDescription.Option> options, List<BenchmarkResult> members,
                FioLatencyReport report) {
    FioEntry {
        options = List.copyOf(options);
        members = List.copyOf(members);
    }

    /**
     * The entries of {@code results} (in job order, each described by the same index of {@code described}), as fio
     * builds them: a job is an entry of its own unless it has {@code group_reporting} and the entry before is of
     * its group, in which case it joins it. Results past the end of {@code described} are not reported.
     */
    static List<FioEntry> of(List<BenchmarkResult> results, List<FioJobDescription> described) {
        List<FioEntry> out = new ArrayList<>();
        List<BenchmarkResult> members = new ArrayList<>();
        FioJobDescription head = null;
        for (int i = 0; i < results.size() && i < described.size(); i++) {
            FioJobDescription d = described.get(i);
            boolean joins = head != null && d.groupReporting() && head.groupReporting()
                    && head.groupId() == d.groupId();
            if (!joins && head != null) {
                out.add(new FioEntry(head.name(), head.groupId(), head.options(), members, head.report()));
                members = new ArrayList<>();
            }
            if (!joins) {
                head = d;
            }
            members.add(results.get(i));
        }
        if (head != null) {
            out.add(new FioEntry(head.name(), head.groupId(), head.options(), members, head.report()));
        }
        return out;
    }

    /**
     * The run a benchmark is reported by: its last complete run, else its last (fio runs a job once; iobench's
     * {@code --runs} repeats are not fio's).
     */
    static RunResult runOf(BenchmarkResult b) {
        List<RunResult> complete = b.runs().stream().filter(RunResult::complete).toList();
        return complete.isEmpty() ? b.runs().getLast() : complete.getLast();
    }

    /** fio's {@code unit_base} of the entry: its rates in bits per second when its engine is bit-based. */
    boolean bitBased() {
        return members.stream().anyMatch(b -> b.job().engine().flags().contains(EngineFlag.BIT_BASED));
    }

    /** fio's {@code nr_zone_resets}: the emulated zones the members reset, summed as group_reporting sums them. */
    long zoneResets() {
        return runs().stream().mapToLong(r -> r.totals().zoneResets()).sum();
    }

    List<RunResult> runs() {
        return members.stream().filter(b -> !b.runs().isEmpty()).map(FioEntry::runOf).toList();
    }

    /**
     * fio's {@code error}: the errno of the I/O error that stopped a member (5, EIO, when it had none), else 0 (a
     * job stopped by a signal has no error in fio either).
     */
    int error() {
        for (BenchmarkResult b : members) {
            for (RunResult r : b.runs()) {
                if (!r.complete() && r.outcome().failure() != null) {
                    return r.outcome().failure().errno() > 0 ? r.outcome().failure().errno() : 5;
                }
            }
        }
        return 0;
    }
}
