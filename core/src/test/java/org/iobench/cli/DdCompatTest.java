package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code iobench dd} against GNU dd ({@code /usr/bin/dd}) with the same operands on the same files: the records
 * lines must be identical, the transfer line identical up to the time, and the output files byte for byte equal.
 */
class DdCompatTest {
    private static final String GNU_DD = "/usr/bin/dd";
    private static final int INPUT_BYTES = 100_007;

    @TempDir
    Path dir;
    Path input;

    @BeforeEach
    void input() throws IOException {
        byte[] data = new byte[INPUT_BYTES];
        new Random(7).nextBytes(data);
        input = Files.write(dir.resolve("in"), data);
    }

    static Stream<String> operands() {
        return Stream.of(
                "if=/dev/zero of=OUT bs=1M count=8",
                "if=/dev/zero of=OUT count=100",
                "if=/dev/zero of=OUT ibs=1000 obs=4096 count=10",
                "if=/dev/zero of=OUT bs=4k count=8 oflag=direct,dsync",
                "if=/dev/zero of=OUT bs=1M count=2 conv=fdatasync status=noxfer",
                "if=/dev/zero of=OUT bs=2x512 count=3 seek=5",
                "if=IN of=/dev/null bs=3000",
                "if=IN of=/dev/null ibs=4k obs=1000 skip=3",
                "if=IN of=/dev/null bs=1M",
                "if=IN of=/dev/null bs=512 count=3000B",
                "if=IN of=OUT bs=4k skip=2 seek=3 count=5",
                "if=IN of=OUT bs=64k",
                "if=IN of=OUT bs=1k count=7 iflag=skip_bytes skip=100");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operands")
    void iobenchDdPrintsGnuDdsRecordsAndBytesAndWritesTheSameFile(String line) throws Exception {
        Path gnuOut = dir.resolve("gnu.out");
        Path ourOut = dir.resolve("our.out");
        List<String> gnu = gnuDd(ops(line, gnuOut));
        InProcessMain.Result ours = InProcessMain.run(concat("dd", ops(line, ourOut)));
        assertThat(ours.status()).as(ours.err()).isZero();
        List<String> mine = ours.err().lines()
                .filter(l -> !l.matches("(warning|context|note): .*|iobench: saved as run .*")).toList();
        assertThat(mine).hasSameSizeAs(gnu);
        assertThat(mine.get(0)).isEqualTo(gnu.get(0));
        assertThat(mine.get(1)).isEqualTo(gnu.get(1));
        if (gnu.size() > 2) {
            assertThat(upToTime(mine.get(2))).isEqualTo(upToTime(gnu.get(2)));
            assertThat(mine.get(2)).matches(".* copied, [0-9.e+-]+ s, [0-9.]+ [kMGT]?B/s");
        }
        if (!line.contains("of=/dev/null")) {
            assertThat(Files.readAllBytes(ourOut)).isEqualTo(Files.readAllBytes(gnuOut));
        }
    }

    @Test
    void anExistingOutputIsTruncatedOrOverwrittenInPlaceAsDdDoesOnceTheUserConsents() throws Exception {
        for (String line : List.of("if=IN of=OUT bs=1k count=2 seek=1 conv=notrunc", "if=IN of=OUT bs=1k count=2"
                + " seek=1")) {
            Path gnuOut = Files.write(dir.resolve("gnu.old"), new byte[50_000]);
            Path ourOut = Files.write(dir.resolve("our.old"), new byte[50_000]);
            List<String> gnu = gnuDd(ops(line, gnuOut));
            InProcessMain.Result refused = InProcessMain.run(concat("dd", ops(line, ourOut)));
            assertThat(refused.status()).isEqualTo(2);
            assertThat(refused.err()).contains("--allow-overwrite").contains("IOBENCH_ALLOW_OVERWRITE=1");
            assertThat(Files.size(ourOut)).as("untouched without consent").isEqualTo(50_000);
            InProcessMain.Result ours = InProcessMain.run(concat("dd", ops(line + " --allow-overwrite", ourOut)));
            assertThat(ours.status()).as(ours.err()).isZero();
            assertThat(ours.err().lines().limit(2).toList()).isEqualTo(gnu.subList(0, 2));
            assertThat(Files.readAllBytes(ourOut)).as(line).isEqualTo(Files.readAllBytes(gnuOut));
        }
    }

    @Test
    void theConsentVariableLetsAScriptsDdLineRunUnchanged() throws Exception {
        Path out = Files.write(dir.resolve("existing"), new byte[8192]);
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "dd", "if=/dev/zero", "of=" + out,
                "bs=4k", "count=1").redirectErrorStream(true);
        pb.environment().put("IOBENCH_ALLOW_OVERWRITE", "1");
        Process p = pb.start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(text).isZero();
        assertThat(text).contains("1+0 records in\n1+0 records out\n4096 bytes (4.1 kB, 4.0 KiB) copied, ");
        assertThat(Files.size(out)).as("truncated after the written block, as dd does").isEqualTo(4096);
    }

    @Test
    void ddSaysWhereItSavedTheRunAsRunDoesExceptWithStatusNone() {
        Path db = dir.resolve("results.db");
        InProcessMain.Result saved = InProcessMain.run("dd", "if=/dev/zero", "of=" + dir.resolve("a"), "bs=4k",
                "count=2", "--db", db.toString());
        assertThat(saved.status()).as(saved.err()).isZero();
        assertThat(saved.err()).contains("iobench: saved as run 1 in " + db);
        InProcessMain.Result silent = InProcessMain.run("dd", "if=/dev/zero", "of=" + dir.resolve("b"), "bs=4k",
                "count=2", "status=none", "--db", db.toString());
        assertThat(silent.status()).as(silent.err()).isZero();
        assertThat(silent.err()).doesNotContain("saved as");
        InProcessMain.Result runs = InProcessMain.run("runs", "--db", db.toString());
        assertThat(runs.out()).as("status=none is still saved").contains(dir.resolve("b").toString()).hasLineCount(3);
    }

    @Test
    void mistakesAreOneLineErrorsNamingTheOperand() {
        InProcessMain.Result r = InProcessMain.run("dd", "if=/dev/zero", "of=" + dir.resolve("x"), "bs=1m");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).startsWith("iobench: dd: bs=1m: invalid number").hasLineCount(1);
        InProcessMain.Result endless = InProcessMain.run("dd", "if=/dev/zero", "of=" + dir.resolve("x"), "bs=1M");
        assertThat(endless.err()).contains("needs count=");
        InProcessMain.Result directory = InProcessMain.run("dd", "if=/dev/zero", "of=" + dir, "bs=1M", "count=1");
        assertThat(directory.err()).isEqualTo("iobench: dd: of=" + dir + ": is a directory\n");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    private String[] ops(String line, Path out) {
        return line.replace("IN", input.toString()).replace("OUT", out.toString()).split(" ");
    }

    private static String[] concat(String first, String[] rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    private static String upToTime(String transferLine) {
        return transferLine.substring(0, transferLine.indexOf(" copied,") + " copied,".length());
    }

    private List<String> gnuDd(String[] operands) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(GNU_DD));
        cmd.addAll(List.of(operands));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        return err.lines().toList();
    }
}
