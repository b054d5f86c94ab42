package org.iobench.search;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;

/**
 * One measured load of a search.
 *
 * @param setting        the load
 * @param iops           requests per second achieved
 * @param bytesPerSecond bytes per second achieved
 * @param latency        the latency the search judges: of the dominant operation (the one with the larger p99), and
 *                       for a rate-limited point the coordinated-omission-corrected one
 * @param corrected      {@code latency} runs from the intended start on a schedule, not from the issue
 * @param complete       the point ran to its end (no I/O error, no interrupt)
 * @param result         the full benchmark, null when a test measured the point
 */
public record Point(Setting setting, double iops, double bytesPerSecond, LatencySummary latency, boolean corrected,
                    boolean complete, @JsonIgnore BenchmarkResult result) {

    /** A point from a test's model of a device. */
    public static Point of(Setting setting, double iops, double bytesPerSecond, LatencySummary latency) {
        return new Point(setting, iops, bytesPerSecond, latency, setting.rateOpsPerSecond() > 0, true, null);
    }

    /** The point of a one-run benchmark measured at {@code setting}. */
    public static Point of(Setting setting, BenchmarkResult b) {
        if (b.runs().isEmpty()) {
            return new Point(setting, Double.NaN, Double.NaN, LatencySummary.EMPTY, false, false, b);
        }
        RunResult r = b.runs().getFirst();
        boolean readsDominate = dominatedByReads(r.latencies().read(), r.latencies().write());
        LatencySummary latency = readsDominate ? r.latencies().read() : r.latencies().write();
        boolean corrected = r.extras().pacing() != null;
        if (corrected) {
            latency = readsDominate ? r.extras().pacing().correctedReadLatency()
                    : r.extras().pacing().correctedWriteLatency();
        }
        return new Point(setting, r.totals().iops(), r.totals().bytesPerSecond(), latency, corrected, b.complete(),
                b);
    }

    private static boolean dominatedByReads(LatencySummary read, LatencySummary write) {
        if (read.count() == 0) {
            return false;
        }
        return write.count() == 0 || read.p99Ns() >= write.p99Ns();
    }

    @JsonIgnore
    public long p99Ns() {
        return latency.p99Ns();
    }
}
