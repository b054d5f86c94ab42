package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.store.ResultStore;
import org.iobench.store.RunQuery;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * An option typed before the command is the command's: {@code iobench --db F import X} saves into F and
 * {@code iobench --no-store run ...} saves nothing, as they do after the command; one the command does not take is
 * refused (status 2, one line naming it) before any work. Where the default database would catch a misplaced
 * result, the command runs in a child JVM whose home is a temporary directory, so the user's own database is never
 * written by the test.
 */
class OptionsBeforeTheCommandTest {
    @TempDir
    Path dir;

    /** Runs iobench in a child JVM whose default database is under {@code home} (no IOBENCH_DB, no XDG_DATA_HOME). */
    private Cli.Result runWithHome(Path home, String... args) throws Exception {
        return Cli.finish(Cli.start(dir, List.of("env", "-u", "IOBENCH_DB", "-u", "XDG_DATA_HOME"),
                List.of("-Duser.home=" + home), args));
    }

    private static int runsIn(Path db) {
        try (ResultStore store = ResultStore.open("jdbc:sqlite:" + db)) {
            return store.find(RunQuery.ALL).size();
        }
    }

    @Test
    void dbBeforeImportSavesIntoThatDatabase() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path fio = dir.resolve("fio.json");
        try (InputStream in = getClass().getResourceAsStream("/fio-output/fio-3.33-randread-libaio-group.json")) {
            Files.copy(in, fio);
        }
        Path db = dir.resolve("chosen.db");
        Cli.Result r = runWithHome(home, "--db=" + db, "import", fio.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("in " + db);
        assertThat(runsIn(db)).isEqualTo(1);
        assertThat(home.resolve(".local/share/iobench/results.db")).as("the default database").doesNotExist();
    }

    @Test
    void dbBeforeRunSavesIntoThatDatabase() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path db = dir.resolve("chosen.db");
        Cli.Result r = runWithHome(home, "--db", db.toString(), "run", "--rw", "write", "--bs", "64k", "--size",
                "64k", "--sample-interval", "0", "-q", dir.resolve("f").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(runsIn(db)).isEqualTo(1);
        assertThat(home.resolve(".local/share/iobench/results.db")).as("the default database").doesNotExist();
    }

    @Test
    void noStoreAndOutputBeforeRunAreHonoured() throws Exception {
        Path db = dir.resolve("never.db");
        Path json = dir.resolve("r.json");
        InProcess.Result r = InProcess.run("--no-store", "-qo", json.toString(), "run", "--rw", "write", "--bs", "64k",
                "--size", "64k", "--sample-interval", "0", "--db", db.toString(), dir.resolve("f").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).doesNotContain("saved as run");
        assertThat(db).as("--no-store given before run").doesNotExist();
        assertThat(Files.readString(json)).contains("\"formatVersion\"");
    }

    @Test
    void formatBeforeRunsIsTheListsFormat() throws Exception {
        String db = dir.resolve("r.db").toString();
        InProcess.Result saved = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k",
                "--sample-interval", "0", "-q", "--db", db, dir.resolve("f").toString());
        assertThat(saved.status()).as(saved.err()).isZero();
        InProcess.Result csv = InProcess.run("--format", "csv", "--db", db, "runs");
        assertThat(csv.status()).as(csv.err()).isZero();
        assertThat(csv.out()).isEqualTo(InProcess.run("runs", "--db", db, "--format", "csv").out());
        assertThat(csv.out().lines().findFirst().orElseThrow()).contains(",");
    }

    @Test
    void anOptionTheCommandDoesNotTakeIsRefusedBeforeAnyWork() throws Exception {
        String db = dir.resolve("r.db").toString();
        InProcess.Result saved = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k",
                "--sample-interval", "0", "-q", "--db", db, dir.resolve("f").toString());
        assertThat(saved.status()).as(saved.err()).isZero();

        InProcess.Result runs = InProcess.run("--no-store", "runs", "--db", db);
        assertThat(runs.status()).isEqualTo(2);
        assertThat(runs.out()).isEmpty();
        assertThat(runs.err()).isEqualTo("iobench: runs: unknown option '--no-store' (an option before the command is"
                + " the command's); iobench help runs lists the options" + System.lineSeparator());

        InProcess.Result size = InProcess.run("--size", "1g", "show", "last", "--db", db);
        assertThat(size.status()).isEqualTo(2);
        assertThat(size.out()).isEmpty();
        assertThat(size.err().lines()).singleElement().asString().contains("show: unknown option '--size'");

        Path target = dir.resolve("fio-target");
        InProcess.Result fio = InProcess.run("--db", db, "fio", "--name=j", "--rw=write", "--size=64k",
                "--filename=" + target);
        assertThat(fio.status()).isEqualTo(2);
        assertThat(fio.err().lines()).singleElement().asString().contains("fio: unknown option '--db'");
        assertThat(target).as("refused before any I/O").doesNotExist();
        assertThat(runsIn(Path.of(db))).isEqualTo(1);
    }

    @Test
    void helpBeforeACommandIsThatCommandsHelp() {
        InProcess.Result r = InProcess.run("--help", "runs");
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("Usage: iobench runs ");
    }

    @Test
    void helpBeforeACommandWithoutHelpOfItsOwnIsIobenchsListingEveryCommand() {
        String[] args = {"--help", "fio"};
        CommandLine cl = Main.commandLine(args);
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        assertThat(Main.execute(cl, args)).isZero();
        assertThat(out.toString()).startsWith("Usage: iobench [").contains("  runs ").contains("  fio ");
    }

    @Test
    void debugStaysEveryCommandsAndTheQuickSuiteKeepsItsOptions() {
        assertThat(LeadingOptions.toCommand(Main.commandLine(), new String[] {"--debug", "fio", "--name=x"}))
                .containsExactly("--debug", "fio", "--name=x");
        assertThat(LeadingOptions.toCommand(Main.commandLine(), new String[] {"--db", "F", "-q", "--size", "1g"}))
                .containsExactly("--db", "F", "-q", "--size", "1g");
        assertThat(LeadingOptions.toCommand(Main.commandLine(),
                new String[] {"--debug", "--db", "F", "--label=k=v", "import", "x.json", "--note", "n"}))
                .containsExactly("--debug", "import", "--db", "F", "--label=k=v", "x.json", "--note", "n");
        assertThat(Subcommands.firstWord(Main.commandLine().getCommandSpec(), new String[] {"-qo", "run", "runs"}))
                .isEqualTo("runs");
    }
}
