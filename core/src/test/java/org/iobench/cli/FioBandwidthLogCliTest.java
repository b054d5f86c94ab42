package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's {@code --bandwidth-log} (fio master's test t0030 runs it on a null job): fio 3.33 and iobench each write
 * {@code agg-read_bw.log}, {@code agg-write_bw.log} and {@code agg-trim_bw.log} in the working directory, sampled
 * only where fio computes its ETA: with {@code --eta=always} one line per direction every bw_avg_time (500 ms) or
 * more, so as many lines as the run's own reported runtime allows; with stdout not a terminal, none.
 */
class FioBandwidthLogCliTest {
    private static final List<String> FILES = List.of("agg-read_bw.log", "agg-write_bw.log", "agg-trim_bw.log");
    private static final Pattern RUN = Pattern.compile("READ: .*run=(\\d+)-(\\d+)msec");

    @TempDir
    Path dir;

    private static List<String> job(String... extra) {
        List<String> args = new ArrayList<>(List.of("--bandwidth-log"));
        args.addAll(List.of(extra));
        args.addAll(List.of("--name=n", "--ioengine=null", "--rw=randrw", "--bs=4k", "--size=1g", "--runtime=2",
                "--time_based"));
        return args;
    }

    private record Ran(String out, Path work) {}

    private Ran fio(String name, List<String> args) throws Exception {
        Path work = Files.createDirectory(dir.resolve(name));
        List<String> cmd = new ArrayList<>(List.of("fio"));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".out").toFile()).start();
        return ended(p, name, work);
    }

    private Ran iobench(String name, List<String> args) throws Exception {
        Path work = Files.createDirectory(dir.resolve(name));
        List<String> cmd = new ArrayList<>(List.of("fio"));
        cmd.addAll(args);
        Process p = Cli.start(work, cmd.toArray(String[]::new));
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        Files.writeString(dir.resolve(name + ".out"), out + err);
        return ended(p, name, work);
    }

    private Ran ended(Process p, String name, Path work) throws Exception {
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(name + " did not finish in 120 s");
        }
        String out = Files.readString(dir.resolve(name + ".out"));
        assertThat(p.exitValue()).as(name + ": " + out).isZero();
        return new Ran(out, work);
    }

    @Test
    void withTheEtaBothToolsLogEachDirectionEveryHalfSecondOfTheirRuntime() throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own logs");
        for (Ran r : List.of(fio("fio", job("--eta=always")), iobench("iobench", job("--eta=always")))) {
            Matcher m = RUN.matcher(r.out());
            assertThat(m.find()).as(r.out()).isTrue();
            long runMillis = Long.parseLong(m.group(2));
            int lines = -1;
            for (int d = 0; d < 3; d++) {
                List<String> log = Files.readAllLines(r.work().resolve(FILES.get(d)));
                if (lines < 0) {
                    lines = log.size();
                }
                assertThat(log).as(r.work() + " " + FILES.get(d) + ": one sample per direction at a time")
                        .hasSize(lines);
                long last = 0;
                long moved = 0;
                for (String line : log) {
                    String[] c = line.split(", ");
                    assertThat(c).as(line).hasSize(5);
                    assertThat(c[2]).as(line).isEqualTo(Integer.toString(d));
                    assertThat(c[3] + c[4]).as(line).isEqualTo("00");
                    long at = Long.parseLong(c[0]);
                    assertThat(at - last).as("bw_avg_time apart: " + log).isGreaterThanOrEqualTo(500);
                    last = at;
                    moved += Long.parseLong(c[1]);
                }
                if (d < 2) {
                    assertThat(moved).as(FILES.get(d) + " of a randrw job: " + log).isPositive();
                } else {
                    assertThat(moved).as("a randrw job trims nothing: " + log).isZero();
                }
            }
            // every sample is 500 ms or more after the one before; the run, plus its start and end, holds them
            assertThat(lines).as(r.work() + " over " + runMillis + " ms")
                    .isBetween(1, (int) (runMillis / 500) + 2);
        }
    }

    @Test
    void withStdoutNotATerminalTheLogsAreEmptyAsFiosAre() throws Exception {
        List<Ran> runs = new ArrayList<>();
        runs.add(iobench("iobench", job()));
        if (FioConformanceTest.fioInstalled()) {
            runs.add(fio("fio", job()));
        }
        for (Ran r : runs) {
            for (String f : FILES) {
                assertThat(r.work().resolve(f)).as(r.work() + " " + f).exists().isEmptyFile();
            }
            assertThat(r.out()).doesNotContain("bandwidth-log");
        }
    }
}
