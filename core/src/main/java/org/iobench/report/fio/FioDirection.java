package org.iobench.report.fio;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.iobench.catalog.EngineFlag;
import org.iobench.measure.HistogramCodec;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Interval;
import org.iobench.result.LatencyHistograms;
import org.iobench.result.LatencySplit;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.Totals;
import org.iobench.result.VerifyResult;

/**
 * One direction (read, write or trim) of one {@link FioEntry} as fio 3.33 reports it ({@code add_ddir_status_json}):
 * bytes and requests summed over the entry's members, the runtime the longest member's (fio's group sum), rates over
 * that runtime with fio's integer arithmetic, latencies merged, and the per-interval bandwidth and IOPS samples of
 * iobench's series (fio samples every 500 ms; iobench at its sample interval, full intervals only).
 *
 * @param runtimeMillis the measured time in ms, rounded up as fio rounds it; 0 when the direction moved nothing
 */
record FioDirection(long bytes, long ios, long runtimeMillis, FioLatency slat, FioLatency clat, FioLatency lat,
                    Samples bw, Samples iops) {
    enum Dir { READ, WRITE, TRIM }

    /**
     * fio's {@code io_stat} of per-interval samples: min, max, mean and the sum of squared deviations; jobs reported
     * as one add theirs up ({@code sum_stat} with {@code pure_sum}: a group's bandwidth is the sum of its jobs').
     */
    record Samples(long min, long max, double mean, double s, long n) {
        static final Samples NONE = new Samples(0, 0, 0, 0, 0);

        static Samples of(List<Double> values) {
            if (values.isEmpty()) {
                return NONE;
            }
            double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            double s = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
            return new Samples(values.stream().mapToLong(v -> (long) (double) v).min().orElse(0),
                    values.stream().mapToLong(v -> (long) (double) v).max().orElse(0), mean, s, values.size());
        }

        Samples plus(Samples o) {
            if (n == 0) {
                return o;
            }
            if (o.n == 0) {
                return this;
            }
            return new Samples(min + o.min, max + o.max, mean + o.mean, s + o.s, n + o.n);
        }

        /** fio's {@code calc_lat}: the sample standard deviation, 0 with one sample. */
        double stddev() {
            return n > 1 ? Math.sqrt(s / (n - 1.0)) : 0;
        }
    }

    static FioDirection of(FioEntry entry, Dir dir) {
        long bytes = 0;
        long ios = 0;
        long runtime = 0;
        List<FioLatency> slat = new ArrayList<>();
        List<FioLatency> clat = new ArrayList<>();
        List<FioLatency> lat = new ArrayList<>();
        Samples bw = Samples.NONE;
        Samples iops = Samples.NONE;
        for (BenchmarkResult b : entry.members()) {
            if (b.runs().isEmpty()) {
                continue;
            }
            RunResult r = FioEntry.runOf(b);
            long[] moved = moved(r, dir);
            bytes += moved[0];
            ios += moved[1];
            if (moved[0] > 0 || moved[1] > 0) {
                runtime = Math.max(runtime, (r.totals().elapsedNanos() + 999_999) / 1_000_000);
            }
            LatencySummary total = latency(r, dir);
            Histogram h = histogram(r, dir.name().toLowerCase(java.util.Locale.ROOT));
            FioLatency whole = FioLatency.of(total, h);
            lat.add(whole);
            boolean sync = b.job().engine().flags().contains(EngineFlag.SYNC);
            LatencySplit split = onlyDirection(r.totals(), dir) ? r.latencies().split() : null;
            slat.add(sync || split == null ? FioLatency.EMPTY : FioLatency.of(split.submission(), null));
            // a synchronous engine's request is its completion (fio: clat from issue, slat not taken)
            // no request handed over at all (the null engine at iodepth 1, fio's FIO_SYNCIO): the same
            clat.add(sync || r.latencies().split() == null ? whole
                    : split != null ? FioLatency.of(split.completion(), null) : FioLatency.EMPTY);
            bw = bw.plus(samples(r, dir, true));
            iops = iops.plus(samples(r, dir, false));
        }
        return new FioDirection(bytes, ios, runtime, FioLatency.merge(slat), FioLatency.merge(clat),
                FioLatency.merge(lat), bw, iops);
    }

    /** The run's kept histogram {@code name} ({@code read}, {@code write}, {@code trim}), or null. */
    static Histogram histogram(RunResult r, String name) {
        LatencyHistograms kept = r.latencies().histograms();
        String encoded = kept == null ? null : kept.encoded().get(name);
        if (encoded == null) {
            return null;
        }
        try {
            return HistogramCodec.decode(encoded);
        } catch (IllegalArgumentException e) {
            return null; // a damaged stored histogram: the summary's figures stand alone
        }
    }

    /** Bytes and requests of {@code dir}; fio counts its verify phase's reads among the job's reads. */
    private static long[] moved(RunResult r, Dir dir) {
        Totals t = r.totals();
        return switch (dir) {
            case READ -> {
                VerifyResult v = r.extras().verification();
                boolean after = v != null && "after".equals(v.mode());
                yield new long[] {t.bytesRead() + (after ? v.bytesChecked() : 0),
                        t.reads() + (after ? v.blocksChecked() : 0)};
            }
            case WRITE -> new long[] {t.bytesWritten(), t.writes()};
            case TRIM -> new long[] {t.bytesTrimmed(), t.trims()};
        };
    }

    private static LatencySummary latency(RunResult r, Dir dir) {
        return switch (dir) {
            case READ -> r.latencies().read();
            case WRITE -> r.latencies().write();
            case TRIM -> r.latencies().trim();
        };
    }

    /** The split of the data operations belongs to a direction only when the run made no others. */
    private static boolean onlyDirection(Totals t, Dir dir) {
        long[] n = {t.reads(), t.writes(), t.trims()};
        int d = dir.ordinal();
        for (int i = 0; i < n.length; i++) {
            if (i != d && n[i] > 0) {
                return false;
            }
        }
        return n[d] > 0;
    }

    /**
     * Per full interval: KiB/s (fio's bw samples) or requests/s. The last interval, which holds a short tail folded
     * into it, is one; a last interval shorter than the length (of at least half of it) is not, as fio samples whole
     * windows only.
     */
    private static Samples samples(RunResult r, Dir dir, boolean bandwidth) {
        long length = r.intervals().intervalNanos();
        List<Double> values = new ArrayList<>();
        for (Interval i : r.intervals().series()) {
            if (length <= 0 || i.durationNanos() < length) {
                continue;
            }
            double seconds = i.durationNanos() / 1e9;
            double v = switch (dir) {
                case READ -> bandwidth ? i.bytesRead() / 1024.0 : i.reads();
                case WRITE -> bandwidth ? i.bytesWritten() / 1024.0 : i.writes();
                case TRIM -> 0; // the series keeps no trims yet
            };
            values.add(v / seconds);
        }
        if (values.stream().allMatch(v -> v == 0)) {
            return Samples.NONE;
        }
        return Samples.of(values);
    }

    /** fio's bytes per second: {@code 1000 * io_bytes / runtime}, integer. */
    long bwBytes() {
        return runtimeMillis == 0 ? 0 : 1000 * bytes / runtimeMillis;
    }

    double iopsOverRuntime() {
        return runtimeMillis == 0 ? 0 : 1000.0 * ios / runtimeMillis;
    }
}
