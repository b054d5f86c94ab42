package org.iobench.store.fio;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.iobench.catalog.EngineCatalog;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Sizes;
import org.iobench.job.SyncMode;
import org.iobench.result.Accounting;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Extras;
import org.iobench.result.Intervals;
import org.iobench.result.Latencies;
import org.iobench.result.LatencySummary;
import org.iobench.result.Outcome;
import org.iobench.result.RunEvidence;
import org.iobench.result.RunResult;
import org.iobench.result.TargetInfo;
import org.iobench.result.TestId;
import org.iobench.result.Totals;

/**
 * Reads fio's JSON output ({@code --output-format=json} and {@code json+}, fio 3.x) as iobench results, so fio and
 * iobench runs share one comparison table. Each job becomes one {@link BenchmarkResult} with one repetition; the
 * {@code numjobs} clones of a job without {@code group_reporting} (entries with the same name and group) are summed,
 * as group_reporting would.
 *
 * <p>Figures are fio's own: IOPS is the sum of fio's {@code iops} over directions and entries (jobs of one group
 * that ran for different times each count over their own runtime), and the elapsed time is the one that gives that
 * IOPS. Where the entries' directions ran for the same time (every single job) the bandwidth is fio's
 * {@code bw_bytes} too.
 *
 * <p>Mapping: {@code rw}/{@code readwrite}, {@code bs}/{@code bsrange} ({@link FioBlockSize}), {@code numjobs} →
 * threads, {@code iodepth}, {@code direct}, {@code ioengine} (default psync), {@code rwmixread}/{@code rwmixwrite};
 * {@code sync=1} → dsync, {@code end_fsync}/{@code fsync_on_close} → fsync, {@code fsync=N}/{@code fdatasync=N} →
 * an fsync every N writes. Latency is {@code clat_ns} ({@link FioCompletionLatency}), fio's trim section included
 * (trims counted apart, as iobench counts them). A job iobench cannot express is
 * skipped by name; the others import.
 */
public final class FioImport {
    private FioImport() {}

    /** True if {@code doc} looks like fio output. */
    public static boolean isFio(JsonNode doc) {
        return doc.has("fio version") && doc.has("jobs");
    }

    public static FioImported read(JsonNode doc) throws IOException {
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
        List<String> skipped = new ArrayList<>();
        Map<Integer, Integer> jobsInGroup = new LinkedHashMap<>();
        for (JsonNode job : doc.path("jobs")) {
            jobsInGroup.merge(job.path("groupid").asInt(), 1, Integer::sum);
        }
        for (List<JsonNode> clones : byJob.values()) {
            String name = clones.getFirst().path("jobname").asText("fio");
            FioImportedOptions o = new FioImportedOptions(doc.path("global options"),
                    clones.getFirst().path("job options"));
            try {
                BenchmarkResult b = result(clones, o, finished, doc.path("fio version").asText("fio"));
                // a job alone in its fio group is the test of its name, as iobench runs it from the job file
                // ([randread-4k] is test randread-4k): the two share a row. fio's JSON names no job file (origin
                // unknown, docs/compare.md). Jobs run together, and numjobs clones, which iobench runs as a group
                // of jobs of one thread each, stay workloads of their own.
                boolean alone = jobsInGroup.get(clones.getFirst().path("groupid").asInt()) == 1
                        && b.job().queue().threads() == 1;
                out.add(alone ? b.withTest(TestId.single(name)) : b);
            } catch (IOException e) {
                skipped.add(e.getMessage());
            }
        }
        return new FioImported(out, skipped);
    }

