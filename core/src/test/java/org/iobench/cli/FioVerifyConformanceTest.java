package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * fio's verify, judged by fio 3.33 itself (the {@link FioConformanceTest} family): for each verify mode a file fio
 * wrote verifies under {@code iobench fio} and a file iobench wrote verifies under fio; both files hold the same bytes
 * but for each header's write time and the header checksum over it (iobench draws fio's seeds and fills fio's
 * data); and a byte flipped in fio's file fails iobench's read with fio's message. Skipped, saying so, where fio is not
 * installed (CI has it).
 */
class FioVerifyConformanceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SIZE = 64 << 10;
    private static final int BS = 4096;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "md5|",
        "crc64|",
        "crc32c|",
        "crc32c-intel|",
        "crc32|",
        "crc16|",
        "crc7|",
        "xxhash|",
        "sha1|",
        "sha256|",
        "sha512|",
        "sha3-512|",
        "meta|--verify_pattern=0xaaa",
        "meta|",
        "pattern|--verify_pattern=0xdeadbeef",
        "pattern|--verify_pattern=%o",
        "pattern|--verify_pattern=1%o --verify_interval=512",
        "md5|--verify_pattern=\"ab\"%o0x01",
        "md5|--verify_interval=512 --verify_offset=64",
        "crc32c|--verify_interval=1024 --bs=8k",
    })
    void aFileOneToolWroteVerifiesUnderTheOther(String mode, String extra) throws Exception {
        Assumptions.assumeTrue(fioInstalled(), "fio is not installed (Debian: apt-get install fio); these tests"
                + " judge iobench's verify by fio's");
        List<String> opts = new ArrayList<>(List.of("--size=" + SIZE, "--bs=" + BS, "--verify=" + mode));
        if (extra != null) {
            opts.addAll(List.of(extra.split(" ")));
        }
        Path byFio = dir.resolve("by-fio");
        Path byIobench = dir.resolve("by-iobench");

        fio(opts, "--name=w", "--filename=" + byFio, "--rw=write", "--do_verify=0");
        // (fio's verify state file goes to the working directory, which in-process is the build's: not saved)
        iobench(opts, 0, "--name=w", "--filename=" + byIobench, "--rw=write", "--do_verify=0",
                "--verify_state_save=0");
        JsonNode read = iobench(opts, 0, "--name=r", "--filename=" + byFio, "--rw=read");
        assertThat(read.path("jobs").get(0).path("read").path("io_bytes").asLong()).isEqualTo(SIZE);
        fio(opts, "--name=r", "--filename=" + byIobench, "--rw=read");

        int interval = interval(opts);
        byte[] a = Files.readAllBytes(byFio);
        byte[] b = Files.readAllBytes(byIobench);
        assertThat(b).hasSameSizeAs(a);
        int offset = headerOffset(opts);
        for (int i = 0; i < a.length; i++) {
            int inHeader = (i % interval) - offset;
            boolean timeOrCrc = !mode.equals("pattern") && inHeader >= 24 && inHeader < 40;
            if (!timeOrCrc && a[i] != b[i]) {
                throw new AssertionError(mode + ": byte " + i + " differs: fio wrote " + a[i] + ", iobench " + b[i]);
            }
        }

        // meta without a pattern checks the header only; fio's sha512 only the 128 bytes its context buffer kept
        if (!mode.equals("sha512") && !(mode.equals("meta") && extra == null)) {
            int victim = 3 * BS + interval - 100; // data near the end of an interval
            try (FileChannel c = FileChannel.open(byFio, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
                ByteBuffer one = ByteBuffer.allocate(1);
                c.read(one, victim);
                one.put(0, (byte) (one.get(0) ^ 0x10)).rewind();
                c.write(one, victim);
            }
            InProcessMain.Result bad = InProcessMain.run(args(opts, "--name=r", "--filename=" + byFio, "--rw=read",
                    "--output-format=json"));
            assertThat(bad.status()).as("a flipped byte: %s", bad.err()).isNotZero();
            assertThat(bad.err()).contains("verify failed at offset " + (3 * BS));
            Process fio = fioProcess(opts, "--name=r", "--filename=" + byFio, "--rw=read");
            String said = new String(fio.getInputStream().readAllBytes());
            assertThat(said).as("fio finds it too").contains("verify failed at file " + byFio + " offset " + 3 * BS);
            if (interval == BS) {
                // a request's last interval: fio fails the job; an earlier one fio 3.33 prints and then passes (its
                // result is overwritten by the next interval's), which iobench does not copy (docs/fio.md)
                assertThat(fio.exitValue()).as("fio fails the job: %s", said).isNotZero();
            }
        }
    }

    @org.junit.jupiter.api.Test
    void theVerifyStateFileIsFiosAndAVerificationStopsWhereItSaysTheWritesStopped() throws Exception {
        Assumptions.assumeTrue(fioInstalled(), "fio is not installed (Debian: apt-get install fio); these tests"
                + " judge iobench's verify by fio's");
        String job = "state" + ProcessHandle.current().pid() + "x" + System.nanoTime() % 100000;
        Path data = dir.resolve("d");
        List<String> opts = List.of("--name=" + job, "--filename=" + data, "--size=" + SIZE, "--bs=" + BS,
                "--rw=write", "--verify=md5", "--iodepth=1", "--ioengine=libaio"); // deeper: fio's stop point moves
        String stateName = "local-" + job + "-0-verify.state";
        fio(opts, "--do_verify=0");
        fio(opts, "--do_verify=0", "--number_ios=8"); // as if killed after 8 writes: fio's state says so
        byte[] fios = Files.readAllBytes(dir.resolve(stateName));
        Path here = Path.of(stateName).toAbsolutePath(); // iobench's working directory, as fio's is fio's
        try {
            Files.delete(data); // iobench writes a new file (an existing one needs consent): the same writes
            InProcessMain.Result w = InProcessMain.run(args(opts, "--do_verify=0", "--number_ios=8"));
            assertThat(w.status()).as(w.err()).isZero();
            // the same writes leave fio's state file, byte for byte (the offset generator's part zero in both)
            assertThat(Files.readAllBytes(here)).isEqualTo(fios);

            Files.write(here, fios);
            JsonNode r = iobench(opts, 0, "--verify_only", "--verify_state_load=1");
            assertThat(r.path("jobs").get(0).path("read").path("io_bytes").asLong())
                    .as("verify_only with fio's state: the 8 writes it lists, as fio verifies").isEqualTo(8 * BS);
        } finally {
            Files.deleteIfExists(here);
        }
        Process fio = fioProcess(opts, "--verify_only", "--verify_state_load=1", "--output-format=json");
        String out = new String(fio.getInputStream().readAllBytes());
        assertThat(JSON.readTree(out.substring(out.indexOf('{'))).path("jobs").get(0).path("read").path("io_bytes")
                .asLong()).as("fio's own verify_only with its state").isEqualTo(8 * BS);
    }

    @org.junit.jupiter.api.Test
    void theJobsAfterAJobWhoseVerifyFailedStillRunAsFiosDo() throws Exception {
        Assumptions.assumeTrue(fioInstalled(), "fio is not installed (Debian: apt-get install fio); these tests"
                + " judge iobench's verify by fio's");
        // fio's t/verify.py 1000: lay out, verify, damage one block, then verify twice more; fio runs every job
        // after the first failure (a job's error is its own), each failed job counted in the exit status
        Process fio = fioProcess(failingJobs(dir.resolve("by-fio")), "--output-format=json");
        String fioOut = new String(fio.getInputStream().readAllBytes());
        JsonNode byFio = JSON.readTree(fioOut.substring(fioOut.indexOf('{')));
        InProcessMain.Result r = InProcessMain.run(args(failingJobs(dir.resolve("by-iobench")),
                "--output-format=json"));
        JsonNode byIobench = JSON.readTree(r.out());
        List<String> fios = new ArrayList<>();
        List<String> iobenchs = new ArrayList<>();
        byFio.path("jobs").forEach(j -> fios.add(j.path("jobname").asText() + " error " + j.path("error").asInt()
                + " read " + j.path("read").path("io_bytes").asLong()));
        byIobench.path("jobs").forEach(j -> iobenchs.add(j.path("jobname").asText() + " error "
                + j.path("error").asInt() + " read " + j.path("read").path("io_bytes").asLong()));
        assertThat(fios).as("fio runs every job").hasSize(5);
        assertThat(fios.get(2)).as("fio: the bad block is the fifth").isEqualTo("failure_only error 84 read 20480");
        assertThat(iobenchs).as(r.err()).isEqualTo(fios);
        assertThat(r.status()).as("two jobs failed: fio's status counts them").isEqualTo(fio.exitValue())
                .isEqualTo(2);
    }

    @org.junit.jupiter.api.Test
    void aFailedJobsParallelPartnerRunsToItsEndAsFiosDoes() throws Exception {
        Assumptions.assumeTrue(fioInstalled(), "fio is not installed (Debian: apt-get install fio); these tests"
                + " judge iobench's verify by fio's");
        // fio's td->error ends the failing job only: the job started beside it (no stonewall) reads on for its
        // runtime and reports no error; the exit status counts the one job that failed
        Process fio = fioProcess(partnerJobs(dir, "by-fio"), "--output-format=json");
        String fioOut = new String(fio.getInputStream().readAllBytes());
        JsonNode byFio = JSON.readTree(fioOut.substring(fioOut.indexOf('{')));
        InProcessMain.Result r = InProcessMain.run(args(partnerJobs(dir, "by-iobench"),
                "--output-format=json"));
        JsonNode byIobench = JSON.readTree(r.out());
        List<String> fios = new ArrayList<>();
        List<String> iobenchs = new ArrayList<>();
        byFio.path("jobs").forEach(j -> fios.add(j.path("jobname").asText() + " error " + j.path("error").asInt()));
        byIobench.path("jobs").forEach(j -> iobenchs.add(j.path("jobname").asText() + " error "
                + j.path("error").asInt()));
        assertThat(fios).as("fio").containsExactly("layout error 0", "mangle error 0", "failure_only error 84",
                "partner error 0");
        assertThat(iobenchs).as(r.err()).isEqualTo(fios);
        JsonNode partner = byIobench.path("jobs").get(3);
        assertThat(partner.path("job_runtime").asLong()).as("the partner's whole runtime, 1 s")
                .isGreaterThanOrEqualTo(1000);
        assertThat(r.status()).as("one job failed").isEqualTo(fio.exitValue()).isEqualTo(1);
    }

    @org.junit.jupiter.api.Test
    void aWriterThatVerifiesReportsItsWritesOverTheirTimeAndItsReadsBackOverTheirsAsFioDoes() throws Exception {
        Assumptions.assumeTrue(fioInstalled(), "fio is not installed (Debian: apt-get install fio); these tests"
                + " judge iobench's verify by fio's");
        // fio's update_runtime: the write direction's runtime is the job's own loop, the read direction's (the job
        // reads nothing else) the verify phase after it; the two make up the job's runtime, rounded up to ms each
        List<String> opts = List.of("--size=4m", "--bs=64k", "--verify=md5", "--verify_state_save=0", "--name=w",
                "--rw=write");
        Process fio = fioProcess(opts, "--output-format=json", "--filename=" + dir.resolve("by-fio"));
        String out = new String(fio.getInputStream().readAllBytes());
        JsonNode byFio = JSON.readTree(out.substring(out.indexOf('{'))).path("jobs").get(0);
        JsonNode byIobench = iobench(opts, 0, "--filename=" + dir.resolve("by-iobench")).path("jobs").get(0);
        for (JsonNode j : List.of(byFio, byIobench)) {
            String who = j == byFio ? "fio" : "iobench";
            long write = j.path("write").path("runtime").asLong();
            long read = j.path("read").path("runtime").asLong();
            assertThat(write).as("%s: the writes' time", who).isPositive();
            assertThat(read).as("%s: the reads back's time", who).isPositive();
            assertThat(write + read).as("%s: write %d ms and read %d ms, each of its phase, within the job's %d ms",
                    who, write, read, j.path("job_runtime").asLong())
                    .isLessThanOrEqualTo(j.path("job_runtime").asLong() + 2);
            assertThat(j.path("write").path("bw_bytes").asLong()).as(who)
                    .isEqualTo(j.path("write").path("io_bytes").asLong() * 1000 / write);
        }
    }

    /** A damaged block found by a verify-only job, with a time-based reader of another file beside it. */
    private static List<String> partnerJobs(Path dir, String prefix) {
        String a = "--filename=" + dir.resolve(prefix + "-a");
        List<String> sized = List.of("--size=" + SIZE, "--bs=" + BS, "--verify_state_save=0");
        List<String> cmd = new ArrayList<>();
        for (List<String> job : List.of(
                List.of("--name=layout", a, "--rw=write", "--verify=md5"),
                List.of("--name=mangle", a, "--rw=write", "--offset=16k", "--number_ios=1", "--stonewall"),
                List.of("--name=failure_only", a, "--rw=write", "--verify=md5", "--verify_only", "--verify_fatal=1",
                        "--stonewall"),
                List.of("--name=partner", "--filename=" + dir.resolve(prefix + "-b"), "--rw=read", "--time_based",
                        "--runtime=1"))) {
            cmd.addAll(job);
            cmd.addAll(sized);
        }
        return cmd;
    }

    @ParameterizedTest(name = "rwmixread={0} verify_state_load={1}")
    @CsvSource({"0,0", "0,1", "50,0", "50,1", "70,1"})
    void verifyOnlyCountsItsDryRunAsFiosReportDoes(int mix, int load) throws Exception {
        Assumptions.assumeTrue(fioInstalled(), "fio is not installed (Debian: apt-get install fio); these tests"
                + " judge iobench's verify by fio's");
        // fio's do_dry_run completes the job's own requests unissued: its report counts them (t/verify_state_save.py
        // wants a verify_only write job's writes); its reads also move the loaded state's window (50,1: fio stops
        // the verify reads early because the dry run's reads count)
        List<String> opts = new ArrayList<>(List.of("--name=vo", "--filename=" + dir.resolve("f"), "--size=256k",
                "--bs=" + BS, "--rw=" + (mix == 0 ? "randwrite" : "randrw"), "--verify=crc32c", "--aux-path=" + dir));
        if (mix > 0) {
            opts.add("--rwmixread=" + mix);
        }
        fio(opts); // writes, verifies, leaves its state in dir
        String[] only = {"--verify_only=1", "--verify_state_save=0", "--verify_state_load=" + load};
        Process fio = fioProcess(opts, concat(only, "--output-format=json"));
        String out = new String(fio.getInputStream().readAllBytes());
        JsonNode byFio = JSON.readTree(out.substring(out.indexOf('{'))).path("jobs").get(0);
        JsonNode byIobench = iobench(opts, 0, only).path("jobs").get(0);
        for (String d : List.of("read", "write")) {
            for (String f : List.of("io_bytes", "total_ios")) {
                assertThat(byIobench.path(d).path(f).asLong()).as("%s %s", d, f)
                        .isEqualTo(byFio.path(d).path(f).asLong());
            }
        }
        assertThat(byIobench.path("write").path("total_ios").asLong()).as("the dry run's writes").isPositive();
        assertThat(byIobench.path("write").path("runtime").asLong()).as("they take no time, as fio's").isZero()
                .isEqualTo(byFio.path("write").path("runtime").asLong());
    }

    private static String[] concat(String[] a, String... b) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(List.of(b));
        return all.toArray(String[]::new);
    }

    /** t/verify.py's VerifyCSUMTest jobs on {@code data}, the damage at a known block. */
    private static List<String> failingJobs(Path data) {
        List<String> common = List.of("--filename=" + data, "--size=" + SIZE, "--bs=" + BS, "--stonewall",
                "--verify_state_save=0");
        List<String> cmd = new ArrayList<>();
        for (String[] job : new String[][] {
            {"--name=layout", "--rw=write", "--verify=md5"},
            {"--name=mangle", "--rw=write", "--offset=16k", "--number_ios=1"},
            {"--name=failure_only", "--rw=write", "--verify=md5", "--verify_only", "--verify_fatal=1"},
            {"--name=failure_read", "--rw=read", "--verify=md5", "--verify_fatal=1"},
            {"--name=rewrite", "--rw=write", "--verify=md5"},
        }) {
            cmd.addAll(List.of(job));
            cmd.addAll(common);
        }
        return cmd;
    }

    private static int interval(List<String> opts) {
        for (String o : opts) {
            if (o.startsWith("--verify_interval=")) {
                return Integer.parseInt(o.substring(o.indexOf('=') + 1));
            }
        }
        for (String o : opts.reversed()) {
            if (o.startsWith("--bs=")) {
                String v = o.substring(5);
                return v.endsWith("k") ? Integer.parseInt(v.substring(0, v.length() - 1)) * 1024 : Integer.parseInt(v);
            }
        }
        return BS;
    }

    private static int headerOffset(List<String> opts) {
        return opts.stream().filter(o -> o.startsWith("--verify_offset=")).findFirst()
                .map(o -> Integer.parseInt(o.substring(o.indexOf('=') + 1))).orElse(0);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"randread,libaio,64", "read,io_uring,64", "randread,psync,0"})
    void aTimeBasedReadThatVerifiesReadsItsSizeOnceOnAnEngineThatQueuesAsFiosDoes(String rw, String engine,
                                                                                 long reads) throws Exception {
        Assumptions.assumeTrue(fioInstalled(), "fio is not installed (Debian: apt-get install fio); these tests"
                + " judge iobench's verify by fio's");
        // fio's do_io leaves a verifying job's loop once the bytes queued reach its size, time-based or not, and a
        // job that only reads counts no bytes done while it verifies: thread_main ends it (fio master's t/verify.py
        // test 1: a time-based libaio randread of a randwrite's file). A synchronous engine queues nothing: its
        // reads go on for the runtime
        List<String> opts = List.of("--filename=" + dir.resolve("t"), "--size=256k", "--bs=" + BS, "--verify=md5",
                "--verify_state_save=0", "--ioengine=" + engine);
        fio(opts, "--name=w", "--rw=write");
        String[] read = {"--name=r", "--rw=" + rw, "--time_based=1", "--runtime=1"};
        Process fio = fioProcess(opts, concat(read, "--output-format=json"));
        String out = new String(fio.getInputStream().readAllBytes());
        assertThat(fio.exitValue()).as(out).isZero();
        long byFio = JSON.readTree(out.substring(out.indexOf('{'))).path("jobs").get(0).path("read")
                .path("total_ios").asLong();
        long byIobench = iobench(opts, 0, read).path("jobs").get(0).path("read").path("total_ios").asLong();
        if (reads > 0) {
            assertThat(byFio).as("fio: one pass").isEqualTo(reads);
            assertThat(byIobench).as("iobench: one pass").isEqualTo(reads);
        } else {
            assertThat(byFio).as("fio reads on").isGreaterThan(64);
            assertThat(byIobench).as("iobench reads on").isGreaterThan(64);
        }
    }

    private static String[] args(List<String> opts, String... more) {
        List<String> all = new ArrayList<>(List.of("fio"));
        all.addAll(List.of(more));
        all.addAll(opts);
        return all.toArray(String[]::new);
    }

    private JsonNode iobench(List<String> opts, int status, String... more) throws Exception {
        List<String> a = new ArrayList<>(List.of(args(opts, more)));
        a.add("--output-format=json");
        InProcessMain.Result r = InProcessMain.run(a.toArray(String[]::new));
        assertThat(r.status()).as("iobench %s: %s", a, r.err()).isEqualTo(status);
        return JSON.readTree(r.out());
    }

    private void fio(List<String> opts, String... more) throws Exception {
        Process p = fioProcess(opts, more);
        assertThat(p.exitValue()).as("fio %s %s: %s", List.of(more), opts,
                new String(p.getInputStream().readAllBytes())).isZero();
    }

    private Process fioProcess(List<String> opts, String... more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(args(opts, more)));
        if (cmd.stream().noneMatch(a -> a.startsWith("--output-format="))) {
            cmd.add("--output-format=terse");
        }
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fio did not finish in 60 s: " + cmd);
        }
        return p;
    }

    private static boolean fioInstalled() {
        for (String p : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(p, "fio"))) {
                return true;
            }
        }
        return false;
    }
}
