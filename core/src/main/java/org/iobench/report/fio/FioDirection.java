package org.iobench.report.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.iobench.catalog.EngineFlag;
import org.iobench.measure.HistogramCodec;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.DryRun;
import org.iobench.result.Interval;
import org.iobench.result.LatencyHistograms;
import org.iobench.result.LatencyHistograms.Part;
import org.iobench.result.LatencyMoments;
import org.iobench.result.LatencySplit;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.VerifyPhases;
import org.iobench.result.Totals;
import org.iobench.result.VerifyResult;

/**
 * One direction (read, write or trim) of one {@link FioEntry} as fio 3.33 reports it ({@code add_ddir_status_json}):
 * bytes and requests summed over the entry's members, the runtime the longest member's (fio's group sum), rates over
 * that runtime with fio's integer arithmetic, the submission (slat), completion (clat) and total (lat) latencies of
 * the direction's own requests merged, each priority's (fio's {@code prios}), and the per-interval bandwidth and
 * IOPS samples of iobench's series (fio samples every 500 ms; iobench at its sample interval, full intervals only).
 * A synchronous engine's request is its completion: no slat, clat the whole request (fio's FIO_SYNCIO); so is a
 * request no engine handed over (the null engine at iodepth 1).
 *
 * @param bytes         the bytes moved, and those of fio's {@code verify_only} dry run ({@code do_dry_run} counts
 *                      them as done)
 * @param ios           the requests made, and the dry run's
 * @param runtimeMillis the measured time in ms, rounded up as fio rounds it; 0 when the direction moved nothing
 *                      (the dry run takes none)
 * @param prios         per I/O priority, ascending by value, where the job set priorities (else empty)
 * @param dryIos        of {@code ios}, the dry run's: no latency of their own
 */
