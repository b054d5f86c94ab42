package org.iobench.store;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.TestId;
import org.iobench.result.Totals;
import org.iobench.sysmon.env.Environment;

/**
 * One row of {@code runs} with its labels and sample rows, whatever produced it (iobench, an import, a micro
 * variant): the mapping from what is saved to what the tables hold.
 *
 * @param documentVersion the {@link DocumentCodec} version of {@code document} and {@code environment}
 * @param test            the suite's or job file's test, or null
 * @param targetKind      {@link WorkloadKey#target()}: {@code block device}, a filesystem type, or null where unknown
 * @param findings        the ids of the advisor's warnings about the run, sorted, each once
 * @param device          the host and whole disk the target is on ({@code build1/vda}); null where unknown (imports,
 *                        micro variants, targets without a device such as tmpfs)
 * @param endedAt         when the last repetition's measured window ended; null where unknown
 */
record RunRow(Instant createdAt, String source, String name, WorkloadKey key, String engine, String target,
              int repetitions, boolean complete, double meanBytesPerSecond, double meanIops, String note,
              String environment, String document, int documentVersion, Map<String, String> labels,
              List<SampleRow> samples, TestId test, String targetKind, List<String> findings, String device,
              Instant endedAt) {

    /** created_at is fixed-width UTC text, so that text order is time order in both databases. */
    static final DateTimeFormatter CREATED_AT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    /** One repetition's throughput ({@code samples} row); timing null where unknown (micro variants). */
    record SampleRow(int repetition, boolean complete, double bytesPerSecond, double iops, SampleTiming timing) {}

    /** An I/O benchmark: one sample row per repetition, the result and environment in the store's own form. */
    static RunRow of(NewRun n) {
        BenchmarkResult b = n.result();
        List<SampleRow> samples = new ArrayList<>();
        for (RunResult r : b.runs()) {
            Totals t = r.totals();
            long bytes = t.bytesCounted(b.job().workload().rw());
            samples.add(new SampleRow(r.run(), r.complete() && Double.isFinite(t.bytesPerSecond()),
                    t.bytesPerSecond(), t.iops(), new SampleTiming(bytes, t.elapsedNanos(), t.syncNanos())));
        }
        WorkloadKey key = WorkloadKey.of(b.job()).withTest(b.test() == null ? "" : b.test().name());
        return new RunRow(n.createdAt(), n.source(), b.job().name(), key, b.job().queue().engine(),
                StoredTarget.of(b, n.source()), b.runs().size(), b.complete(), b.summary().bytesPerSecond().mean(),
                b.summary().iops().mean(), n.note(), DocumentCodec.encode(n.environment()), DocumentCodec.encode(b),
                DocumentCodec.CURRENT, n.labels(), samples, b.test(), targetKind(b), warnings(b),
                device(n.environment()), endedAt(b));
    }

    /** The host and the whole disk of the target's device: runs on two partitions of one disk share it. */
    static String device(Environment env) {
        if (env == null || env.device() == null) {
            return null;
        }
        Environment.Device d = env.device();
        String disk = d.wholeDisk() != null && !d.wholeDisk().isBlank() ? d.wholeDisk() : d.name();
        return disk == null || disk.isBlank() ? null : (env.hostname() == null ? "" : env.hostname()) + "/" + disk;
    }

    /** The latest end of a repetition's measured window (its start plus its elapsed time); null where unknown. */
    static Instant endedAt(BenchmarkResult b) {
        Instant end = null;
        for (RunResult r : b.runs()) {
            if (r.startedAt() == null) {
                return null;
            }
            try {
                Instant e = Instant.parse(r.startedAt()).plusNanos(Math.max(0, r.totals().elapsedNanos()));
                end = end == null || e.isAfter(end) ? e : end;
            } catch (DateTimeParseException ex) {
                return null;
            }
        }
        return end;
    }

    /**
     * The kind of target {@code b} ran on: {@code block device}, or the filesystem's type ({@code ext4},
     * {@code nfs4}); null where the result does not say (fio's JSON names no filesystem).
     */
    static String targetKind(BenchmarkResult b) {
        if (b.target() == null) {
            return null;
        }
        if ("block-device".equals(b.target().kind())) {
            return "block device";
        }
        String fs = b.target().filesystem();
        return fs == null || fs.isBlank() ? null : fs;
    }

    /** The ids of the warnings (not context, not acknowledged notes) the advisor found in {@code b}. */
    static List<String> warnings(BenchmarkResult b) {
        return b.findings() == null ? List.of() : b.findings().stream()
                .filter(f -> f.severity() == Finding.Severity.WARNING)
                .map(Finding::id).distinct().sorted().toList();
    }

    /**
     * A micro-benchmark variant: key {@link WorkloadKey#micro}, engine {@code micro}, target the JVM, one sample row
     * per measured sample with its operations per second ({@code 1e9 / ns per op}) as {@code iops}; the micro report
     * document (docs/micro-json-format.md) as {@code result}, its environment object as {@code environment}.
     */
    static RunRow of(NewMicroRun m) {
        double[] opsPerSecond = m.samplesNanosPerOp().stream().mapToDouble(ns -> 1e9 / ns).toArray();
        boolean[] used = m.used();
        // the mean the report printed: of the samples its statistics used (upper outliers left out, docs/micro.md)
        double meanNanos = IntStream.range(0, used.length).filter(i -> used[i])
                .mapToDouble(i -> m.samplesNanosPerOp().get(i)).filter(ns -> ns > 0 && Double.isFinite(ns))
                .average().orElse(Double.NaN);
        List<SampleRow> samples = new ArrayList<>();
        for (int r = 0; r < opsPerSecond.length; r++) {
            // an upper outlier is kept as a sample that is not complete: samples() and every view leave it out
            samples.add(new SampleRow(r + 1, used[r] && isSample(opsPerSecond[r]), Double.NaN, opsPerSecond[r],
                    null));
        }
        return new RunRow(m.createdAt(), m.source(), m.suite(), WorkloadKey.micro(m.suite(), m.variant()),
                NewMicroRun.SOURCE, m.jvm(), opsPerSecond.length,
                Arrays.stream(opsPerSecond).allMatch(RunRow::isSample), Double.NaN, 1e9 / meanNanos, m.note(),
                m.environment(), m.document(), DocumentCodec.CURRENT, m.labels(), samples, null, null, List.of(), null,
                null);
    }

    private static boolean isSample(double opsPerSecond) {
        return opsPerSecond > 0 && Double.isFinite(opsPerSecond);
    }

}
