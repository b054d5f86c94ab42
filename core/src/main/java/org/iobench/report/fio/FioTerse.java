package org.iobench.report.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iobench.job.fio.FioJobDescription;
import org.iobench.job.fio.FioLatencyReport;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.sysmon.DiskUtil;

/**
 * fio 3.33's terse output ({@code --output-format=terse}, {@code --minimal}; {@code show_thread_status_terse_all}),
 * versions 2 to 5: one line of {@code ;}-separated fields per job, latencies in microseconds. The fields are
 * positional, so a figure a result did not measure (the job threads' usage or depths of an older result, latency
 * buckets without the histograms) is an empty field, never a made-up 0; the disks' fields end each line, as fio's.
 */
public final class FioTerse {
    /** fio's {@code FIO_IO_U_LIST_MAX_LEN}: the percentile fields per direction. */
    private static final int PERCENTILE_FIELDS = 20;

    private FioTerse() {}

    public static String write(List<BenchmarkResult> results, List<FioJobDescription> described, int version) {
        return write(results, described, version, List.of());
    }

    /**
     * The terse lines with fio's disk fields at the end of each (version 3 and later, as fio): {@code disks} as
     * {@link org.iobench.sysmon.DiskUtilWatch} lists them.
     */
    public static String write(List<BenchmarkResult> results, List<FioJobDescription> described, int version,
                               List<DiskUtil> disks) {
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
            usage(e, f);
            FioBuckets b = FioJson.buckets(all);
            for (int i = 0; i < FioBuckets.NAMES.length; i++) { // fio's stat_calc_lat_nu: below 1 us in the first
                f.add(b == null ? "" : String.format(Locale.ROOT, "%3.2f%%", b.us[i] + (i == 0 ? b.belowMicrosecond
                        : 0)));
            }
            for (int i = 0; i < FioBuckets.MS_NAMES.length; i++) {
                f.add(b == null ? "" : String.format(Locale.ROOT, "%3.2f%%", b.ms[i]));
            }
            if (version >= 3) {
                disks.forEach(d -> disk(d, f));
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

    /** usr and sys CPU, ctx, majf, minf, and the 7 depth levels; empty where the runs did not measure them. */
    private static void usage(FioEntry e, List<String> f) {
        List<RunResult> runs = e.runs();
        long runtime = runs.stream().mapToLong(r -> (r.totals().elapsedNanos() + 999_999) / 1_000_000).sum();
        FioJobUsage u = FioJobUsage.of(runs);
        if (u.usage() == null) {
            f.addAll(List.of("", "", "", "", ""));
        } else {
            f.add(c(runtime == 0 ? 0 : (double) u.userMillis() * 100 / runtime) + "%");
            f.add(c(runtime == 0 ? 0 : (double) u.systemMillis() * 100 / runtime) + "%");
            f.add(Long.toString(u.usage().contextSwitches()));
            f.add(Long.toString(u.usage().majorFaults()));
            f.add(Long.toString(u.usage().minorFaults()));
        }
        if (u.depths() == null) {
            f.addAll(List.of("", "", "", "", "", "", ""));
        } else {
            for (double p : FioJobUsage.percents(u.depths().levels())) {
                f.add(String.format(Locale.ROOT, "%3.1f%%", p));
            }
        }
    }

    /** fio's terse disk fields ({@code print_disk_util}), with {@code slaves} and the aggregate after a stacked one. */
    private static void disk(DiskUtil d, List<String> f) {
        f.addAll(List.of(d.name(), Long.toString(d.readIos()), Long.toString(d.writeIos()),
                Long.toString(d.readMerges()), Long.toString(d.writeMerges()), Long.toString(d.readTicks()),
                Long.toString(d.writeTicks()), Long.toString(d.inQueue()),
                String.format(Locale.ROOT, "%3.2f%%", d.utilPercent())));
        FioDiskAggregate a = FioDiskAggregate.of(d);
        if (a != null) {
            f.addAll(List.of("slaves", Long.toString(a.readIos()), Long.toString(a.writeIos()),
                    Long.toString(a.readMerges()), Long.toString(a.writeMerges()), Long.toString(a.readTicks()),
                    Long.toString(a.writeTicks()), Long.toString(a.inQueue()),
                    String.format(Locale.ROOT, "%3.2f%%", a.utilPercent())));
        }
    }

    private static String c(double v) {
        return String.format(Locale.ROOT, "%f", v);
    }
}
