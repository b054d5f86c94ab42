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
 * fio's {@code --aux-path=DIR}: the verify state file ({@code local-NAME-N-verify.state}) is written to, and read
 * from, DIR instead of the working directory; fio 3.33 and iobench leave the same file there for the same writes.
 */
class FioAuxPathCliTest {
    @TempDir
    Path dir;

    private static List<String> writer(Path file, Path aux) {
        return List.of("--aux-path=" + aux, "--output-format=terse", "--name=v", "--rw=write", "--bs=4k",
                "--size=64k", "--filename=" + file, "--verify=crc32c");
    }

    @Test
    void theVerifyStateGoesToTheAuxPathAsFiosDoesByteForByte() throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own state file");
        Path fioAux = Files.createDirectory(dir.resolve("fio-aux"));
        Path ourAux = Files.createDirectory(dir.resolve("iobench-aux"));
        Path work = Files.createDirectory(dir.resolve("work"));
        List<String> cmd = new ArrayList<>(List.of("fio"));
        cmd.addAll(writer(dir.resolve("fio.dat"), fioAux));
        Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("fio.log").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fio did not finish in 120 s");
        }
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("fio.log"))).isZero();
        List<String> ours = new ArrayList<>(List.of("fio"));
        ours.addAll(writer(dir.resolve("iobench.dat"), ourAux));
        InProcessMain.Result r = InProcessMain.run(ours.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();

        Path fioState = fioAux.resolve("local-v-0-verify.state");
        Path ourState = ourAux.resolve("local-v-0-verify.state");
        assertThat(fioState).exists();
        assertThat(Files.list(work)).as("nothing in fio's working directory").isEmpty();
        assertThat(Files.readAllBytes(ourState)).isEqualTo(Files.readAllBytes(fioState));
        assertThat(Path.of("local-v-0-verify.state")).as("nothing in iobench's working directory").doesNotExist();
    }

    @Test
    void aVerifyStateLoadReadsTheStateFromTheAuxPath() throws Exception {
        Path aux = Files.createDirectory(dir.resolve("aux"));
        Path file = dir.resolve("f.dat");
        List<String> write = new ArrayList<>(List.of("fio"));
        write.addAll(writer(file, aux));
        InProcessMain.Result w = InProcessMain.run(write.toArray(String[]::new));
        assertThat(w.status()).as(w.err()).isZero();
        assertThat(aux.resolve("local-v-0-verify.state")).exists();

        List<String> verify = new ArrayList<>(List.of("fio"));
        verify.addAll(writer(file, aux));
        verify.addAll(List.of("--verify_only=1", "--verify_state_load=1"));
        InProcessMain.Result v = InProcessMain.run(verify.toArray(String[]::new));
        assertThat(v.status()).as(v.err()).isZero();

        List<String> elsewhere = new ArrayList<>(verify);
        elsewhere.set(1, "--aux-path=" + Files.createDirectory(dir.resolve("empty")));
        InProcessMain.Result missing = InProcessMain.run(elsewhere.toArray(String[]::new));
        assertThat(missing.status()).as("no state in that aux path: " + missing.err()).isNotZero();
        assertThat(missing.err()).contains("local-v-0-verify.state");
    }
}
