package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.iobench.store.fio.FioCapturedOutput;
import org.iobench.testing.ResultSchema;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's iologs between the two tools: a log fio 3.33 writes ({@code write_iolog}) is replayed by iobench
 * ({@code read_iolog}) and one iobench writes is replayed by fio, and each replay's requests — direction, length and
 * offset, in order, read from its per-request latency log ({@code write_lat_log} with {@code log_offset}) — are the
 * log's and the other tool's replay's. A version 2 log with {@code replay_scale}, {@code replay_align} and
 * {@code replay_redirect} is replayed by both the same way, and a version 3 log's delays hold both replays back at
 * least as long as the log says (a lower bound only: a loaded machine lengthens a run). Skipped where fio is not
 * installed.
 */
class FioIologConformanceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @BeforeEach
    void fio() {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/fio")), "fio is not installed (Debian: apt-get"
                + " install fio); the iolog conformance compares iobench's replays with fio 3.33's");
    }

    /** A job writing an iolog of mixed reads and writes of mixed sizes, with an fsync every 16 writes. */
    private static String writer(Path d) {
        return "[w]\nfilename=" + d.resolve("data") + "\nioengine=psync\nrw=randrw\nbssplit=4k/50:16k/30:64k/20\n"
                + "size=2m\nfsync=16\nwrite_iolog=" + d.resolve("w.iolog") + "\n";
    }

    private static String replayer(Path log, Path lat, String more) {
        return "[r]\nioengine=psync\nread_iolog=" + log + "\nwrite_lat_log=" + lat + "\nlog_offset=1\n" + more;
    }

    @Test
    void iobenchReplaysTheLogFioWroteRequestByRequestAsFioReplaysIt() throws Exception {
        Path d = Files.createDirectories(dir.resolve("f"));
        fio(d, writer(d));
        List<String> logged = requests(d.resolve("w.iolog"));
        assertThat(logged).as("fio's log").hasSizeGreaterThan(50);
        iobench(d, replayer(d.resolve("w.iolog"), d.resolve("iob"), ""));
        fio(d, replayer(d.resolve("w.iolog"), d.resolve("fio"), ""));
        assertThat(latencyLog(d.resolve("iob_lat.1.log"))).as("iobench's replay of fio's log").isEqualTo(logged);
        assertThat(latencyLog(d.resolve("fio_lat.1.log"))).as("fio's replay of its own log").isEqualTo(logged);
    }

    @Test
    void fioReplaysTheLogIobenchWroteRequestByRequest() throws Exception {
        Path d = Files.createDirectories(dir.resolve("i"));
        iobench(d, writer(d));
        assertThat(Files.readAllLines(d.resolve("w.iolog")).getFirst()).isEqualTo("fio version 3 iolog");
        List<String> logged = requests(d.resolve("w.iolog"));
        assertThat(logged).as("iobench's log").hasSizeGreaterThan(50);
        fio(d, replayer(d.resolve("w.iolog"), d.resolve("fio"), ""));
        iobench(d, replayer(d.resolve("w.iolog"), d.resolve("iob"), ""));
        assertThat(latencyLog(d.resolve("fio_lat.1.log"))).as("fio's replay of iobench's log").isEqualTo(logged);
        assertThat(latencyLog(d.resolve("iob_lat.1.log"))).as("iobench's replay of its own log").isEqualTo(logged);
    }

    @Test
    void aVersion2LogIsScaledAlignedAndRedirectedAsFioDoesIt() throws Exception {
        Path d = Files.createDirectories(dir.resolve("v2"));
        Files.write(d.resolve("target"), new byte[1 << 20]);
        StringBuilder log = new StringBuilder("fio version 2 iolog\n/nowhere/a add\n/nowhere/a open\n");
        for (int i = 0; i < 40; i++) { // offsets not aligned to anything, sizes of 512 to 20 KiB
            long offset = (i * 7_919L * 97) % (1 << 20);
            long length = 512L * (1 + i % 40);
            log.append("/nowhere/a ").append(i % 3 == 0 ? "write " : "read ").append(offset).append(' ')
                    .append(length).append('\n');
        }
        log.append("/nowhere/a close\n");
        Path v2 = Files.writeString(d.resolve("v2.iolog"), log.toString());
        // no directory=: fio 3.33 crashes replaying with one (FioIologTest)
        String options = "replay_redirect=" + d.resolve("target") + "\nreplay_scale=2\nreplay_align=4k\n";
        fio(d, replayer(v2, d.resolve("fio"), options));
        iobench(d, replayer(v2, d.resolve("iob"), options));
        List<String> theirs = latencyLog(d.resolve("fio_lat.1.log"));
        assertThat(theirs).hasSize(40).allMatch(l -> Long.parseLong(l.split(" ")[2]) % 4096 == 0);
        assertThat(latencyLog(d.resolve("iob_lat.1.log"))).isEqualTo(theirs);
    }

    @Test
    void aVersion3LogsDelaysHoldBothReplaysBackAtLeastAsLongAsTheLogSays() throws Exception {
        Path d = Files.createDirectories(dir.resolve("v3"));
        Path data = Files.write(d.resolve("data"), new byte[1 << 20]);
        StringBuilder log = new StringBuilder("fio version 3 iolog\n1 " + data + " add\n2 " + data + " open\n");
        for (int i = 0; i < 6; i++) { // 5 gaps of 40 ms: 200 ms from the first read to the last
            log.append(10 + i * 40_000L).append(' ').append(data).append(" read ").append(i * 4096L).append(" 4096\n");
        }
        log.append(200_020).append(' ').append(data).append(" close\n");
        Path v3 = Files.writeString(d.resolve("v3.iolog"), log.toString());
        JsonNode fio = fio(d, replayer(v3, d.resolve("fio"), ""));
        JsonNode iob = iobench(d, replayer(v3, d.resolve("iob"), ""));
        assertThat(fio.path("jobs").get(0).path("job_runtime").asLong()).as("fio's runtime (ms)")
                .isGreaterThanOrEqualTo(200);
        assertThat(elapsedMillis(iob)).as("iobench's elapsed time (ms)").isGreaterThanOrEqualTo(200);
        JsonNode half = iobench(d, replayer(v3, d.resolve("half"), "replay_time_scale=200\n"));
        assertThat(elapsedMillis(half)).as("twice as fast: half the delays").isGreaterThanOrEqualTo(100);
        assertThat(latencyLog(d.resolve("iob_lat.1.log"))).isEqualTo(latencyLog(d.resolve("fio_lat.1.log")))
                .isEqualTo(requests(v3));
    }

    private static double elapsedMillis(JsonNode iobench) {
        return iobench.path("benchmarks").get(0).path("runs").get(0).path("totals").path("elapsedNs").asLong() / 1e6;
    }

    /** An iolog's reads, writes and trims as {@code DIR LENGTH OFFSET} (fio's latency log's 0, 1, 2). */
    private static List<String> requests(Path iolog) throws IOException {
        List<String> lines = Files.readAllLines(iolog);
        int at = lines.getFirst().contains("version 3") ? 1 : 0;
        return lines.stream().skip(1).map(l -> l.split(" ")).filter(p -> p.length == at + 4)
                .filter(p -> List.of("read", "write", "trim").contains(p[at + 1]))
                .map(p -> List.of("read", "write", "trim").indexOf(p[at + 1]) + " " + p[at + 3] + " " + p[at + 2])
                .toList();
    }

    /** A latency log's requests (with {@code log_offset}): {@code DIR LENGTH OFFSET}, in order. */
    private static List<String> latencyLog(Path log) throws IOException {
        return Files.readAllLines(log).stream().map(l -> l.split(", ")).map(c -> c[2] + " " + c[3] + " " + c[4])
                .toList();
    }

    private static JsonNode fio(Path d, String job) throws Exception {
        Path file = Files.writeString(d.resolve("fio-job.fio"), job);
        Path out = d.resolve("fio.json");
        Process p = new ProcessBuilder("fio", "--output-format=json", "--output=" + out, file.toString())
                .directory(d.toFile()).redirectErrorStream(true).redirectOutput(d.resolve("fio.out").toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fio did not finish " + file + " in 60 s");
        }
        assertThat(p.exitValue()).as("fio on %s: %s", job, Files.readString(d.resolve("fio.out"))).isZero();
        return JSON.readTree(FioCapturedOutput.withoutLeadingMessages(Files.readString(out)));
    }

    private static JsonNode iobench(Path d, String job) throws Exception {
        Path file = Files.writeString(d.resolve("iobench-job.fio"), job);
        InProcessMain.Result r = InProcessMain.run("run", "--keep", "--allow-overwrite", "--no-store",
                "--sample-interval", "0", "--format", "json", file.toString());
        assertThat(r.status()).as("iobench on %s: %s", job, r.err()).isZero();
        return ResultSchema.assertValid(r.out());
    }
}
