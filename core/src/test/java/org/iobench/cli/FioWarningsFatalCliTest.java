package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's {@code --warnings-fatal} ("Fio parser warnings are fatal"): each of fio 3.33's parser warnings
 * ({@code fixup_options}'s {@code ret |= warnings_fatal}) refuses the command line with fio's line alone (on stderr,
 * or on stdout for the two fio prints with {@code log_info}) and status 1, and no file made; without the flag the same command line runs (exit 0) and iobench
 * notes what fio warned. Checked against fio itself, on the same command lines.
 */
class FioWarningsFatalCliTest {
    @TempDir
    Path dir;

    record Outcome(int status, String out, String err) {}

    /** The command lines, each with the one parser warning fio prints for it. */
    private List<List<String>> cases(String tag) {
        String f = dir.resolve(tag + ".dat").toString();
        return List.of(
                List.of("--name=t", "--ioengine=null", "--size=64k", "--time_based", "fio: time_based requires a"
                        + " runtime/timeout setting"),
                List.of("--name=b", "--ioengine=null", "--size=64k", "--rw=randread", "--blockalign=1k",
                        "fio: Any use of blockalign= turns off randommap"),
                List.of("--name=l", "--filename=" + f, "--size=64k", "--rw=randwrite", "--bsrange=4k-8k",
                        "--norandommap", "--verify=crc32c", "fio: norandommap given for variable block sizes, verify"
                                + " limited"),
                List.of("--name=m", "--filename=" + f, "--size=64k", "--rw=write", "--numjobs=2", "--verify=crc32c",
                        "fio: multiple writers may overwrite blocks that belong to other jobs. This can cause"
                                + " verification failures."),
                List.of("--name=v", "--filename=" + f, "--size=64k", "--rw=write", "--time_based", "--runtime=1",
                        "--verify=crc32c", "fio: verification read phase will never start because write phase uses"
                                + " all of runtime"));
    }

    private Outcome fio(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("fio", "--output-format=terse", "--aux-path=" + dir));
        cmd.addAll(args);
        Path out = dir.resolve("fio.out");
        Path err = dir.resolve("fio.err");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fio did not finish in 120 s");
        }
        return new Outcome(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private Outcome iobench(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of("fio", "--output-format=terse", "--aux-path=" + dir));
        cmd.addAll(args);
        InProcessMain.Result r = InProcessMain.run(cmd.toArray(String[]::new));
        return new Outcome(r.status(), r.out(), r.err());
    }

    @Test
    void eachParserWarningIsFatalWithFiosLineAndStatusOneInBothAndNothingRuns() throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own status and message");
        for (String tool : List.of("fio", "iobench")) {
            for (List<String> c : cases(tool)) {
                List<String> args = new ArrayList<>(List.of("--warnings-fatal"));
                args.addAll(c.subList(0, c.size() - 1));
                String line = c.getLast();
                Outcome o = tool.equals("fio") ? fio(args) : iobench(args);
                assertThat(o.status()).as(tool + " " + args + ": " + o.err()).isEqualTo(1);
                // fio's log_err lines go to stderr, its log_info lines with the report (stdout here)
                boolean info = line.startsWith("fio: multiple writers") || line.startsWith("fio: verification");
                assertThat(info ? o.out() : o.err()).as(tool + " " + args).isEqualTo(line + "\n");
                assertThat(info ? o.err() : o.out()).as(tool + " " + args).isEmpty();
                assertThat(dir.resolve(tool + ".dat")).as(tool + " " + args).doesNotExist();
            }
        }
    }

    @Test
    void withoutTheFlagEachRunsAndFioWarnsAndIobenchNotesIt() throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own status and message");
        for (List<String> c : cases("fio")) {
            Outcome o = fio(c.subList(0, c.size() - 1));
            assertThat(o.status()).as("fio " + c + ": " + o.err()).isZero();
            assertThat(o.out() + o.err()).as("fio " + c).contains(c.getLast());
            Files.deleteIfExists(dir.resolve("fio.dat"));
        }
        for (List<String> c : cases("iobench")) {
            Outcome o = iobench(c.subList(0, c.size() - 1));
            assertThat(o.status()).as("iobench " + c + ": " + o.err()).isZero();
            assertThat(o.out().lines().filter(l -> l.startsWith("iobench: note: ")).count()).as("iobench " + c
                    + ": " + o.out()).isOne();
            assertThat(o.out()).as("a note, then the terse line").contains("\n3;fio-3.33;");
            Files.deleteIfExists(dir.resolve("iobench.dat"));
        }
    }

    @Test
    void inAJobFileWithOutputFiosInfoLineGoesToTheOutputFileAndStderrStaysEmpty() throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own status and message");
        String line = "fio: multiple writers may overwrite blocks that belong to other jobs. This can cause"
                + " verification failures.";
        for (String tool : List.of("fio", "iobench")) {
            Path job = dir.resolve(tool + ".fio");
            Files.writeString(job, "[m]\nfilename=" + dir.resolve(tool + ".dat") + "\nsize=64k\nrw=write\nnumjobs=2\n"
                    + "verify=crc32c\n");
            Path report = dir.resolve(tool + ".report");
            List<String> args = List.of("--warnings-fatal", "--output=" + report, job.toString());
            Outcome o = tool.equals("fio") ? fio(args) : iobench(args);
            assertThat(o.status()).as(tool + ": " + o.err()).isEqualTo(1);
            assertThat(o.out()).as(tool).isEmpty();
            assertThat(o.err()).as(tool).isEmpty();
            assertThat(Files.readString(report)).as(tool).isEqualTo(line + "\n");
            assertThat(dir.resolve(tool + ".dat")).as(tool).doesNotExist();
        }
    }
}
