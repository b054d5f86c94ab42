package org.iobench.report.fio;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.iobench.job.SteadyCriterion;
import org.iobench.job.fio.FioJobDescription;
import org.iobench.job.fio.FioLatencyReport;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencyMoments;
import org.iobench.result.RunResult;
import org.iobench.result.SteadyOutcome;
import org.iobench.sysmon.DiskUtil;

/**
 * fio 3.33's {@code --output-format=json} of iobench's results: the keys, nesting, units, order and number layout
 * of fio's {@code stat.c} ({@code show_thread_status_json}), one job per fio job or reporting group
 * ({@link FioEntry}). Every figure is iobench's own (the one its text and JSON print), in fio's units; what a result
 * did not measure is left out rather than written as a made-up 0. docs/fio.md lists every field and where it comes
 * from.
 */
public final class FioJson {
    /** The fio version whose format this is: what {@code "fio version"} says. */
    public static final String FIO_VERSION = "fio-3.33";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy",
            Locale.ROOT);

    private FioJson() {}

    /**
     * @param results   the runs' results in job order
     * @param described what fio reports of each job besides its figures, same order ({@code FioInvocation})
     * @param globals   fio's {@code global options}
     * @param now       when the report is written ({@code timestamp}, {@code time})
     * @param zone      the zone {@code time} is written in (fio: the local one)
     * @param plus      {@code json+}: each latency object with percentiles gets fio's {@code bins} too
     */
    public static String write(List<BenchmarkResult> results, List<FioJobDescription> described,
                               List<FioJobDescription.Option> globals, Instant now, ZoneId zone, boolean plus) {
        return write(results, described, globals, now, zone, plus, List.of());
    }

    /**
     * The report with fio's {@code disk_util} after the jobs: {@code disks} as
     * {@link org.iobench.sysmon.DiskUtilWatch} lists them (none: no {@code disk_util}, as fio writes none without
     * disks).
     */
    public static String write(List<BenchmarkResult> results, List<FioJobDescription> described,
                               List<FioJobDescription.Option> globals, Instant now, ZoneId zone, boolean plus,
                               List<DiskUtil> disks) {
        return write(results, described, globals, now, zone, plus, disks, null);
    }

    /**
     * fio's {@code eta} and {@code elapsed} of every job of a report: what its {@code get_jobs_eta(true)} answered
     * as the report was written (stat.c, show_thread_status_json): the whole run's ETA in seconds
     * ({@link FioEtaLine#NO_ETA}, INT_MAX, while fewer than 3 s have passed since fio's genesis, and so in the final
     * report of a shorter run) and the seconds since the genesis, rounded up.
     */
    public record Eta(long etaSeconds, long elapsedSeconds) {}

    /**
     * The report as {@code iobench fio} writes it: {@code eta}, {@code elapsed} as fio's helper answered ({@code eta}
     * null: 0, and the longest run's measured seconds, for results read back from the store).
     */
    public static String write(List<BenchmarkResult> results, List<FioJobDescription> described,
                               List<FioJobDescription.Option> globals, Instant now, ZoneId zone, boolean plus,
                               List<DiskUtil> disks, Eta eta) {
        ObjectNode root = NODES.objectNode();
        root.put("fio version", FIO_VERSION);
        root.put("timestamp", now.getEpochSecond());
        root.put("timestamp_ms", now.toEpochMilli());
        root.put("time", CTIME.format(now.atZone(zone)));
        options(root, "global options", globals);
        List<FioEntry> entries = FioEntry.of(results, described);
        Map<Integer, long[]> aggregate = aggregate(entries);
        var jobs = root.putArray("jobs");
        for (FioEntry e : entries) {
            jobs.add(job(e, aggregate.get(e.groupId()), plus, eta));
        }
        if (!disks.isEmpty()) {
            var du = root.putArray("disk_util");
            disks.forEach(d -> disk(du.addObject(), d));
        }
        return FioJsonPrinter.print(root);
    }

    private static void options(ObjectNode parent, String name, List<FioJobDescription.Option> options) {
        List<FioJobDescription.Option> valued = options.stream().filter(o -> !o.value().isEmpty()).toList();
        if (valued.isEmpty()) {
            return; // fio: an option without a value is not listed, an empty list not at all
        }
        ObjectNode o = parent.putObject(name);
        valued.forEach(v -> o.put(v.name(), v.value()));
    }

    /** Each group's aggregate bandwidth in bytes/s per direction ({@code rs->agg}: all its bytes / its longest run). */
    static Map<Integer, long[]> aggregate(List<FioEntry> entries) {
        Map<Integer, long[]> bytes = new HashMap<>();
        Map<Integer, long[]> longest = new HashMap<>();
        for (FioEntry e : entries) {
            for (FioDirection.Dir d : FioDirection.Dir.values()) {
                FioDirection f = FioDirection.of(e, d);
                bytes.computeIfAbsent(e.groupId(), k -> new long[3])[d.ordinal()] += f.bytes();
                long[] l = longest.computeIfAbsent(e.groupId(), k -> new long[3]);
                l[d.ordinal()] = Math.max(l[d.ordinal()], f.runtimeMillis());
            }
        }
        Map<Integer, long[]> agg = new HashMap<>();
        bytes.forEach((g, b) -> {
            long[] l = longest.get(g);
            agg.put(g, new long[] {l[0] == 0 ? 0 : b[0] * 1000 / l[0], l[1] == 0 ? 0 : b[1] * 1000 / l[1],
                    l[2] == 0 ? 0 : b[2] * 1000 / l[2]});
        });
        return agg;
    }

    private static ObjectNode job(FioEntry e, long[] aggregate, boolean plus, Eta eta) {
        ObjectNode job = NODES.objectNode();
        job.put("jobname", e.name());
        job.put("groupid", e.groupId());
        job.put("error", e.error());
        job.put("eta", eta == null ? 0 : eta.etaSeconds());
        job.put("elapsed", eta == null ? elapsedSeconds(e) : eta.elapsedSeconds());
        options(job, "job options", e.options());
        FioLatencyReport report = e.report();
        List<FioDirection> directions = new ArrayList<>();
        for (FioDirection.Dir d : FioDirection.Dir.values()) {
            FioDirection f = FioDirection.of(e, d);
            directions.add(f);
            if (report.unified() != FioLatencyReport.Unified.MIXED) {
                direction(job.putObject(d.name().toLowerCase(Locale.ROOT)), f, aggregate[d.ordinal()], plus,
                        report);
            }
        }
        if (report.unified() == FioLatencyReport.Unified.MIXED) {
            // fio: the one mixed direction stands where read would, and no sync object follows
            direction(job.putObject("mixed"), FioDirection.mixed(directions),
                    aggregate[0] + aggregate[1] + aggregate[2], plus, report);
        } else {
            sync(job.putObject("sync"), e, plus, report);
            if (report.unified() == FioLatencyReport.Unified.BOTH) {
                direction(job.putObject("mixed"), FioDirection.mixed(directions),
                        aggregate[0] + aggregate[1] + aggregate[2], plus, report);
            }
        }
        List<RunResult> runs = e.runs();
        long jobRuntime = runs.stream().mapToLong(r -> (r.totals().elapsedNanos() + 999_999) / 1_000_000).sum();
        job.put("job_runtime", jobRuntime);
        cpu(job, runs, jobRuntime);
        FioBuckets b = buckets(directions);
        if (b != null) {
            buckets(job, b);
        }
        latencyTarget(job, e);
        steady(job, runs);
        return job;
    }

    /**
     * fio's latency buckets of a job's requests (read, write, trim), each by its completion latency
     * ({@code io_u_mark_latency}); null without requests or where a direction kept no histogram.
     */
    static FioBuckets buckets(List<FioDirection> directions) {
        List<Histogram> kept = new ArrayList<>();
        long total = 0;
        for (FioDirection f : directions) {
            long timed = f.ios() - f.dryIos(); // the dry run's requests have no latency (fio's are not measured)
            total += timed;
            if (timed > 0) {
                // a result from before the per-direction histograms kept only the whole request's
                Histogram h = f.clat().histogram() != null ? f.clat().histogram() : f.lat().histogram();
                if (h == null) {
                    return null;
                }
                kept.add(h);
            }
        }
        if (total == 0) {
            return null;
        }
        Histogram all = kept.getFirst().copy();
        kept.stream().skip(1).forEach(all::add);
        return FioBuckets.of(all, total);
    }

    /** Seconds from the first member's start to the end of the longest (fio: since it started, rounded up). */
    private static long elapsedSeconds(FioEntry e) {
        long nanos = e.runs().stream().mapToLong(r -> r.totals().elapsedNanos()).max().orElse(0);
        return (nanos + 999_999_999L) / 1_000_000_000L;
    }

    private static void buckets(ObjectNode job, FioBuckets b) {
        ObjectNode ns = job.putObject("latency_ns");
        ObjectNode us = job.putObject("latency_us");
        ObjectNode ms = job.putObject("latency_ms");
        for (int i = 0; i < FioBuckets.NAMES.length; i++) {
            ns.put(FioBuckets.NAMES[i], b.ns[i]);
        }
        for (int i = 0; i < FioBuckets.NAMES.length; i++) {
            us.put(FioBuckets.NAMES[i], b.us[i]);
        }
        for (int i = 0; i < FioBuckets.MS_NAMES.length; i++) {
            ms.put(FioBuckets.MS_NAMES[i], b.ms[i]);
        }
    }

    private static void direction(ObjectNode d, FioDirection f, long aggregateBytesPerSecond, boolean plus,
                                  FioLatencyReport report) {
        long bwBytes = f.bwBytes();
        d.put("io_bytes", f.bytes());
        d.put("io_kbytes", f.bytes() >> 10);
        d.put("bw_bytes", bwBytes);
        d.put("bw", bwBytes / 1024);
        d.put("iops", f.iopsOverRuntime());
        d.put("runtime", f.runtimeMillis());
        d.put("total_ios", f.ios());
        d.put("short_ios", 0);
        d.put("drop_ios", 0);
        latency(d.putObject("slat_ns"), f.slat(), report.slat(), plus, report);
        latency(d.putObject("clat_ns"), f.clat(), report.clat(), plus, report);
        latency(d.putObject("lat_ns"), f.lat(), report.lat(), plus, report);
        prios(d, f, plus, report);
        FioDirection.Samples bw = f.bw();
        double agg = 0;
        if (bw.n() > 0 && aggregateBytesPerSecond > 0) {
            agg = Math.min(100.0, bw.mean() * 100 / (aggregateBytesPerSecond / 1024.0));
        }
        d.put("bw_min", bw.min());
        d.put("bw_max", bw.max());
        d.put("bw_agg", agg);
        d.put("bw_mean", bw.mean());
        d.put("bw_dev", bw.stddev());
        d.put("bw_samples", bw.n());
        FioDirection.Samples iops = f.iops();
        d.put("iops_min", iops.min());
        d.put("iops_max", iops.max());
        d.put("iops_mean", iops.mean());
        d.put("iops_stddev", iops.stddev());
        d.put("iops_samples", iops.n());
    }

    /**
     * fio's per-priority latencies, only where two priorities or more had requests: each priority's class and level
     * and its total latency ({@code lat_ns}) under {@code lat_percentiles}, else its completion latency
     * ({@code clat_ns}), with percentiles when either kind has them.
     */
    private static void prios(ObjectNode d, FioDirection f, boolean plus, FioLatencyReport report) {
        if (f.prios().stream().filter(p -> p.lat().count() > 0).count() < 2) {
            return;
        }
        var array = d.putArray("prios");
        for (FioDirection.Prio p : f.prios()) {
            FioLatency l = report.lat() ? p.lat() : p.clat();
            if (l.count() == 0) {
                continue;
            }
            ObjectNode o = array.addObject();
            o.put("prioclass", p.prioClass());
            o.put("prio", p.level());
            latency(o.putObject(report.lat() ? "lat_ns" : "clat_ns"), l, report.clat() || report.lat(), plus,
                    report);
        }
    }

    /**
     * One latency object ({@code add_ddir_lat_json}): min, max, mean, stddev, N; the percentiles of the report's list
     * where {@code percentiles} asks for them and there were requests; {@code json+} adds fio's bins to an object
     * with percentiles.
     */
    private static void latency(ObjectNode o, FioLatency l, boolean percentiles, boolean plus,
                                FioLatencyReport report) {
        o.put("min", l.min());
        o.put("max", l.max());
        o.put("mean", l.mean());
        if (!Double.isNaN(l.stddev())) {
            o.put("stddev", l.stddev());
        }
        o.put("N", l.count());
        Map<String, Long> values = l.percentiles(report.percentiles());
        if (percentiles && l.count() > 0 && !values.isEmpty()) {
            ObjectNode p = o.putObject("percentile");
            values.forEach(p::put);
            if (plus && l.histogram() != null) {
                ObjectNode bins = o.putObject("bins");
                FioPlat.bins(l.histogram()).forEach((v, c) -> bins.put(Long.toString(v), c));
            }
        }
    }

    /** fio: the sync object's latency has percentiles when clat's or lat's do. */
    private static void sync(ObjectNode s, FioEntry e, boolean plus, FioLatencyReport report) {
        FioLatency l = syncs(e);
        s.put("total_ios", l.count());
        latency(s.putObject("lat_ns"), l, report.clat() || report.lat(), plus, report);
    }

    /** The entry's syncs (fio's {@code DDIR_SYNC}): the JSON's {@code sync} and the text's fourth issued count. */
    static FioLatency syncs(FioEntry e) {
        return FioLatency.merge(e.runs().stream().map(FioJson::sync).toList());
    }

    private static FioLatency sync(RunResult r) {
        Map<String, LatencyMoments> m = r.latencies().moments();
        Histogram h = FioDirection.histogram(r, "sync");
        return m != null ? FioLatency.of(m.get("sync"), h) : FioLatency.of(r.latencies().sync(), h);
    }

    /**
     * fio's usr_cpu, sys_cpu (the job threads' CPU time, whole ms, as a percent of {@code job_runtime}), ctx, majf and
     * minf, then its three depth distributions; each part left out where the runs did not measure it.
     */
    private static void cpu(ObjectNode job, List<RunResult> runs, long jobRuntimeMillis) {
        FioJobUsage u = FioJobUsage.of(runs);
        if (u.usage() != null) {
            job.put("usr_cpu", jobRuntimeMillis == 0 ? 0 : (double) u.userMillis() * 100 / jobRuntimeMillis);
            job.put("sys_cpu", jobRuntimeMillis == 0 ? 0 : (double) u.systemMillis() * 100 / jobRuntimeMillis);
            job.put("ctx", u.usage().contextSwitches());
            job.put("majf", u.usage().majorFaults());
            job.put("minf", u.usage().minorFaults());
        }
        if (u.depths() != null) {
            distribution(job.putObject("iodepth_level"), FioJobUsage.LEVEL_NAMES, u.depths().levels());
            distribution(job.putObject("iodepth_submit"), FioJobUsage.BATCH_NAMES, u.depths().submits());
            distribution(job.putObject("iodepth_complete"), FioJobUsage.BATCH_NAMES, u.depths().completes());
        }
    }

    private static void distribution(ObjectNode o, String[] names, List<Long> counts) {
        double[] p = FioJobUsage.percents(counts);
        for (int i = 0; i < names.length; i++) {
            o.put(names[i], p[i]);
        }
    }

    /**
     * One device of fio's {@code disk_util} ({@code json_array_add_disk_util}); a device with slaves adds their figures
     * averaged over them and the busiest one's util ({@code aggr_*}, fio's spelling of {@code aggr_write_merge}).
     */
    private static void disk(ObjectNode o, DiskUtil d) {
        o.put("name", d.name());
        o.put("read_ios", d.readIos());
        o.put("write_ios", d.writeIos());
        o.put("read_merges", d.readMerges());
        o.put("write_merges", d.writeMerges());
        o.put("read_ticks", d.readTicks());
        o.put("write_ticks", d.writeTicks());
        o.put("in_queue", d.inQueue());
        o.put("util", d.utilPercent());
        FioDiskAggregate a = FioDiskAggregate.of(d);
        if (a == null) {
            return;
        }
        o.put("aggr_read_ios", a.readIos());
        o.put("aggr_write_ios", a.writeIos());
        o.put("aggr_read_merges", a.readMerges());
        o.put("aggr_write_merge", a.writeMerges());
        o.put("aggr_read_ticks", a.readTicks());
        o.put("aggr_write_ticks", a.writeTicks());
        o.put("aggr_in_queue", a.inQueue());
        o.put("aggr_util", a.utilPercent());
    }

    /** fio lists the latency target's settings (the depth it starts at: the job's iodepth). */
    private static void latencyTarget(ObjectNode job, FioEntry e) {
        BenchmarkResult first = e.members().getFirst();
        job.put("latency_depth", first.job().queue().iodepth());
        job.put("latency_target", 0);
        job.put("latency_percentile", 100.0);
        job.put("latency_window", 0);
    }

    /**
     * fio's {@code steadystate} object as {@code stat.c} writes it: the criterion ({@code %f} of its limit), the
     * window's length in seconds, whether it was attained, the value it was last judged by ({@code criterion}, in
     * percent for a relative bound), the deviation or the slope (whichever the criterion judges, the other 0), and
     * the last window's per-second IOPS and bytes/s, oldest first, padded with zeros as fio's ring is before it
     * fills (a group's: its jobs' rates added up).
     */
    private static void steady(ObjectNode job, List<RunResult> runs) {
        SteadyOutcome ss = runs.isEmpty() ? null : runs.getFirst().extras().steady();
        if (ss == null) {
            return;
        }
        SteadyCriterion c = ss.criterion();
        boolean iops = c.metric() == SteadyCriterion.Metric.IOPS;
        String pct = c.relative() ? "%" : "";
        ObjectNode s = job.putObject("steadystate");
        s.put("ss", c.metric().label() + (c.slope() ? "_slope" : "") + ":" + String.format(Locale.ROOT, "%f",
                (float) (c.relative() ? c.boundFraction() * 100 : c.limit())) + pct);
        int duration = (int) Math.max(1, Math.max(ss.window().size(), Math.round(c.windowNanos() / 1e9)));
        s.put("duration", duration);
        s.put("attained", ss.reached() ? 1 : 0);
        double judged = Double.isNaN(ss.judged()) ? 0 : ss.judged();
        s.put("criterion", String.format(Locale.ROOT, "%f", (float) (c.relative() ? judged * 100 : judged)) + pct);
        double mean = Double.isNaN(ss.windowMean()) ? 0 : ss.windowMean();
        double raw = c.relative() ? judged * mean : judged; // in the metric's units, as fio keeps both
        s.put("max_deviation", c.slope() ? 0.0 : raw);
        s.put("slope", c.slope() ? raw : 0.0);
        ObjectNode data = s.putObject("data");
        long[] judgedValues = padded(ss.window(), duration);
        long[] otherValues = padded(ss.otherWindow(), duration);
        long[] iopsValues = iops ? judgedValues : otherValues;
        long[] bwValues = iops ? otherValues : judgedValues;
        data.put("bw_mean", Arrays.stream(bwValues).sum() / duration);
        data.put("iops_mean", Arrays.stream(iopsValues).sum() / duration);
        var i = data.putArray("iops");
        Arrays.stream(iopsValues).forEach(i::add);
        var b = data.putArray("bw");
        Arrays.stream(bwValues).forEach(b::add);
    }

    /** {@code n} whole values, oldest first, zeros after those there are (fio's ring before it is full). */
    private static long[] padded(List<Double> values, int n) {
        long[] out = new long[n];
        for (int k = 0; k < Math.min(n, values.size()); k++) {
            out[k] = values.get(k).isNaN() ? 0 : values.get(k).longValue();
        }
        return out;
    }
}
