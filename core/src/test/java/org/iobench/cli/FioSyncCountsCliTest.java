package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * fio's {@code fsync=N} syncs as fio 3.33 counts them, against fio run here on the same command line: the JSON's
 * {@code sync.total_ios} and the fourth field of the normal text's {@code issued rwts: total=} line. fio issues the
 * sync when it fetches the request after the Nth write, so a job whose last write completes a multiple of N makes
 * none after it (256 writes with {@code fsync=4}: 63 syncs, not 64).
 */
class FioSyncCountsCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} writes of 4k, fsync={1}")
    @CsvSource({"256, 4", "256, 3", "16, 16"})
    void syncsOfFsyncNAreCountedAsFiosInTheJsonAndTheIssuedLine(int writes, int every) throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own output");
        String fio = fio(job("fio.dat", writes, every));
        InProcessMain.Result r = InProcessMain.run(job("iob.dat", writes, every).toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        String ours = r.out();
        assertThat(syncs(ours)).as("iobench's sync.total_ios, as fio's").isEqualTo(syncs(fio))
                .isEqualTo((writes - 1) / every);
        assertThat(issued(ours)).as("the issued rwts line").isEqualTo(issued(fio))
                .isEqualTo("     issued rwts: total=0," + writes + ",0," + (writes - 1) / every
                        + " short=0,0,0,0 dropped=0,0,0,0");
    }

    private List<String> job(String file, int writes, int every) {
        return new ArrayList<>(List.of("fio", "--name=s", "--ioengine=psync", "--rw=write", "--bs=4k",
                "--size=" + writes * 4 + "k", "--fsync=" + every, "--filename=" + dir.resolve(file),
                "--output-format=json,normal"));
    }

    private String fio(List<String> args) throws Exception {
        Path out = dir.resolve("fio.out");
        List<String> cmd = new ArrayList<>(args);
        cmd.add(1, "--output=" + out);
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("fio.log").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fio did not finish in 120 s");
        }
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("fio.log"))).isZero();
        return Files.readString(out);
    }

    /**
     * The JSON document's {@code sync.total_ios}: after the lines fio prints as it sets the jobs up, before the
     * normal text.
     */
    private static long syncs(String output) throws Exception {
        String json = output.substring(output.startsWith("{") ? 0 : output.indexOf("\n{") + 1);
        JsonNode doc = JSON.readerFor(JsonNode.class).readValue(json);
        return doc.path("jobs").get(0).path("sync").path("total_ios").asLong(-1);
    }

    private static String issued(String output) {
        return output.lines().filter(l -> l.contains("issued rwts:")).findFirst().orElse("");
    }
}
