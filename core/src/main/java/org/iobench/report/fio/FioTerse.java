package org.iobench.report.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iobench.job.fio.FioJobDescription;
import org.iobench.job.fio.FioLatencyReport;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;

/**
 * fio 3.33's terse output ({@code --output-format=terse}, {@code --minimal}; {@code show_thread_status_terse_all}),
 * versions 2 to 5: one line of {@code ;}-separated fields per job, latencies in microseconds. The fields are
 * positional, so a figure iobench does not measure (context switches, faults, I/O depth distributions, latency
 * buckets without the histograms) is an empty field, never a made-up 0.
 */
public final class FioTerse {
    /** fio's {@code FIO_IO_U_LIST_MAX_LEN}: the percentile fields per direction. */
    private static final int PERCENTILE_FIELDS = 20;

    private FioTerse() {}

    public static String write(List<BenchmarkResult> results, List<FioJobDescription> described, int version) {
        StringBuilder out = new StringBuilder();
        List<FioEntry> entries = FioEntry.of(results, described);
        Map<Integer, long[]> aggregate = FioJson.aggregate(entries);
        for (FioEntry e : entries) {
            List<String> f = new ArrayList<>();
            if (version == 2) {
                f.add("2");
            } else {
                f.add(Integer.toString(version));
                f.add(FioJson.FIO_VERSION);
            }
            f.add(e.name());
            f.add(Integer.toString(e.groupId()));
            f.add(Integer.toString(e.error()));
            FioLatencyReport report = e.report();
            long[] agg = aggregate.get(e.groupId());
            List<FioDirection> all = new ArrayList<>();
            for (FioDirection.Dir d : FioDirection.Dir.values()) {
                all.add(FioDirection.of(e, d));
            }
            FioDirection mixed = report.unified() == FioLatencyReport.Unified.SPLIT ? null : FioDirection.mixed(all);
            if (report.unified() == FioLatencyReport.Unified.MIXED) {
                direction(mixed, agg[0] + agg[1] + agg[2], version, report, f); // fio: mixed in read's place
            } else {
                for (FioDirection.Dir d : FioDirection.Dir.values()) {
                    if (d == FioDirection.Dir.TRIM && version == 3) {
                        continue;
                    }
                    direction(all.get(d.ordinal()), agg[d.ordinal()], version, report, f);
                }
                if (mixed != null) {
                    direction(mixed, agg[0] + agg[1] + agg[2], version, report, f);
                }
            }
            cpu(e, f);
            for (int i = 0; i < 3 + 7 + 10 + 12; i++) {
                f.add(""); // ctx, majf, minf; I/O depths; us and ms latency buckets: not measured here
            }
            out.append(String.join(";", f)).append('\n');
        }
        return out.toString();
    }

    /**
     * One direction's fields; the percentiles are lat's under {@code lat_percentiles}, else clat's under
     * {@code clat_percentiles} (each named, 0 for a direction without requests, as fio's empty bins give), else
     * none; the rest of fio's 20 fields {@code 0%=0}.
     */
    private static void direction(FioDirection d, long aggregate, int version, FioLatencyReport report,
                                  List<String> f) {
        long bw = d.runtimeMillis() == 0 ? 0 : d.bwBytes() / 1024;
        long iops = d.runtimeMillis() == 0 ? 0 : 1000 * d.ios() / d.runtimeMillis();
        f.add(Long.toString(d.bytes() >> 10));
        f.add(Long.toString(bw));
        f.add(Long.toString(iops));
        f.add(Long.toString(d.runtimeMillis()));
        latency(d.slat(), f);
        latency(d.clat(), f);
        int i = 0;
        FioLatency shown = report.lat() ? d.lat() : report.clat() ? d.clat() : null;
        if (shown != null && shown.count() == 0) {
            for (double p : report.percentiles()) {
                f.add(FioLatency.key(p) + "%=0");
                i++;
            }
        } else if (shown != null) {
            for (Map.Entry<String, Long> p : shown.percentiles(report.percentiles()).entrySet()) {
                f.add(p.getKey() + "%=" + p.getValue() / 1000);
                i++;
            }
        }
        for (; i < PERCENTILE_FIELDS; i++) {
            f.add("0%=0");
        }
        latency(d.lat(), f);
        FioDirection.Samples s = d.bw();
        double agg = 100.0;
        if (s.n() > 0 && aggregate > 0) {
            agg = Math.min(100.0, s.mean() * 100 / (double) (aggregate / 1024));
        }
        if (s.n() == 0) {
            agg = 0;
        }
        f.add(Long.toString(s.min()));
        f.add(Long.toString(s.max()));
        f.add(c(agg) + "%");
        f.add(c(s.mean()));
        f.add(c(s.stddev()));
        if (version == 5) {
            f.add(Long.toString(s.n()));
            FioDirection.Samples o = d.iops();
            f.add(Long.toString(o.min()));
            f.add(Long.toString(o.max()));
            f.add(c(o.mean()));
            f.add(c(o.stddev()));
            f.add(Long.toString(o.n()));
        }
    }

    /** min, max, mean, stddev in microseconds (integers divided as fio divides them). */
    private static void latency(FioLatency l, List<String> f) {
        if (l.count() == 0) {
            f.addAll(List.of("0", "0", c(0), c(0)));
            return;
        }
        f.add(Long.toString(l.min() / 1000));
        f.add(Long.toString(l.max() / 1000));
        f.add(c(l.mean() / 1000));
        f.add(Double.isNaN(l.stddev()) ? "" : c(l.stddev() / 1000));
    }

    private static void cpu(FioEntry e, List<String> f) {
        List<RunResult> runs = e.runs();
        long runtime = runs.stream().mapToLong(r -> (r.totals().elapsedNanos() + 999_999) / 1_000_000).sum();
        double user = 0;
        double system = 0;
        for (RunResult r : runs) {
            SystemSummary s = r.evidence().systemSummary();
            if (s == null || runtime == 0) {
                f.add("");
                f.add("");
                return;
            }
            user += s.processUserSeconds();
            system += s.processSystemSeconds();
        }
        f.add(c(runtime == 0 ? 0 : user * 100_000 / runtime) + "%");
        f.add(c(runtime == 0 ? 0 : system * 100_000 / runtime) + "%");
    }

    private static String c(double v) {
        return String.format(Locale.ROOT, "%f", v);
    }
}
