package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** One convention everywhere: --format FORMAT, -o/--output FILE, --force; old spellings warn once on stderr. */
class OutputConventionTest {
    /** Every command that prints results a user may want to keep. */
    private static final List<String> WITH_OUTPUT = List.of("run", "suite", "dd", "saturate", "micro", "show",
            "verify", "runs", "compare", "report", "history", "check");

    @TempDir
    Path dir;

    private static final String DEPRECATED = "is deprecated, use ";

    @Test
    void everyCommandWithOutputTakesFormatOutputAndForceTheQuickSuiteToo() {
        CommandLine root = Main.commandLine();
        for (String name : WITH_OUTPUT) {
            CommandSpec spec = root.getSubcommands().get(name).getCommandSpec();
            assertThat(spec.findOption("--format")).as(name + " --format").isNotNull();
            assertThat(spec.findOption("-o")).as(name + " -o").isNotNull();
            assertThat(spec.findOption("--output").paramLabel()).as(name + " --output").isEqualTo("FILE");
            assertThat(spec.findOption("--force")).as(name + " --force").isNotNull();
        }
        assertThat(root.getCommandSpec().findOption("-o")).isNotNull();
        assertThat(root.getCommandSpec().findOption("--format")).isNotNull();
    }

    @Test
    void theOldOutputJsonOfRunStillWorksWithOneWarningOnStderrOnly() throws Exception {
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "256k",
                "--sample-interval", "0", "--no-store", "--output", "json", dir.resolve("f").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(new ObjectMapper().readTree(r.out()).path("benchmarks").size()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("iobench: warning: --output json is deprecated, use --format json"
                + " (-o/--output now names a file; write ./json for a file of that name); the old spelling goes away"
                + " in the next release\n");
    }

    @Test
    void theOldJsonFileOfRunIsTheNewOutputFileWithAWarning() throws Exception {
        Path json = dir.resolve("r.json");
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "256k",
                "--sample-interval", "0", "--no-store", "--json", json.toString(), dir.resolve("f").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("write-64KiB: write, bs 64KiB"); // the text still on stdout
        assertThat(new ObjectMapper().readTree(json.toFile()).path("formatVersion").isInt()).isTrue();
        assertThat(r.err().lines().filter(l -> l.contains(DEPRECATED)).toList())
                .containsExactly("iobench: warning: --json " + json + " is deprecated, use -o " + json
                        + " --format json; the old spelling goes away in the next release");
    }

    @Test
    void aRunWritesItsFileAsJsonAndRefusesATextFile() {
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "256k", "--no-store", "--format", "text",
                "-o", dir.resolve("r.txt").toString(), dir.resolve("f").toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: -o " + dir.resolve("r.txt") + ": run writes a file in json or fio-json, not text"
                + " (its text output goes to stdout)\n");
        assertThat(dir.resolve("f")).doesNotExist();
    }

    @Test
    void anUnknownFormatIsNamedWithTheCommandsFormats() {
        InProcess.Result r = InProcess.run("show", "1", "--format", "yaml", "--db", dir.resolve("none.db").toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: --format yaml: not a format of show (text, json, hdr or csv)\n");
        InProcess.Result run = InProcess.run("run", "--format", "csv", dir.toString());
        assertThat(run.err()).isEqualTo("iobench: --format csv: not a format of run (text, json or fio-json)\n");
    }

    @Test
    void withoutFormatTheFilesExtensionChoosesAndOtherwiseTheCommandsDefault() throws Exception {
        String db = org.iobench.store.Databases.sqlite(dir);
        try (var store = org.iobench.store.ResultStore.open(db)) {
            store.save(org.iobench.store.StoreFixtures.run(org.iobench.store.StoreFixtures.result("/dev/md0",
                    org.iobench.job.RwMode.READ, 4096, 1, false, 1e8), java.util.Map.of("k", "v"),
                    org.iobench.store.StoreFixtures.T0));
        }
        for (String[] c : new String[][] {{"runs.csv", "id,"}, {"runs.md", "|  id |"}, {"runs.json", "{"},
                {"runs.out", "id  "}}) {
            Path f = dir.resolve(c[0]);
            InProcess.Result r = InProcess.run("runs", "--db", db, "-o", f.toString());
            assertThat(r.status()).as(r.err()).isZero();
            assertThat(r.out()).isEmpty();
            assertThat(Files.readString(f)).as(c[0]).startsWith(c[1]);
        }
        Path page = dir.resolve("report.html");
        assertThat(InProcess.run("report", "--db", db, "--output", page.toString()).status()).isZero();
        assertThat(Files.readString(page)).startsWith("<!DOCTYPE html>");
        InProcess.Result again = InProcess.run("report", "--db", db, "-o", page.toString());
        assertThat(again.status()).isEqualTo(2);
        assertThat(again.err()).isEqualTo("iobench: -o " + page + ": exists; add --force to replace it\n");
        Path shown = dir.resolve("show.json");
        assertThat(InProcess.run("show", "last", "--db", db, "-o", shown.toString()).status()).isZero();
        assertThat(new ObjectMapper().readTree(shown.toFile()).path("id").asLong()).isEqualTo(1);
    }

    @Test
    void showAndVerifyTakeTheirOldSpellingsWithAWarning() throws Exception {
        String db = org.iobench.store.Databases.sqlite(dir);
        try (var store = org.iobench.store.ResultStore.open(db)) {
            store.save(org.iobench.store.StoreFixtures.run(org.iobench.store.StoreFixtures.result("/dev/md0",
                    org.iobench.job.RwMode.READ, 4096, 1, false, 1e8), java.util.Map.of(),
                    org.iobench.store.StoreFixtures.T0));
        }
        InProcess.Result show = InProcess.run("show", "1", "--output", "json", "--db", db);
        assertThat(show.status()).as(show.err()).isZero();
        assertThat(new ObjectMapper().readTree(show.out()).path("id").asLong()).isEqualTo(1);
        assertThat(show.err()).startsWith("iobench: warning: --output json is deprecated, use --format json")
                .hasLineCount(1);
        InProcess.Result conflict = InProcess.run("show", "1", "--output", "json", "--format", "text", "--db", db);
        assertThat(conflict.status()).isEqualTo(2);
        assertThat(conflict.err()).endsWith("iobench: --output json: conflicts with --format text\n");

        Path target = Files.write(dir.resolve("data"), new byte[8192]);
        Path missing = dir.resolve("none.json");
        InProcess.Result verify = InProcess.run("verify", target.toString(), "--run", "0123456789abcdef", "--json",
                missing.toString());
        assertThat(verify.err()).startsWith("iobench: warning: --json " + missing + " is deprecated, use -i "
                + missing).contains("iobench: -i " + missing + ": ");
    }
}
