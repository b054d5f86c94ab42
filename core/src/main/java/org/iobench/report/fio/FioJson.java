package org.iobench.report.fio;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iobench.job.fio.FioJobDescription;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.result.SteadyOutcome;
import org.iobench.result.SystemSummary;

/**
 * fio 3.33's {@code --output-format=json} of iobench's results: the keys, nesting, units, order and number layout
 * of fio's {@code stat.c} ({@code show_thread_status_json}), one job per fio job or reporting group
 * ({@link FioEntry}). Every figure is iobench's own (the one its text and JSON print), in fio's units; what iobench
 * does not measure (fio's I/O depth distributions, context switches, page faults, the device's own counters) is
 * left out rather than written as a made-up 0. docs/fio-json.md lists every field and where it comes from.
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
     */
    public static String write(List<BenchmarkResult> results, List<FioJobDescription> described,
                               List<FioJobDescription.Option> globals, Instant now, ZoneId zone) {
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
            jobs.add(job(e, aggregate.get(e.groupId())));
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

    private static ObjectNode job(FioEntry e, long[] aggregate) {
        ObjectNode job = NODES.objectNode();
        job.put("jobname", e.name());
        job.put("groupid", e.groupId());
        job.put("error", e.error());
        job.put("eta", 0);
        job.put("elapsed", elapsedSeconds(e));
        options(job, "job options", e.options());
        for (FioDirection.Dir d : FioDirection.Dir.values()) {
            direction(job.putObject(d.name().toLowerCase(Locale.ROOT)), FioDirection.of(e, d),
                    aggregate[d.ordinal()]);
        }
        sync(job.putObject("sync"), e);
        List<RunResult> runs = e.runs();
        long jobRuntime = runs.stream().mapToLong(r -> (r.totals().elapsedNanos() + 999_999) / 1_000_000).sum();
        job.put("job_runtime", jobRuntime);
        cpu(job, runs, jobRuntime);
        latencyTarget(job, e);
        steady(job, runs);
        return job;
    }

    /** Seconds from the first member's start to the end of the longest (fio: since it started, rounded up). */
    private static long elapsedSeconds(FioEntry e) {
        long nanos = e.runs().stream().mapToLong(r -> r.totals().elapsedNanos()).max().orElse(0);
        return (nanos + 999_999_999L) / 1_000_000_000L;
    }

    private static void direction(ObjectNode d, FioDirection f, long aggregateBytesPerSecond) {
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
        latency(d.putObject("slat_ns"), f.slat(), false);
        latency(d.putObject("clat_ns"), f.clat(), true);
        latency(d.putObject("lat_ns"), f.lat(), false);
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

    /** fio prints percentiles for clat by default ({@code clat_percentiles=1}), not for slat and lat. */
    private static void latency(ObjectNode o, FioLatency l, boolean percentiles) {
        o.put("min", l.min());
        o.put("max", l.max());
        o.put("mean", l.mean());
        if (!Double.isNaN(l.stddev())) {
            o.put("stddev", l.stddev());
        }
        o.put("N", l.count());
        if (percentiles && l.count() > 0 && !l.percentiles().isEmpty()) {
            ObjectNode p = o.putObject("percentile");
            l.percentiles().forEach(p::put);
        }
    }

    private static void sync(ObjectNode s, FioEntry e) {
        List<FioLatency> syncs = e.runs().stream().map(r -> FioLatency.of(r.latencies().sync())).toList();
        FioLatency l = FioLatency.merge(syncs);
        s.put("total_ios", l.count());
        latency(s.putObject("lat_ns"), l, false);
    }

    /** fio's usr_cpu and sys_cpu: the process's CPU time over the measured window, percent of the job's runtime. */
    private static void cpu(ObjectNode job, List<RunResult> runs, long jobRuntimeMillis) {
        double user = 0;
        double system = 0;
        for (RunResult r : runs) {
            SystemSummary s = r.evidence().systemSummary();
            if (s == null) {
                return; // not measured (no system samples): left out
            }
            user += s.processUserSeconds();
            system += s.processSystemSeconds();
        }
        if (jobRuntimeMillis > 0 && !runs.isEmpty()) {
            job.put("usr_cpu", user * 1000 * 100 / jobRuntimeMillis);
            job.put("sys_cpu", system * 1000 * 100 / jobRuntimeMillis);
        }
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
     * fio's {@code steadystate} object: the criterion, whether it was attained, and the last window's per-second
     * values of the metric it judges ({@code iops} in requests/s, {@code bw} in bytes/s, as fio's ring holds them).
     */
    private static void steady(ObjectNode job, List<RunResult> runs) {
        SteadyOutcome ss = runs.isEmpty() ? null : runs.getFirst().extras().steady();
        if (ss == null) {
            return;
        }
        boolean iops = ss.criterion().metric().label().startsWith("iops");
        ObjectNode s = job.putObject("steadystate");
        s.put("ss", ss.criterion().label());
        s.put("duration", ss.criterion().windowNanos() / 1_000_000_000L);
        s.put("attained", ss.reached() ? 1 : 0);
        s.put("max_deviation", Double.isNaN(ss.windowMaxDeviation()) ? 0 : ss.windowMaxDeviation());
        ObjectNode data = s.putObject("data");
        long mean = Double.isNaN(ss.windowMean()) ? 0 : (long) ss.windowMean();
        data.put(iops ? "iops_mean" : "bw_mean", mean);
        var values = data.putArray(iops ? "iops" : "bw");
        ss.window().forEach(v -> values.add(v.longValue()));
    }
}
