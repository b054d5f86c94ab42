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
 * fio's verify state over several files (fio master's t0037, smaller): a job writing {@code filename=a:b:c} with
 * {@code loops=2} leaves the same {@code local-NAME-N-verify.state} under fio 3.33 and under {@code iobench fio}
 * (iodepth slots per file, each file's last completed writes), and each tool's reader verifies the files the other
 * wrote with the other's state ({@code verify_state_load}).
 */
class FioManyFilesVerifyStateCliTest {
    @TempDir
    Path dir;

    private static List<String> job(Path files, Path aux, String rw) {
        return List.of("--aux-path=" + aux, "--output-format=terse", "--name=job", "--directory=" + files,
                "--filename=t.1:t.2:t.3", "--rw=" + rw, "--bs=4k", "--size=96k", "--loops=2", "--verify=md5",
                "--ioengine=libaio", "--iodepth=8", rw.equals("write") ? "--verify_state_save=1"
                        : "--verify_state_load=1");
    }

    private void fio(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("fio"));
        cmd.addAll(args);
        Path log = Files.createTempFile(dir, "fio", ".log");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fio did not finish in 120 s");
        }
        assertThat(p.exitValue()).as("fio %s: %s", args, Files.readString(log)).isZero();
    }

    private static void iobench(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of("fio"));
        cmd.addAll(args);
        InProcessMain.Result r = InProcessMain.run(cmd.toArray(String[]::new));
        assertThat(r.status()).as("iobench fio %s: %s", args, r.err()).isZero();
    }

    @Test
    void theStateOfAJobOverThreeFilesIsFiosAndEachToolVerifiesTheOthersFiles() throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own state file");
        Path fioFiles = Files.createDirectory(dir.resolve("fio-files"));
        Path ourFiles = Files.createDirectory(dir.resolve("iobench-files"));
        Path fioAux = Files.createDirectory(dir.resolve("fio-aux"));
        Path ourAux = Files.createDirectory(dir.resolve("iobench-aux"));
        fio(job(fioFiles, fioAux, "write"));
        iobench(job(ourFiles, ourAux, "write"));
        Path state = Path.of("local-job-0-verify.state");
        byte[] theirs = Files.readAllBytes(fioAux.resolve(state));
        assertThat(theirs).hasSize(24 + 152 + 8 * 3 * 16); // iodepth slots per file
        assertThat(Files.readAllBytes(ourAux.resolve(state))).isEqualTo(theirs);

        iobench(job(fioFiles, fioAux, "read")); // fio's files and fio's state, verified by iobench
        fio(job(ourFiles, ourAux, "read")); // and the other way round
        assertThat(Path.of("local-job-0-verify.state")).as("nothing in iobench's working directory")
                .doesNotExist();
    }
}
