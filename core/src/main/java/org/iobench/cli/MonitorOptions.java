package org.iobench.cli;

import picocli.CommandLine.Option;

/** The system monitor that runs beside every job. */
final class MonitorOptions {
    @Option(names = "--sample-interval", paramLabel = "DURATION", converter = Converters.SampleInterval.class,
            description = "period of the system monitor (vmstat/iostat-like samples, default 1s; 0 turns it off)")
    Long sampleIntervalNanos;

    @Option(names = "--vmstat", description = "print the vmstat block (and the target device's iostat line)"
            + " under each run")
    boolean vmstat;

    long sampleIntervalMillis() {
        if (sampleIntervalNanos == null) {
            return 1000;
        }
        return sampleIntervalNanos / 1_000_000;
    }
}