    /** @throws IOException naming the job and why iobench cannot express it */
    private static BenchmarkResult result(List<JsonNode> clones, FioImportedOptions o, Instant finished, String version)
            throws IOException {
        JsonNode first = clones.getFirst();
        String name = first.path("jobname").asText("fio");
        List<String> warnings = new ArrayList<>();
        long bytesRead = 0, bytesWritten = 0, reads = 0, writes = 0, syncs = 0, bytesTrimmed = 0, trims = 0;
        double bw = 0, iops = 0;
        long runtimeMs = 0, readMs = 0, writeMs = 0, trimMs = 0;
        boolean ok = true;
        for (JsonNode c : clones) {
            JsonNode r = c.path("read"), w = c.path("write"), t = c.path("trim");
            bytesRead += r.path("io_bytes").asLong();
            bytesWritten += w.path("io_bytes").asLong();
            bytesTrimmed += t.path("io_bytes").asLong();
            reads += r.path("total_ios").asLong();
            writes += w.path("total_ios").asLong();
            trims += t.path("total_ios").asLong();
            syncs += c.path("sync").path("total_ios").asLong();
            bw += r.path("bw_bytes").asDouble() + w.path("bw_bytes").asDouble() + t.path("bw_bytes").asDouble();
            iops += r.path("iops").asDouble() + w.path("iops").asDouble() + t.path("iops").asDouble();
            readMs = Math.max(readMs, r.path("runtime").asLong());
            writeMs = Math.max(writeMs, w.path("runtime").asLong());
            trimMs = Math.max(trimMs, t.path("runtime").asLong());
            runtimeMs = Math.max(runtimeMs, c.path("job_runtime").asLong(Math.max(Math.max(r.path("runtime")
                    .asLong(), w.path("runtime").asLong()), t.path("runtime").asLong())));
            ok &= c.path("error").asInt() == 0;
        }
        boolean grouped = o.flag("group_reporting");
        RwMode rw = rw(name, o.get("rw", "read"));
        checkFigures(name, clones, rw);
        boolean differentJobs = grouped && (reads > 0 && !rw.reads() || writes > 0 && !rw.writes()
                || trims > 0 && !rw.trims());
        if (differentJobs && (trims > 0 || rw.trims())) {
            throw new IOException("fio group " + first.path("groupid").asInt() + " (group_reporting, job " + name
                    + ") skipped: it holds trims and other jobs, which one access pattern cannot say");
        }
        if (differentJobs) {
            // fio lists one job's options for a whole group: the group's I/O says what it did
            rw = reads > 0 && writes > 0 ? (rw.random() ? RwMode.RANDRW : RwMode.RW)
                    : reads > 0 ? RwMode.READ : RwMode.WRITE;
            warnings.add("fio group " + first.path("groupid").asInt() + " (group_reporting) holds different jobs;"
                    + " fio lists the options of one of them, so the access pattern and read share here come from"
                    + " the group's reads and writes");
        }
        long ops = reads + writes + trims;
        FioBlockSize bs = FioBlockSize.of(name, o, rw, ops == 0 ? 0
                : (double) (bytesRead + bytesWritten + bytesTrimmed) / ops);
        bs.warning().ifPresent(warnings::add);
        int threads = Math.max(1, o.getInt("numjobs", 1));
        String target = o.get("filename").orElse(o.get("directory").map(d -> d + "/" + name).orElse(name));

        JobSpec.Builder b = JobSpec.builder(Path.of(target)).name(name).rw(rw).blockSize(bs.bytes()).threads(threads)
                .iodepth(Math.max(1, o.getInt("iodepth", 1)))
                .engine(o.get("ioengine", EngineCatalog.installed().defaultEngine().name()))
                .direct(o.flag("direct") || o.get("buffered").map(v -> v.equals("0")).orElse(false));
        b.batch(1);
        if (rw.mixed()) {
            int read = o.get("rwmixread").isPresent() ? o.getInt("rwmixread", 50) : 100 - o.getInt("rwmixwrite", 50);
            if (differentJobs && ops > 0) {
                read = (int) Math.round(100.0 * reads / ops);
            }
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

        long bytes = bytesRead + bytesWritten + bytesTrimmed;
        long elapsedNanos = iops > 0 ? Math.round(ops * 1e9 / iops)
                : bw > 0 ? Math.round(bytes * 1e9 / bw) : runtimeMs * 1_000_000L;
        if (readMs > 0 && writeMs > 0 && readMs != writeMs) {
            warnings.add("fio's reads ran " + readMs + " ms and its writes " + writeMs + " ms: IOPS is fio's sum ("
                    + Math.round(iops) + "); fio's bandwidths sum to " + Math.round(bw) + " bytes/s");
        } else if (trimMs > 0 && writeMs > 0 && trimMs != writeMs) {
            warnings.add("fio's trims ran " + trimMs + " ms and its writes " + writeMs + " ms: IOPS is fio's sum ("
                    + Math.round(iops) + "); fio's bandwidths sum to " + Math.round(bw) + " bytes/s");
        }
        if (elapsedNanos <= 0 && ok) {
            throw new IOException("fio job " + name + " skipped: it ran for 0 ms (no iops, bw_bytes or runtime above"
                    + " 0), so no rate can be stored");
        }
        Totals totals = new Totals(bytesRead, bytesWritten, reads, writes, elapsedNanos, 0, syncs, bytesTrimmed,
                trims);
        if (clones.size() > 1) {
            warnings.add("imported from " + clones.size() + " fio entries of job " + name + " (numjobs without"
                    + " group_reporting), summed");
        }
        int error = clones.stream().mapToInt(c -> c.path("error").asInt()).filter(e -> e != 0).findFirst().orElse(0);
        RunResult run = new RunResult(1, finished.minusMillis(runtimeMs).toString(),
                new Outcome(ok, ok ? null : "fio reported error " + error, null, warnings),
                totals, new Latencies(FioCompletionLatency.of(clones, "read"), FioCompletionLatency.of(clones, "write"),
                        LatencySummary.EMPTY, null, null, trims == 0 ? null : FioCompletionLatency.of(clones, "trim")),
                new Intervals(0, List.of()), List.of(), new RunEvidence(new Accounting(false, 0, 0, 0, 0, false,
                        "imported from " + version + (grouped ? " (group_reporting)" : "")), null, null, null),
                Extras.NONE);
        TargetInfo t = new TargetInfo(o.get("filename").isPresent() && target.startsWith("/dev/") ? "block-device"
                : "file", target, false, sizeOrZero(o), 0, 0, null, null);
        return BenchmarkResult.of(job, t, List.of(run));
    }

    /** The figures fio writes for every job, in each direction: an entry without them, or with one below 0, is not fio's. */
    private static final List<String> FIGURES = List.of("io_bytes", "total_ios", "bw_bytes", "iops", "runtime");

    /**
     * Refuses a job whose figures fio could not have written: a direction its {@code rw} does that has no section
     * (fio writes "read", "write" and "trim" for every job, 0 where nothing was done), or a figure below 0.
     *
     * @throws IOException naming the job, the direction and the field
     */
    private static void checkFigures(String name, List<JsonNode> clones, RwMode rw) throws IOException {
        for (JsonNode c : clones) {
            for (String direction : List.of("read", "write", "trim")) {
                boolean does = direction.equals("read") ? rw.reads() : direction.equals("write") ? rw.writes()
                        : rw.trims();
                JsonNode d = c.path(direction);
                if (does && !d.isObject()) {
                    throw new IOException("fio job " + name + " skipped: rw=" + rw.label() + " but no \""
                            + direction + "\" section, so its " + direction + "s are unknown (fio writes one for"
                            + " every job)");
                }
                for (String field : FIGURES) {
                    if (d.path(field).isNumber() && d.path(field).asDouble() < 0) {
                        throw new IOException("fio job " + name + " skipped: " + direction + "." + field + " is "
                                + d.path(field).asText() + "; fio's figures are never negative");
                    }
                }
            }
            if (c.path("job_runtime").isNumber() && c.path("job_runtime").asLong() < 0) {
                throw new IOException("fio job " + name + " skipped: job_runtime is " + c.path("job_runtime").asText()
                        + "; fio's figures are never negative");
            }
        }
    }

    private static long sizeOrZero(FioImportedOptions o) {
        try {
            return o.get("size").map(Sizes::parse).orElse(0L);
        } catch (IllegalArgumentException e) {
            return 0; // a percentage or a range: the region is not known in bytes
        }
    }

    private static RwMode rw(String job, String value) throws IOException {
        Optional<RwMode> mode = RwMode.fio(value);
        if (mode.isEmpty()) {
            throw new IOException("fio job " + job + ": rw=" + value + " skipped: no iobench equivalent (read, write,"
                    + " randread, randwrite, rw, randrw, trim, randtrim, trimwrite, randtrimwrite)");
        }
        return mode.get();
    }
}
