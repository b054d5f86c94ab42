package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.store.Databases;
import org.iobench.store.ResultStore;
import org.iobench.store.StoredRun;
import org.iobench.store.StoryRuns;
import org.iobench.store.WorkloadKey;
import org.iobench.table.Golden;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iobench import} of two micro reports (fixtures written to docs/micro-json-format.md: the same two suites on
 * two JVMs) and {@code iobench compare} over them; tables locked by golden files.
 */
class MicroImportTest {
    @TempDir
    static Path dir;
    static String db;

    @BeforeAll
    static void importBothJvms() {
        db = Databases.sqlite(dir);
        InProcess.Result a = ok("import", fixture("micro-jvm-a.json").toString(), "--label", "jvm=a");
        assertThat(a.out()).endsWith("as run 1, 2, 3, 4\n");
        InProcess.Result b = ok("import", fixture("micro-jvm-b.json").toString(), "--label", "jvm=b", "--note", "ea");
        assertThat(b.out()).endsWith("as run 5, 6, 7, 8\n");
    }

    static Path fixture(String name) {
        Path p = dir.resolve(name);
        if (!Files.exists(p)) {
            try (InputStream in = MicroImportTest.class.getClassLoader().getResourceAsStream("store/micro/" + name)) {
                Files.copy(in, p);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return p;
    }

    static InProcess.Result run(String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--db";
        all[args.length + 1] = db;
        return InProcess.run(all);
    }

    static InProcess.Result ok(String... args) {
        InProcess.Result r = run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return r;
    }

    @Test
    void eachVariantOfEachSuiteIsARunOfSourceMicroWithItsSamplesAsRepetitions() {
        try (ResultStore store = ResultStore.open(db)) {
            StoredRun r = store.get(2).orElseThrow();
            assertThat(r.source()).isEqualTo("micro");
            assertThat(r.name()).isEqualTo("sum: int[]");
            assertThat(r.workload()).isEqualTo(WorkloadKey.micro("sum: int[]", "stream"));
            assertThat(r.workload().label()).isEqualTo("sum: int[] / stream");
            assertThat(r.engine()).isEqualTo("micro");
            assertThat(r.target()).isEqualTo("java 25.0.3 (Eclipse Adoptium)");
            assertThat(r.repetitions()).isEqualTo(5);
            assertThat(r.complete()).isTrue();
            assertThat(1e9 / r.meanIops()).isCloseTo(300.0, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(r.labels()).containsExactly(java.util.Map.entry("jvm", "a"));
            assertThat(store.get(5).orElseThrow().note()).isEqualTo("ea");
            assertThat(store.document(2, "result").orElseThrow()).contains("\"kind\":\"iobench-micro\"")
                    .contains("\"name\":\"stream\"").doesNotContain("\"name\":\"for\"");
        }
    }

    @Test
    void compareByJvmHasOneColumnPerJvmInNanosecondsPerOp() {
        String text = ok("compare", "--by", "jvm").out();
        assertThat(text.lines().toList()).startsWith("ns/op per sample");
        assertThat(text).contains("sum: int[] / for").contains("jvm=a").contains("jvm=b");
        Golden.assertMatches(text, "store/golden/micro-by-jvm.txt");
    }

    @Test
    void relativeGivesEachJvmsRatioToTheFastestJvmPerVariant() {
        String text = ok("compare", "--by", "jvm", "--relative").out();
        assertThat(text).contains("ratio: mean / fastest mean, per row; 1.00 is the fastest");
        Golden.assertMatches(text, "store/golden/micro-by-jvm-relative.txt");
    }

    @Test
    void abComparesTheSamplesOfEachVariantLowerIsBetter() {
        String text = ok("compare", "--base", "jvm=a", "--new", "jvm=b").out();
        assertThat(text).contains("(lower is better)");
        List<String> lines = text.lines().toList();
        assertThat(lines.stream().filter(l -> l.startsWith("sum: int[] / for")).findFirst().orElseThrow())
                .contains("+20.0%");
        assertThat(lines.stream().filter(l -> l.startsWith("sum: List<Integer> / for")).findFirst().orElseThrow())
                .contains("~");
        Golden.assertMatches(text, "store/golden/micro-ab.txt");
    }

    @Test
    void opsPerSecondIsTheOtherMicroMetricAndIoMetricsSelectNoMicroRuns() {
        assertThat(ok("compare", "--by", "jvm", "--metric", "ops/s").out()).startsWith("ops/s per sample");
        InProcess.Result mb = run("compare", "--by", "jvm", "--metric", "MB/s");
        assertThat(mb.status()).isEqualTo(1);
        assertThat(mb.err()).contains("selects no I/O runs");
    }

    @Test
    void showPrintsTheVariantsSamplesAndStatistics() {
        String text = ok("show", "2").out();
        assertThat(text).contains("run 2, 2026-11-30T12:00:00Z, imported from micro, labels jvm=a")
                .contains("micro-benchmark: suite 'sum: int[]', variant 'stream'")
                .contains("ns/op: mean 300 ±")
                .contains("samples (ns/op): 300 306 294 303 297");
        assertThat(ok("show", "2", "--format", "json").out()).contains("\"id\" : 2")
                .contains("\"kind\" : \"iobench-micro\"");
    }

    @Test
    void ioRunsAndMicroBenchmarksInOneDatabaseAreComparedEachByItsOwnMetric() throws IOException {
        Path other = Files.createDirectories(dir.resolve("mixed"));
        String mixed = Databases.sqlite(other);
        try (ResultStore store = ResultStore.open(mixed)) {
            StoryRuns.saveStory004(store);
        }
        assertThat(InProcess.run("import", fixture("micro-jvm-a.json").toString(), "--label", "jvm=a",
                "--label", "patch=with", "--db", mixed).status()).isZero();

        InProcess.Result byJvm = InProcess.run("compare", "--by", "jvm", "--db", mixed);
        assertThat(byJvm.status()).as(byJvm.err()).isZero();
        assertThat(byJvm.out()).startsWith("ns/op per sample");
        InProcess.Result io = InProcess.run("compare", "--base", "patch=without", "--new", "patch=with",
                "--metric", "KB/s", "--db", mixed);
        assertThat(io.status()).as(io.err()).isZero();
        assertThat(io.out()).startsWith("randwrite, 64 threads").doesNotContain("sum:");
        InProcess.Result mix = InProcess.run("compare", "--base", "patch=without", "--new", "patch=with",
                "--db", mixed);
        assertThat(mix.status()).isEqualTo(2);
        assertThat(mix.err()).isEqualTo("iobench: the selected runs mix I/O runs and micro-benchmarks"
                + " (source:micro), which share no metric; select one kind (e.g. add source:micro) or give --metric\n");
    }

    @Test
    void aReportOfAnotherVersionIsRefusedWithOneLine() throws IOException {
        Path bad = dir.resolve("v2.json");
        Files.writeString(bad, Files.readString(fixture("micro-jvm-a.json")).replace("\"formatVersion\": 1",
                "\"formatVersion\": 2"));
        InProcess.Result r = run("import", bad.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: FILE " + bad + ": micro report formatVersion 2 is not supported"
                + " (this iobench reads 1)\n");
    }
}
