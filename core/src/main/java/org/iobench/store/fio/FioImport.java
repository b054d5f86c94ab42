package org.iobench.store.fio;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Sizes;
import org.iobench.job.SyncMode;
import org.iobench.result.Accounting;
import org.iobench.result.Extras;
import org.iobench.result.Intervals;
import org.iobench.result.Latencies;
import org.iobench.result.Outcome;
import org.iobench.result.RunEvidence;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.TargetInfo;
import org.iobench.result.Totals;

/**
 * Reads fio's JSON output ({@code --output-format=json} and {@code json+}, fio 3.x) as iobench results, so fio and
 * iobench runs share one comparison table. Each job becomes one {@link BenchmarkResult} with one repetition; the
 * {@code numjobs} clones of a job without {@code group_reporting} (entries with the same name and group) are summed,
 * as group_reporting would. Throughput is fio's own: {@code bw_bytes} summed over read and write.
 *
 * <p>Mapping: {@code rw}/{@code readwrite}, {@code bs} (the first of a read,write pair), {@code numjobs} → threads,
 * {@code iodepth}, {@code direct}, {@code ioengine} (default psync), {@code rwmixread}/{@code rwmixwrite};
 * {@code sync=1} → dsync, {@code end_fsync}/{@code fsync_on_close} → fsync, {@code fsync=N}/{@code fdatasync=N} →
 * an fsync every N writes. Latency percentiles are {@code clat_ns}, merged exactly from json+ bins when clones are
 * summed (otherwise the largest clone's percentile).
 */
public final class FioImport {
    private FioImport() {}

    /** True if {@code doc} looks like fio output. */
    public static boolean isFio(JsonNode doc) {
        return doc.has("fio version") && doc.has("jobs");
    }

    /**
     * @throws IOException naming the job when a job cannot be expressed (trim jobs, unparsable block size)
     */
    public static List<BenchmarkResult> read(JsonNode doc) throws IOException {
        if (!isFio(doc)) {
            throw new IOException("not fio JSON output (no \"fio version\" and \"jobs\")");
        }
        Map<String, List<JsonNode>> byJob = new LinkedHashMap<>();
        for (JsonNode job : doc.path("jobs")) {
            byJob.computeIfAbsent(job.path("groupid").asInt() + "\u0000" + job.path("jobname").asText(),
                    k -> new ArrayList<>()).add(job);
        }
        Instant finished = doc.has("timestamp_ms") ? Instant.ofEpochMilli(doc.path("timestamp_ms").asLong())
                : Instant.ofEpochSecond(doc.path("timestamp").asLong());
        List<BenchmarkResult> out = new ArrayList<>();
        for (List<JsonNode> clones : byJob.values()) {
            out.add(result(doc, clones, finished, doc.path("fio version").asText("fio")));
        }
        return out;
    }

    private static BenchmarkResult result(JsonNode doc, List<JsonNode> clones, Instant finished, String version)
            throws IOException {
        JsonNode first = clones.getFirst();
        String name = first.path("jobname").asText("fio");
        FioOptions o = new FioOptions(doc.path("global options"), first.path("job options"));
        RwMode rw = rw(name, o.get("rw", "read"));
        long bs = blockSize(name, o.get("bs", "4k"));
        boolean grouped = o.flag("group_reporting");
        int threads = Math.max(1, o.getInt("numjobs", 1));
        String target = o.get("filename").orElse(o.get("directory").map(d -> d + "/" + name).orElse(name));

        JobSpec.Builder b = JobSpec.builder(Path.of(target)).name(name).rw(rw).blockSize(bs).threads(threads)
                .iodepth(Math.max(1, o.getInt("iodepth", 1))).engine(o.get("ioengine", "psync"))
                .direct(o.flag("direct") || o.get("buffered").map(v -> v.equals("0")).orElse(false));
        b.batch(1);
        if (rw.mixed()) {
            int read = o.get("rwmixread").isPresent() ? o.getInt("rwmixread", 50) : 100 - o.getInt("rwmixwrite", 50);
            b.mixReadPercent(Math.clamp(read, 0, 100));
        }
        if (rw.writes()) {
            if (o.flag("sync") || o.get("sync").map(v -> v.equals("dsync") || v.equals("sync")).orElse(false)) {
                b.sync(SyncMode.DSYNC);
            } else if (o.flag("end_fsync") || o.flag("fsync_on_close")) {
                b.sync(SyncMode.FSYNC);
            }
            int every = Math.max(o.getInt("fsync", 0), o.getInt("fdatasync", 0));
            b.fsyncEvery(Math.max(0, every));
        }
        JobSpec job = b.build();

        long bytesRead = 0, bytesWritten = 0, reads = 0, writes = 0, syncs = 0;
        double bw = 0;
        long runtimeMs = 0;
        boolean ok = true;
        for (JsonNode c : clones) {
            bytesRead += c.path("read").path("io_bytes").asLong();
            bytesWritten += c.path("write").path("io_bytes").asLong();
            reads += c.path("read").path("total_ios").asLong();
            writes += c.path("write").path("total_ios").asLong();
            syncs += c.path("sync").path("total_ios").asLong();
            bw += c.path("read").path("bw_bytes").asDouble() + c.path("write").path("bw_bytes").asDouble();
            runtimeMs = Math.max(runtimeMs, c.path("job_runtime").asLong(Math.max(c.path("read").path("runtime")
                    .asLong(), c.path("write").path("runtime").asLong())));
            ok &= c.path("error").asInt() == 0;
        }
        long bytes = bytesRead + bytesWritten;
        // fio's bandwidth is bytes over its per-direction runtime in ms; keep it exact rather than re-deriving it
        // from the rounded runtime.
        long elapsedNanos = bw > 0 ? Math.round(bytes * 1e9 / bw) : runtimeMs * 1_000_000L;
        Totals totals = new Totals(bytesRead, bytesWritten, reads, writes, elapsedNanos, 0, syncs);
        List<String> warnings = new ArrayList<>();
        if (clones.size() > 1) {
            warnings.add("imported from " + clones.size() + " fio entries of job " + name + " (numjobs without"
                    + " group_reporting), summed");
        }
        RunResult run = new RunResult(1, finished.minusMillis(runtimeMs).toString(),
                new Outcome(ok, ok ? null : "fio reported error " + first.path("error").asInt(), null, warnings),
                totals, new Latencies(latency(clones, "read"), latency(clones, "write"), LatencySummary.EMPTY, null),
                new Intervals(0, List.of()), List.of(), new RunEvidence(new Accounting(false, 0, 0, 0, 0, false,
                        "imported from " + version + (grouped ? " (group_reporting)" : "")), null, null, null),
                Extras.NONE);
        TargetInfo t = new TargetInfo(o.get("filename").isPresent() && target.startsWith("/dev/") ? "block-device"
                : "file", target, false, sizeOrZero(o), 0, 0, null, null);
        return BenchmarkResult.of(job, t, List.of(run));
    }

