package org.iobench.cli;

import picocli.CommandLine.Option;

/** The system monitor that runs beside every job. */
final class MonitorOptions {
    @Option(names = "--sample-interval", paramLabel = "DURATION", converter = Converters.Duration.class,
            description = "period of the system monitor (vmstat/iostat-like samples, default 1s; 0 turns it off)")
    Long sampleIntervalNanos;

    @Option(names = "--vmstat", description = "print the vmstat block (and the target device's iostat line)"
            + " under each run")
    boolean vmstat;

    long sampleIntervalMillis() {
        if (sampleIntervalNanos == null) {
            return 1000;
        }
        if (sampleIntervalNanos != 0 && sampleIntervalNanos < 1_000_000) {
            throw new ExitException(ExitException.USAGE, "--sample-interval " + sampleIntervalNanos
                    + "ns: must be 0 (off) or at least 1ms");
        }
        return sampleIntervalNanos / 1_000_000;
    }
}
