package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.job.RwMode;
import org.iobench.store.Databases;
import org.iobench.store.NewRun;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreFixtures;
import org.iobench.store.StoredRun;
import org.iobench.sysmon.env.Environment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Saving, listing, showing, deleting and importing through the command line. */
class StoreCliTest {
    @TempDir
    Path dir;

    /** iobench in a child JVM with {@code env} added to (or, for null values, removed from) its environment. */
    static Cli.Result iobench(Path workDir, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(org.iobench.testing.ChildJvm.command());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile());
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        return Cli.finish(pb.start());
    }

    @Test
    void aRunIsSavedWithLabelsNoteAndEnvironmentThenShownAndDeleted() throws Exception {
        String db = Databases.sqlite(dir);
        Cli.Result run = Cli.run(dir, "run", "--rw", "write", "--bs", "64k", "--size", "1m", "--runs", "2",
                "--label", "kernel=6.1", "--label", "patch=with", "--note", "first try", "--db", db,
                dir.resolve("f").toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).contains("iobench: saved as run 1 in " + dir.resolve("results.db"));

        try (ResultStore store = ResultStore.open(db)) {
            StoredRun s = store.get(1).orElseThrow();
            assertThat(s.labels()).isEqualTo(Map.of("kernel", "6.1", "patch", "with"));
            assertThat(s.note()).isEqualTo("first try");
            assertThat(s.repetitions()).isEqualTo(2);
            assertThat(s.workload().label()).isEqualTo("write 64KiB 1 thread qd1 buffered sync none");
            Environment env = store.environment(1).orElseThrow();
            assertThat(env.kernelRelease()).isEqualTo(Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip());
            assertThat(env.cpuCount()).isEqualTo(Runtime.getRuntime().availableProcessors());
            assertThat(env.memTotalBytes()).isPositive();
            assertThat(env.javaVersion()).startsWith(Runtime.version().feature() + "");
            assertThat(env.iobenchVersion()).isEqualTo(Version.get());
            assertThat(env.filesystem()).isNotNull();
            assertThat(env.filesystem().type()).isNotBlank();
            if (env.device() != null) {
                assertThat(env.device().logicalBlockSize()).isPositive();
            }
        }

        InProcess.Result show = InProcess.run("show", "1", "--db", db);
        assertThat(show.status()).as(show.err()).isZero();
        assertThat(show.out()).startsWith("run 1, ").contains("labels kernel=6.1 patch=with")
                .contains("note: first try").contains("machine: ")
                .contains("write-64KiB: write, bs 64KiB, 1 thread, psync, buffered, sync none")
                .contains("run 2: 1048576 bytes (1.0 MB, 1.0 MiB) written, ")
                .endsWith(run.out()); // as printed when it ran

        InProcess.Result json = InProcess.run("show", "1", "--format", "json", "--db", db);
        var doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
        assertThat(doc.path("formatVersion").asInt()).isEqualTo(2);
        assertThat(doc.path("id").asLong()).isEqualTo(1);
        assertThat(doc.path("labels").path("patch").asText()).isEqualTo("with");
        assertThat(doc.path("environment").path("kernelRelease").asText()).isNotBlank();
        assertThat(doc.path("benchmarks").get(0).path("runs")).hasSize(2);

        InProcess.Result delete = InProcess.run("delete", "1", "--db", db);
        assertThat(delete.out()).startsWith("deleted run 1 (write-64KiB, ");
        InProcess.Result gone = InProcess.run("show", "1", "--db", db);
        assertThat(gone.status()).isEqualTo(1);
        assertThat(gone.err()).isEqualTo("iobench: no run 1 in " + dir.resolve("results.db")
                + " (iobench runs lists them)\n");
    }

    @Test
    void theDefaultDatabaseIsUnderXdgDataHomeAndNoStoreSkipsIt() throws Exception {
        Path xdg = dir.resolve("xdg");
        Map<String, String> env = Map.of("XDG_DATA_HOME", xdg.toString(), "IOBENCH_DB", "");
        Cli.Result skipped = iobench(dir, env, "run", "--rw", "write", "--bs", "4k", "--size", "64k", "--no-store",
                dir.resolve("f").toString());
        assertThat(skipped.status()).as(skipped.err()).isZero();
        assertThat(xdg).doesNotExist();

        Cli.Result saved = iobench(dir, env, "run", "--rw", "write", "--bs", "4k", "--size", "64k", "-q",
                dir.resolve("f").toString());
        assertThat(saved.status()).as(saved.err()).isZero();
        assertThat(xdg.resolve("iobench/results.db")).isRegularFile();
        assertThat(InProcess.run("runs", "--format", "csv", "--db", xdg.resolve("iobench/results.db").toString())
                .out().lines()).hasSize(2);
    }

    @Test
    void badLabelsEndWithOneLineNamingTheOptionAndValueAndExitTwo() {
        for (String bad : List.of("kernel", "=6.1", "ker nel=6.1", "kernel=")) {
            InProcess.Result r = InProcess.run("run", "--label", bad, "--db", "jdbc:sqlite::memory:",
                    dir.resolve("f").toString());
            assertThat(r.status()).as(bad).isEqualTo(2);
            assertThat(r.err()).as(bad).startsWith("iobench: ").contains("--label").contains(bad).hasLineCount(1);
        }
        InProcess.Result twice = InProcess.run("import", "--label", "a=1", "--label", "a=2", "x.json");
        assertThat(twice.status()).isEqualTo(2);
        assertThat(twice.err()).contains("--label a=2: a is already 1").hasLineCount(1);
    }

    @Test
    void fioOutputWithNoteLinesImportsAndATrimJobIsStoredWithItsTrims() throws Exception {
        String db = Databases.sqlite(dir);
        Path notes = Path.of(getClass().getResource("/store/fio/fio-notes-before-json.json").toURI());
        Path trim = Path.of(getClass().getResource("/store/fio/fio-randtrim.json").toURI());
        Path device = Path.of(getClass().getResource("/store/fio/fio-randtrim-loop-device.json").toURI());
        InProcess.Result imported = InProcess.run("import", notes.toString(), trim.toString(), device.toString(),
                "--db", db);
        assertThat(imported.status()).as(imported.err()).isZero();
        assertThat(imported.out()).isEqualTo("imported " + notes + " as run 1\nimported " + trim + " as run 2, 3, 4\n"
                + "imported " + device + " as run 5\n");
        assertThat(imported.err()).doesNotContain("skipped");
        try (ResultStore store = ResultStore.open(db)) {
            assertThat(store.get(3).orElseThrow().complete()).as("fio's ENOTTY on a file").isFalse();
            assertThat(store.get(5).orElseThrow().workload().rw()).isEqualTo("randtrim");
            var run = store.result(5).orElseThrow().runs().getFirst();
            assertThat(run.totals().trims()).isEqualTo(256);
            assertThat(run.totals().bytesTrimmed()).isEqualTo(16L << 20);
            assertThat(run.latencies().trim().count()).isEqualTo(256);
        }
    }

    @Test
    void fioAndIobenchResultsCompareInOneTable() throws Exception {
        String db = Databases.sqlite(dir);
        Path fio = Path.of(getClass().getResource("/store/fio/fio-cmdline.json").toURI());
        Path mine = Path.of(getClass().getResource("/store/iobench/randread-v1-uppercase-enums.json").toURI());
        InProcess.Result missing = InProcess.run("import", fio + ".missing", "--db", db);
        assertThat(missing.status()).as("a missing input file is bad input").isEqualTo(2);
        assertThat(missing.err()).contains(fio + ".missing").contains("no such file");
        InProcess.Result imported = InProcess.run("import", fio.toString(), "--label", "tool=fio", "--db", db);
        assertThat(imported.status()).as(imported.err()).isZero();
        assertThat(imported.out()).isEqualTo("imported " + fio + " as run 1\n");
        assertThat(InProcess.run("import", mine.toString(), "--label", "tool=iobench", "--db", db).status()).isZero();
        try (ResultStore store = ResultStore.open(db)) {
            // An iobench run of the fio job's workload (read, 1 MiB, 1 thread, buffered).
            store.save(new NewRun(StoreFixtures.result("/tmp/fiofx/clifile", RwMode.READ, 1 << 20, 1, false, 7e8,
                    7.1e8), StoreFixtures.ENV, Map.of("tool", "iobench"), null, "iobench", Instant.now()));
            assertThat(store.find(org.iobench.store.RunQuery.ALL)).extracting(StoredRun::source)
                    .containsExactlyInAnyOrder("fio", "iobench-json", "iobench");
        }
        InProcess.Result r = InProcess.run("compare", "--by", "tool", "--db", db);
        assertThat(r.status()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(1)).contains("tool=fio").contains("tool=iobench");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("read 1MiB").matches(".*699\\s+1\\s+705\\s+2$"));
        assertThat(r.out()).contains("no runs with tool=fio for 'randread 4KiB'");
    }
}
