package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every output file of every command, and every label, is checked before the first byte of I/O: a bad one ends
 * the command at once (exit 2, one line with the reason) instead of after a long run.
 */
class OutputsCheckedFirstTest {
    @TempDir
    Path dir;

    /** Each command with its output option; DIR is the test's directory, OUT the output path under test. */
    private static final List<String> COMMANDS = List.of(
            "run --rw write --size 1m DIR/target -o OUT",
            "run --rw read --size 1m DIR/target --format json -o OUT",
            "dd if=/dev/zero of=DIR/target bs=64k count=4 -o OUT",
            "suite quick DIR --size 64m -o OUT",
            "saturate --rw read --size 1m DIR/target -o OUT",
            "micro org.iobench.micro.examples.SumSuites -o OUT",
            "show 1 --db DIR/none.db -o OUT",
            "history --db DIR/none.db -o OUT",
            "check x=1 --against x=2 --db DIR/none.db -o OUT",
            "report -i DIR/none.json -o OUT",
            "runs --db DIR/none.db -o OUT",
            "compare --by kernel --db DIR/none.db -o OUT");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"missing", "directory", "proc", "device", "existing"})
    void aBadOutputEndsEveryCommandBeforeItsWork(String kind) throws Exception {
        Path existing = Files.writeString(dir.resolve("old.json"), "keep me");
        String out = switch (kind) {
            case "missing" -> dir.resolve("no/such/dir/out.json").toString();
            case "directory" -> dir.toString();
            case "proc" -> "/proc/iobench-out.json";
            case "device" -> "/dev/null";
            default -> existing.toString();
        };
        String reason = switch (kind) {
            case "missing" -> "the directory " + dir.resolve("no/such/dir") + " does not exist";
            case "directory" -> "is a directory; only a regular file or - (standard output) is written";
            case "proc" -> "is on the kernel's proc filesystem, not a place for a result file";
            case "device" -> "is a character device; only a regular file or - (standard output) is written";
            default -> "exists; add --force to replace it";
        };
        for (String command : COMMANDS) {
            List<String> args = new ArrayList<>();
            for (String w : command.split(" ")) {
                args.add(w.replace("DIR", dir.toString()).replace("OUT", out));
            }
            InProcess.Result r = InProcess.run(args.toArray(String[]::new));
            String option = "-o";
            assertThat(r.status()).as(command + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).as(command).isEqualTo("iobench: " + option + " " + out + ": " + reason + "\n");
            assertThat(r.out()).as(command).isEmpty();
            try (var files = Files.list(dir)) {
                assertThat(files).as(command + ": nothing ran, nothing was created").containsExactly(existing);
            }
            assertThat(Files.readString(existing)).isEqualTo("keep me");
        }
    }

    @Test
    void aLabelGivenTwiceEndsTheCommandBeforeTheRun() throws Exception {
        for (String command : List.of("run --rw write --size 1m DIR/target", "dd if=/dev/zero of=DIR/target"
                + " bs=64k count=4", "suite quick DIR --size 64m", "saturate --rw read --size 1m DIR/target")) {
            List<String> args = new ArrayList<>(List.of(command.replace("DIR", dir.toString()).split(" ")));
            args.addAll(List.of("--label", "k=1", "--label", "k=2", "--db", dir.resolve("r.db").toString()));
            InProcess.Result r = InProcess.run(args.toArray(String[]::new));
            assertThat(r.status()).as(command).isEqualTo(2);
            assertThat(r.err()).isEqualTo("iobench: --label k=2: k is already 1; a run has one value per label\n");
            try (var files = Files.list(dir)) {
                assertThat(files).as(command + ": nothing ran").isEmpty();
            }
        }
    }

    @Test
    void forceReplacesAnExistingResultAndADashMeansStdout() throws Exception {
        Path json = Files.writeString(dir.resolve("result.json"), "old");
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "256k",
                "--sample-interval", "0", "--no-store", "-o", json.toString(), "--force",
                dir.resolve("f").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(Files.readString(json)).startsWith("{").contains("\"formatVersion\" : 2");
        assertThat(r.out()).contains("write-64KiB"); // the text still goes to stdout

        InProcess.Result dash = InProcess.run("run", "--rw", "read", "--bs", "64k", "--size", "256k",
                "--sample-interval", "0", "--no-store", "--format", "json", dir.resolve("f").toString());
        assertThat(dash.status()).as(dash.err()).isZero();
        assertThat(dash.out()).startsWith("{").contains("\"formatVersion\" : 2").doesNotContain("IOPS\n");
        assertThat(dir.resolve("-")).doesNotExist();
    }
}