    private static long sizeOrZero(FioOptions o) {
        try {
            return o.get("size").map(Sizes::parse).orElse(0L);
        } catch (IllegalArgumentException e) {
            return 0; // a percentage or a range: the region is not known in bytes
        }
    }

    private static RwMode rw(String job, String value) throws IOException {
        String v = value.contains(":") ? value.substring(0, value.indexOf(':')) : value;
        return switch (v) {
            case "read" -> RwMode.READ;
            case "write" -> RwMode.WRITE;
            case "randread" -> RwMode.RANDREAD;
            case "randwrite" -> RwMode.RANDWRITE;
            case "rw", "readwrite" -> RwMode.RW;
            case "randrw" -> RwMode.RANDRW;
            default -> throw new IOException("fio job '" + job + "': rw=" + value + " has no iobench equivalent"
                    + " (read, write, randread, randwrite, rw, randrw)");
        };
    }

    private static long blockSize(String job, String value) throws IOException {
        String v = value.split("[,:]")[0];
        if (v.contains("-")) {
            v = v.substring(0, v.indexOf('-'));
        }
        try {
            return Sizes.parse(v.isEmpty() ? "4k" : v);
        } catch (IllegalArgumentException e) {
            throw new IOException("fio job '" + job + "': bs=" + value + ": " + e.getMessage());
        }
    }

    /** clat_ns of one direction; clones are merged through their json+ bins when every clone has them. */
    static LatencySummary latency(List<JsonNode> clones, String direction) {
        List<JsonNode> clats = new ArrayList<>();
        for (JsonNode c : clones) {
            JsonNode clat = c.path(direction).path("clat_ns");
            if (clat.path("N").asLong() > 0) {
                clats.add(clat);
            }
        }
        if (clats.isEmpty()) {
            return LatencySummary.EMPTY;
        }
        long n = 0;
        long min = Long.MAX_VALUE;
        long max = 0;
        double sum = 0;
        for (JsonNode c : clats) {
            n += c.path("N").asLong();
            min = Math.min(min, c.path("min").asLong());
            max = Math.max(max, c.path("max").asLong());
            sum += c.path("mean").asDouble() * c.path("N").asLong();
        }
        double mean = sum / n;
        if (clats.size() > 1 && clats.stream().allMatch(c -> c.has("bins"))) {
            TreeMap<Long, Long> bins = new TreeMap<>();
            clats.forEach(c -> c.path("bins").properties().forEach(e ->
                    bins.merge(Long.parseLong(e.getKey()), e.getValue().asLong(), Long::sum)));
            // Bins are bucket values and may lie a little above the true maximum.
            return new LatencySummary(n, min, mean, Math.min(max, fromBins(bins, n, 50)),
                    Math.min(max, fromBins(bins, n, 90)), Math.min(max, fromBins(bins, n, 99)),
                    Math.min(max, fromBins(bins, n, 99.9)), Math.min(max, fromBins(bins, n, 99.99)), max);
        }
        return new LatencySummary(n, min, mean, pct(clats, "50.000000"), pct(clats, "90.000000"),
                pct(clats, "99.000000"), pct(clats, "99.900000"), pct(clats, "99.990000"), max);
    }

    private static long pct(List<JsonNode> clats, String key) {
        long worst = 0;
        for (JsonNode c : clats) {
            worst = Math.max(worst, c.path("percentile").path(key).asLong());
        }
        return worst;
    }

    /** The smallest bin value with at least {@code percent} % of the samples at or below it (fio's rule). */
    private static long fromBins(TreeMap<Long, Long> bins, long n, double percent) {
        long need = (long) Math.ceil(n * percent / 100.0);
        long seen = 0;
        for (Map.Entry<Long, Long> e : bins.entrySet()) {
            seen += e.getValue();
            if (seen >= need) {
                return e.getKey();
            }
        }
        return bins.isEmpty() ? 0 : bins.lastKey();
    }
}