record FioDirection(long bytes, long ios, long runtimeMillis, FioLatency slat, FioLatency clat, FioLatency lat,
                    List<Prio> prios, Samples bw, Samples iops, long dryIos) {
    enum Dir { READ, WRITE, TRIM }

    FioDirection {
        prios = List.copyOf(prios);
    }

    /**
     * One I/O priority's requests of a direction (fio's {@code clat_prio}).
     *
     * @param ioprio {@code class << 13 | level}; 0 for requests of the default priority
     */
    record Prio(int ioprio, FioLatency clat, FioLatency lat) {
        int prioClass() {
            return ioprio >> 13;
        }

        int level() {
            return ioprio & 7;
        }
    }

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

    /**
     * The time fio counts for {@code dir} ({@code thread_main}'s {@code update_runtime}): the job's own loops for each
     * direction it does, and its verify phases for the reads, so a job that writes and verifies after has a write
     * runtime of its writes and a read runtime of its reads back; the run's whole time otherwise.
     */
    private static long directionNanos(BenchmarkResult b, RunResult r, Dir dir) {
        long nanos = r.totals().elapsedNanos();
        VerifyPhases v = r.extras().verifyPhases();
        if (v == null) {
            return nanos;
        }
        long phases = Math.min(v.elapsedNanos(), nanos);
        if (dir != Dir.READ) {
            return nanos - phases;
        }
        return b.job().workload().rw().reads() ? nanos : phases;
    }

    static FioDirection of(FioEntry entry, Dir dir) {
        long bytes = 0;
        long ios = 0;
        long dryIos = 0;
        long runtime = 0;
        List<FioLatency> slat = new ArrayList<>();
        List<FioLatency> clat = new ArrayList<>();
        List<FioLatency> lat = new ArrayList<>();
        List<Prio> prios = new ArrayList<>();
        Samples bw = Samples.NONE;
        Samples iops = Samples.NONE;
        String name = dir.name().toLowerCase(Locale.ROOT);
        for (BenchmarkResult b : entry.members()) {
            if (b.runs().isEmpty()) {
                continue;
            }
            RunResult r = FioEntry.runOf(b);
            long[] moved = moved(r, dir);
            long[] dry = dry(r, dir);
            bytes += moved[0] + dry[0];
            ios += moved[1] + dry[1];
            dryIos += dry[1];
            if (moved[0] > 0 || moved[1] > 0) { // the dry run's requests took no time (fio's runtime 0)
                runtime = Math.max(runtime, (directionNanos(b, r, dir) + 999_999) / 1_000_000);
            }
            boolean sync = b.job().engine().flags().contains(EngineFlag.SYNC);
            Map<String, LatencyMoments> moments = r.latencies().moments();
            if (moments != null) {
                FioLatency whole = part(r, moments, name, Part.TOTAL, -1);
                boolean handedOver = !sync && moments.containsKey(LatencyHistograms.part(name, Part.SUBMISSION));
                lat.add(whole);
                slat.add(handedOver ? part(r, moments, name, Part.SUBMISSION, -1) : FioLatency.EMPTY);
                clat.add(handedOver ? part(r, moments, name, Part.COMPLETION, -1) : whole);
                for (int prio : priorities(moments, name)) {
                    FioLatency total = part(r, moments, name, Part.TOTAL, prio);
                    prios.add(new Prio(prio, handedOver ? part(r, moments, name, Part.COMPLETION, prio) : total,
                            total));
                }
            } else {
                LatencySummary total = latency(r, dir);
                FioLatency whole = FioLatency.of(total, histogram(r, name));
                lat.add(whole);
                LatencySplit split = onlyDirection(r.totals(), dir) ? r.latencies().split() : null;
                slat.add(sync || split == null ? FioLatency.EMPTY : FioLatency.of(split.submission(), null));
                clat.add(sync || r.latencies().split() == null ? whole
                        : split != null ? FioLatency.of(split.completion(), null) : FioLatency.EMPTY);
            }
            bw = bw.plus(samples(r, dir, true));
            iops = iops.plus(samples(r, dir, false));
        }
        return new FioDirection(bytes, ios, runtime, FioLatency.merge(slat), FioLatency.merge(clat),
                FioLatency.merge(lat), mergePrios(prios), bw, iops, dryIos);
    }

    /**
     * fio's {@code mixed} direction ({@code unified_rw_reporting}): every direction's requests as one, bytes and
     * requests added, the longest runtime, the latencies and priorities merged, the samples added.
     */
    static FioDirection mixed(List<FioDirection> directions) {
        long bytes = 0;
        long ios = 0;
        long dryIos = 0;
        long runtime = 0;
        Samples bw = Samples.NONE;
        Samples iops = Samples.NONE;
        List<Prio> prios = new ArrayList<>();
        for (FioDirection d : directions) {
            bytes += d.bytes;
            ios += d.ios;
            dryIos += d.dryIos;
            runtime = Math.max(runtime, d.runtimeMillis);
            bw = bw.plus(d.bw);
            iops = iops.plus(d.iops);
            prios.addAll(d.prios);
        }
        return new FioDirection(bytes, ios, runtime,
                FioLatency.merge(directions.stream().map(FioDirection::slat).toList()),
                FioLatency.merge(directions.stream().map(FioDirection::clat).toList()),
                FioLatency.merge(directions.stream().map(FioDirection::lat).toList()), mergePrios(prios), bw, iops,
                dryIos);
    }

    /** The same priority's parts merged, ascending by priority value. */
    private static List<Prio> mergePrios(List<Prio> prios) {
        Map<Integer, List<Prio>> byValue = new TreeMap<>();
        prios.forEach(p -> byValue.computeIfAbsent(p.ioprio(), k -> new ArrayList<>()).add(p));
        List<Prio> out = new ArrayList<>();
        byValue.forEach((v, ps) -> out.add(new Prio(v, FioLatency.merge(ps.stream().map(Prio::clat).toList()),
                FioLatency.merge(ps.stream().map(Prio::lat).toList()))));
        return out;
    }

    /** The priorities whose latencies the run kept for {@code direction}. */
    private static List<Integer> priorities(Map<String, LatencyMoments> moments, String direction) {
        String prefix = LatencyHistograms.part(direction, Part.TOTAL) + "@";
        List<Integer> out = new ArrayList<>();
        for (String k : moments.keySet()) {
            if (k.startsWith(prefix)) {
                try {
                    out.add(Integer.parseInt(k.substring(prefix.length())));
                } catch (NumberFormatException e) {
                    // not a priority's name: nothing of fio's
                }
            }
        }
        return out;
    }

    /** One kept latency: its exact moments and its histogram; {@code ioprio} -1 for the whole direction's. */
    private static FioLatency part(RunResult r, Map<String, LatencyMoments> moments, String direction, Part part,
                                   int ioprio) {
        String name = ioprio < 0 ? LatencyHistograms.part(direction, part)
                : LatencyHistograms.ofPriority(direction, part, ioprio);
        return FioLatency.of(moments.get(name), histogram(r, name));
    }

    /** The run's kept histogram {@code name} ({@code read}, {@code writeCompletion}, {@code read@8193}), or null. */
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

    /** fio's {@code verify_only} dry run in this direction: its bytes and requests, counted as done. */
    private static long[] dry(RunResult r, Dir dir) {
        DryRun d = r.extras().dryRun();
        if (d == null) {
            return new long[2];
        }
        return switch (dir) {
            case READ -> new long[] {d.bytesRead(), d.reads()};
            case WRITE -> new long[] {d.bytesWritten(), d.writes()};
            case TRIM -> new long[2];
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
