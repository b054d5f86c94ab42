package org.iobench.report.fio;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iobench.job.JobSpec;
import org.iobench.job.fio.FioJobDescription;
import org.iobench.job.fio.FioLatencyReport;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.sysmon.DiskUtil;

/**
 * fio 3.33's {@code normal} output of iobench's results, in fio's layout ({@code show_thread_status_normal},
 * {@code show_group_stats}): per job its header, per direction IOPS and bandwidth with fio's 4-digit numbers, the
 * slat/clat/lat lines (and each I/O priority's), the percentiles the job asks for, the latency buckets, the CPU line,
 * the depth distributions, the issued requests; then each group's totals and the disk stats. What a result did not
 * measure is left out, as in the JSON.
 */
public final class FioText {
    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy",
            Locale.ROOT);
    private static final String[] DIR_NAMES = {"read", "write", "trim"};
    private static final String[] GROUP_NAMES = {"   READ", "  WRITE", "   TRIM"};

    private FioText() {}

    /** The report: one block per job, then the run status of each group. */
    public static String write(List<BenchmarkResult> results, List<FioJobDescription> described, Instant now,
                               ZoneId zone, long pid) {
        return write(results, described, now, zone, pid, List.of());
    }

    /**
     * The report with fio's {@code Disk stats (read/write)} after the groups: {@code disks} as
     * {@link org.iobench.sysmon.DiskUtilWatch} lists them (none: no such section, as fio prints none without disks).
     */
    public static String write(List<BenchmarkResult> results, List<FioJobDescription> described, Instant now,
                               ZoneId zone, long pid, List<DiskUtil> disks) {
        StringBuilder out = new StringBuilder("\n");
        List<FioEntry> entries = FioEntry.of(results, described);
        Map<Integer, long[]> aggregate = FioJson.aggregate(entries);
        for (FioEntry e : entries) {
            job(e, now, zone, pid, out);
        }
        entries.stream().map(FioEntry::groupId).distinct().sorted().forEach(g -> group(g, entries,
                aggregate.get(g), out));
        if (!disks.isEmpty()) {
            out.append("\nDisk stats (read/write):\n");
            disks.forEach(d -> disk(d, out));
        }
        return out.toString();
    }

    /**
     * fio's line when a job is added: {@code name: (g=0): rw=read, bs=(R) 4096B-4096B, ..., ioengine=psync,
     * iodepth=1}, each direction's smallest and largest request in {@code num2str}'s digits ({@code 64.0KiB}).
     */
    public static String header(JobSpec job, String name, int groupId, FioLatencyReport report) {
        List<Long> b = report.blockSizes();
        String[] s = new String[6];
        for (int i = 0; i < 6; i++) {
            s[i] = FioNumbers.num2str(b.get(i), report.figures(), report.binary(), "B");
        }
        return name + ": (g=" + groupId + "): rw=" + job.workload().rw().label() + ", bs=(R) " + s[0] + "-" + s[1]
                + ", (W) " + s[2] + "-" + s[3] + ", (T) " + s[4] + "-" + s[5] + ", ioengine="
                + job.engine().fioNames().stream().findFirst().orElse(job.engine().name()) + ", iodepth="
                + job.queue().iodepth();
    }

    private static void job(FioEntry e, Instant now, ZoneId zone, long pid, StringBuilder out) {
        FioDirection[] dirs = new FioDirection[3];
        boolean any = false;
        for (FioDirection.Dir d : FioDirection.Dir.values()) {
            dirs[d.ordinal()] = FioDirection.of(e, d);
            any |= dirs[d.ordinal()].bytes() > 0 || dirs[d.ordinal()].ios() > 0;
        }
        if (!any) {
            return;
        }
        out.append(String.format(Locale.ROOT, "%s: (groupid=%d, jobs=%d): err=%2d: pid=%d: %s\n", e.name(),
                e.groupId(), e.members().size(), e.error(), pid, CTIME.format(now.atZone(zone))));
        FioLatencyReport report = e.report();
        if (report.unified() == FioLatencyReport.Unified.MIXED) {
            FioDirection mixed = FioDirection.mixed(List.of(dirs));
            if (mixed.bytes() > 0 && mixed.runtimeMillis() > 0) {
                direction("mixed", mixed, report, e.bitBased(), "", out);
            }
        } else {
            for (FioDirection.Dir d : FioDirection.Dir.values()) {
                FioDirection f = dirs[d.ordinal()];
                if (f.bytes() > 0 && f.runtimeMillis() > 0) {
                    direction(DIR_NAMES[d.ordinal()], f, report, e.bitBased(),
                            d == FioDirection.Dir.WRITE ? "; " + e.zoneResets() + " zone resets" : "", out);
                }
            }
            FioDirection mixed = FioDirection.mixed(List.of(dirs));
            if (report.unified() == FioLatencyReport.Unified.BOTH && mixed.bytes() > 0 && mixed.runtimeMillis() > 0) {
                direction("mixed", mixed, report, e.bitBased(), "", out);
            }
        }
        FioBuckets buckets = FioJson.buckets(List.of(dirs));
        if (buckets != null) {
            latencies("nsec", FioBuckets.NAMES, buckets.ns, out);
            latencies("usec", FioBuckets.NAMES, buckets.us, out);
            latencies("msec", FioBuckets.MS_NAMES, buckets.ms, out);
        }
        List<RunResult> runs = e.runs();
        long jobRuntime = runs.stream().mapToLong(r -> (r.totals().elapsedNanos() + 999_999) / 1_000_000).sum();
        FioJobUsage u = FioJobUsage.of(runs);
        if (u.usage() != null) {
            out.append(String.format(Locale.ROOT,
                    "  cpu          : usr=%3.2f%%, sys=%3.2f%%, ctx=%d, majf=%d, minf=%d\n",
                    jobRuntime == 0 ? 0 : (double) u.userMillis() * 100 / jobRuntime,
                    jobRuntime == 0 ? 0 : (double) u.systemMillis() * 100 / jobRuntime,
                    u.usage().contextSwitches(), u.usage().majorFaults(), u.usage().minorFaults()));
        }
        if (u.depths() != null) {
            distribution("  IO depths    : ", FioJobUsage.LEVEL_NAMES, u.depths().levels(), out);
            distribution("     submit    : ", FioJobUsage.BATCH_NAMES, u.depths().submits(), out);
            distribution("     complete  : ", FioJobUsage.BATCH_NAMES, u.depths().completes(), out);
        }
        out.append(String.format(Locale.ROOT, "     issued rwts: total=%d,%d,%d,%d short=0,0,0,0 dropped=0,0,0,0\n",
                dirs[0].ios(), dirs[1].ios(), dirs[2].ios(), FioJson.syncs(e).count()));
        out.append(String.format(Locale.ROOT, "     latency   : target=0, window=0, percentile=100.00%%, depth=%d\n",
                e.members().getFirst().job().queue().iodepth()));
        out.append('\n');
    }

    /**
     * fio's {@code show_lat}: the non-empty buckets of one unit, five to a line, each {@code NAME=PCT%}.
     */
    private static void latencies(String unit, String[] names, double[] percents, StringBuilder out) {
        int line = 0;
        boolean shown = false;
        for (int i = 0; i < names.length; i++) {
            if (percents[i] <= 0.0) {
                continue;
            }
            if (line == 0 || line == 5) {
                out.append(shown ? "\n" : "").append("  lat (").append(unit).append(")   : ");
                line = 0;
            } else {
                out.append(", ");
            }
            shown = true;
            out.append(String.format(Locale.ROOT, "%s=%3.2f%%", names[i], percents[i]));
            line++;
        }
        if (shown) {
            out.append('\n');
        }
    }

    /** One of fio's depth lines: each bucket {@code NAME=PCT%} with one decimal. */
    private static void distribution(String label, String[] names, List<Long> counts, StringBuilder out) {
        double[] p = FioJobUsage.percents(counts);
        out.append(label);
        for (int i = 0; i < names.length; i++) {
            out.append(String.format(Locale.ROOT, "%s%s=%3.1f%%", i == 0 ? "" : ", ", names[i], p[i]));
        }
        out.append('\n');
    }

    /**
     * fio's {@code print_disk_util}: a device's counts and util; one stacked on others is indented two more and adds
     * its slaves' aggregate ({@code show_agg_stats}).
     */
    private static void disk(DiskUtil d, StringBuilder out) {
        FioDiskAggregate a = FioDiskAggregate.of(d);
        out.append(a != null ? "  " : "").append(String.format(Locale.ROOT,
                "  %s: ios=%d/%d, merge=%d/%d, ticks=%d/%d, in_queue=%d, util=%3.2f%%", d.name(), d.readIos(),
                d.writeIos(), d.readMerges(), d.writeMerges(), d.readTicks(), d.writeTicks(), d.inQueue(),
                d.utilPercent()));
        if (a != null) {
            out.append(String.format(Locale.ROOT, ", aggrios=%d/%d, aggrmerge=%d/%d, aggrticks=%d/%d, aggrin_queue=%d,"
                    + " aggrutil=%3.2f%%", a.readIos(), a.writeIos(), a.readMerges(), a.writeMerges(), a.readTicks(),
                    a.writeTicks(), a.inQueue(), a.utilPercent()));
        }
        out.append('\n');
    }

    /**
     * fio's {@code show_ddir_status}: IOPS and bandwidth, the slat/clat/lat lines, each priority's (two or more), then
     * the percentiles the report asks for (slat, clat, lat) and each priority's.
     */
    private static void direction(String name, FioDirection f, FioLatencyReport report, boolean bits, String post,
                                  StringBuilder out) {
        long bw = f.bwBytes();
        long iops = 1000 * f.ios() / f.runtimeMillis();
        int figures = report.figures();
        out.append(String.format(Locale.ROOT, "  %s: IOPS=%s, BW=%s (%s)(%s/%dmsec)%s\n", name,
                FioNumbers.num2str(iops, figures, false, ""), FioNumbers.rate(bw, figures, true, bits),
                FioNumbers.rate(bw, figures, false, bits), FioNumbers.num2str(f.bytes(), figures, true, "B"),
                f.runtimeMillis(), post));
        latency("slat", f.slat(), out);
        latency("clat", f.clat(), out);
        latency(" lat", f.lat(), out);
        String type = report.lat() ? "lat" : "clat";
        List<FioDirection.Prio> prios = f.prios().stream().filter(p -> p.lat().count() > 0).toList();
        boolean perPrio = prios.size() >= 2;
        if (perPrio) {
            for (FioDirection.Prio p : prios) {
                latency(type + " prio " + p.prioClass() + "/" + p.level(), report.lat() ? p.lat() : p.clat(), out);
            }
        }
        if (report.slat()) {
            percentiles("slat", f.slat(), report, out);
        }
        if (report.clat()) {
            percentiles("clat", f.clat(), report, out);
        }
        if (report.lat()) {
            percentiles("lat", f.lat(), report, out);
        }
        if ((report.clat() || report.lat()) && perPrio) {
            long samples = (report.lat() ? f.lat() : f.clat()).count();
            for (FioDirection.Prio p : prios) {
                FioLatency l = report.lat() ? p.lat() : p.clat();
                percentiles(String.format(Locale.ROOT, "%s prio %d/%d (%.2f%% of IOs)", type, p.prioClass(),
                        p.level(), 100.0 * l.count() / samples), l, report, out);
            }
        }
    }

    /** fio's {@code display_lat}: in ns, us or ms by the figures' size. */
    private static void latency(String name, FioLatency l, StringBuilder out) {
        if (l.count() == 0) {
            return;
        }
        long min = l.min();
        long max = l.max();
        double mean = l.mean();
        double dev = Double.isNaN(l.stddev()) ? 0 : l.stddev();
        String base = "(nsec)";
        if (min > 2_000_000 && max > 99_999_999L && dev > 1_000_000.0) {
            min /= 1_000_000;
            max /= 1_000_000;
            mean /= 1e6;
            dev /= 1e6;
            base = "(msec)";
        } else if (min > 2000 && max > 99_999 && dev > 1000.0) {
            min /= 1000;
            max /= 1000;
            mean /= 1000;
            dev /= 1000;
            base = "(usec)";
        }
        out.append(String.format(Locale.ROOT, "    %s %s: min=%s, max=%s, avg=%5.02f", name, base,
                FioNumbers.num2str(min, 6, false, ""), FioNumbers.num2str(max, 6, false, ""), mean));
        out.append(Double.isNaN(l.stddev()) ? "\n" : String.format(Locale.ROOT, ", stdev=%5.02f\n", dev));
    }

    /**
     * fio's {@code show_clat_percentiles}: the report's percentiles (those iobench knows of a result that kept no
     * histogram), in fio's rows, each with the list's precision.
     */
    private static void percentiles(String name, FioLatency l, FioLatencyReport report, StringBuilder out) {
        Map<String, Long> values = l.percentiles(report.percentiles());
        if (l.count() == 0 || values.isEmpty()) {
            return;
        }
        long minv = values.values().stream().mapToLong(Long::longValue).min().orElse(0);
        long maxv = values.values().stream().mapToLong(Long::longValue).max().orElse(0);
        int scale = minv > 2_000_000 && maxv > 99_999_999L ? 2 : minv > 2000 && maxv > 99_999 ? 1 : 0;
        long divisor = scale == 2 ? 1_000_000 : scale == 1 ? 1000 : 1;
        out.append("    ").append(name).append(" percentiles (")
                .append(scale == 2 ? "msec" : scale == 1 ? "usec" : "nsec").append("):\n     |");
        int width = Math.max(5, (int) (Math.log10((double) (maxv / divisor)) + 1));
        int precision = report.precision();
        int perLine = (80 - 7) / (precision + 10 + width);
        String format = " %" + (precision + 3) + "." + precision + "fth=[%" + width + "d]%c";
        int j = 0;
        int len = values.size();
        for (Map.Entry<String, Long> p : values.entrySet()) {
            if (j != 0 && j % perLine == 0) {
                out.append("     |");
            }
            long v = p.getValue();
            for (int i = 0; i < scale; i++) {
                v = (v + 999) / 1000;
            }
            boolean last = j == len - 1;
            out.append(String.format(Locale.ROOT, format, Double.parseDouble(p.getKey()), v, last ? '\n' : ','));
            if (!last && j % perLine == perLine - 1) {
                out.append('\n');
            }
            j++;
        }
    }

    private static void group(int g, List<FioEntry> entries, long[] aggregate, StringBuilder out) {
        out.append("Run status group ").append(g).append(" (all jobs):\n");
        // fio's group takes the unit_base of its last job
        FioEntry last = entries.stream().filter(e -> e.groupId() == g).reduce((a, b) -> b).orElseThrow();
        boolean bits = last.bitBased();
        int figures = last.report().figures(); // and its significant_figures
        for (FioDirection.Dir d : FioDirection.Dir.values()) {
            long bytes = 0;
            long minRun = 0;
            long maxRun = 0;
            long minBw = Long.MAX_VALUE;
            long maxBw = 0;
            for (FioEntry e : entries) {
                if (e.groupId() != g) {
                    continue;
                }
                FioDirection f = FioDirection.of(e, d);
                if (f.runtimeMillis() == 0) {
                    continue;
                }
                bytes += f.bytes();
                minRun = minRun == 0 ? f.runtimeMillis() : Math.min(minRun, f.runtimeMillis());
                maxRun = Math.max(maxRun, f.runtimeMillis());
                minBw = Math.min(minBw, f.bwBytes());
                maxBw = Math.max(maxBw, f.bwBytes());
            }
            if (maxRun == 0) {
                continue;
            }
            long agg = aggregate[d.ordinal()];
            out.append(String.format(Locale.ROOT, "%s: bw=%s (%s), %s-%s (%s-%s), io=%s (%s), run=%d-%dmsec\n",
                    GROUP_NAMES[d.ordinal()], FioNumbers.rate(agg, figures, true, bits),
                    FioNumbers.rate(agg, figures, false, bits), FioNumbers.rate(minBw, figures, true, bits),
                    FioNumbers.rate(maxBw, figures, true, bits), FioNumbers.rate(minBw, figures, false, bits),
                    FioNumbers.rate(maxBw, figures, false, bits), FioNumbers.num2str(bytes, figures, true, "B"),
                    FioNumbers.num2str(bytes, figures, false, "B"), minRun,
                    maxRun));
        }
    }
}
