package org.iobench.cli;

import java.util.List;
import org.iobench.compare.Metric;
import org.iobench.session.ExitException;
import org.iobench.store.Sample;

/** Which metric a command over stored samples compares, and the samples it applies to (compare, history, check). */
final class Metrics {
    private Metrics() {}

    /**
     * {@code given} (the --metric option) if not null, else ns/op when every sample is of a micro-benchmark and MB/s
     * when none is. I/O runs and micro-benchmarks have no metric in common, so a mix without --metric is an error.
     */
    static Metric choose(Metric given, List<Sample> samples) {
        if (given != null) {
            return given;
        }
        long micro = samples.stream().filter(s -> s.workload().isMicro()).count();
        if (micro > 0 && micro < samples.size()) {
            throw new ExitException(ExitException.USAGE, "the selected runs mix I/O runs and micro-benchmarks"
                    + " (source:micro), which share no metric; select one kind (e.g. add source:micro) or give --metric");
        }
        return micro > 0 ? Metric.NS_OP : Metric.MB_S;
    }

    /** The samples {@code metric} applies to: micro-benchmark samples for ns/op and ops/s, I/O samples otherwise. */
    static List<Sample> ofKind(String option, String selector, List<Sample> samples, Metric metric) {
        List<Sample> kept = samples.stream().filter(s -> s.workload().isMicro() == metric.micro()).toList();
        if (kept.isEmpty()) {
            throw new ExitException(ExitException.IO_FAILURE, option + " " + selector + ": selects no "
                    + (metric.micro() ? "micro-benchmark runs, which --metric " + metric.unit() + " is for"
                    : "I/O runs, which --metric " + metric.unit() + " is for (micro-benchmarks: ns/op or ops/s)"));
        }
        return kept;
    }

    /** Ends the command with status 1 when a selector matched no complete run. */
    static void requireSome(String option, String selector, List<Sample> samples) {
        if (samples.isEmpty()) {
            throw new ExitException(ExitException.IO_FAILURE, option + " " + selector
                    + ": selects no complete runs (iobench runs SELECTOR shows what it matches)");
        }
    }
}
