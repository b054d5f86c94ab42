package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.iobench.store.fio.FioCapturedOutput;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's {@code iodepth_batch_submit} and {@code iodepth_batch_complete_min/max} with libaio, against fio 3.33 run
 * here on the same command line: the JSON's {@code iodepth_submit}, {@code iodepth_complete} and
 * {@code iodepth_level} say how many requests each call handed over or took back and at what depth. With
 * {@code iodepth=16}, batches of 4 handed over, 2 to 8 taken back once the queue is full, both tools hand over 4 at a
 * time (fio's {@code td_io_queue} commits at the batch), take back 8 (buffered AIO completes inside
 * {@code io_submit}: 8 are always ready), and commit at depth 12 and 16 in turn.
 */
class FioBatchDepthsCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private List<String> job(String file) {
        return new ArrayList<>(List.of("--name=b", "--ioengine=libaio", "--iodepth=16", "--iodepth_batch_submit=4",
                "--iodepth_batch_complete_min=2", "--iodepth_batch_complete_max=8", "--rw=randread", "--bs=4k",
                "--size=16m", "--filename=" + dir.resolve(file), "--output-format=json"));
    }

    @Test
    void batchesAreHandedOverAndTakenBackInFiosSizesAtFiosDepths() throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own JSON");
        JsonNode fio = JSON.readTree(FioCapturedOutput.withoutLeadingMessages(fio(job("fio.dat"))));
        InProcessMain.Result r = InProcessMain.run(prepend("fio", job("iob.dat")));
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode ours = JSON.readTree(r.out());
        for (JsonNode j : List.of(fio.path("jobs").get(0), ours.path("jobs").get(0))) {
            String who = j == ours.path("jobs").get(0) ? "iobench" : "fio";
            assertThat(j.path("iodepth_submit").path("4").asDouble()).as(who + ": calls handing over 1-4")
                    .isGreaterThan(99.0);
            assertThat(j.path("iodepth_complete").path("8").asDouble()).as(who + ": calls taking back 5-8")
                    .isGreaterThan(90.0);
            assertThat(j.path("iodepth_level").path("8").asDouble()).as(who + ": handed over at depth 8-15")
                    .isBetween(30.0, 70.0);
            assertThat(j.path("iodepth_level").path("16").asDouble()).as(who + ": handed over at depth 16")
                    .isBetween(30.0, 70.0);
        }
    }

    private static String[] prepend(String first, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all.toArray(String[]::new);
    }

    private String fio(List<String> args) throws Exception {
        Path out = dir.resolve("fio.out");
        List<String> cmd = new ArrayList<>(List.of("fio", "--output=" + out));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("fio.log").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fio did not finish in 120 s");
        }
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("fio.log"))).isZero();
        return Files.readString(out);
    }
}
