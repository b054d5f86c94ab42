package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.iobench.testing.DiskDirs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's {@code invalidate=1} (its default) drops the file's cache at every wrap of a time-based job, so every pass
 * over a file smaller than the run reads from the device; with {@code invalidate=0} only the first does. Likewise at a
 * writer's verify phase (fio opens the file again): its read back comes from the device, or from the cache without. Judged by
 * what each tool read from storage (the kernel's {@code read_bytes}: fio's through its rusage, iobench's through
 * this process's {@code /proc/self/io}) over the bytes the job read: the job file of each case is run by fio 3.33 and
 * by {@code iobench run}, and iobench must land on fio's side of the line. No rates or times are compared.
 */
class FioInvalidateConformanceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Cold passes read about all their bytes from storage; warm ones about one file's worth in the whole run. */
    private static final double COLD = 0.5;

    @TempDir
    Path tmp;

    private static String job(Path dir, String name, boolean invalidate) {
        return "[global]\ndirectory=" + dir + "\nioengine=psync\nrw=randread\nbs=4k\nsize=2m\ntime_based\nruntime=1\n"
                + "invalidate=" + (invalidate ? 1 : 0) + "\n[" + name + "]\n";
    }

    /**
     * A writer's verify phase: fio opens the file again and drops its cache, so the read back comes from storage.
     * Each write is synced ({@code fsync=1}): its pages are clean, and dropping them is certain.
     */
    private static String verifyJob(Path dir, String name, boolean invalidate) {
        return "[global]\ndirectory=" + dir + "\nioengine=psync\nrw=write\nbs=64k\nsize=4m\nfsync=1\nverify=md5\n"
                + "verify_state_save=0\ninvalidate=" + (invalidate ? 1 : 0) + "\n[" + name + "]\n";
    }

    @Test
    void everyPassOfATimeBasedJobReadsFromTheDeviceWithInvalidateAndOnlyTheFirstWithout() throws Exception {
        judge("pass", FioInvalidateConformanceTest::job);
    }

    @Test
    void aVerifyPhaseReadsFromTheDeviceWithInvalidateAndFromTheCacheWithout() throws Exception {
        judge("verify", FioInvalidateConformanceTest::verifyJob);
    }

    private interface JobText {
        String of(Path dir, String name, boolean invalidate);
    }

    private void judge(String tag, JobText text) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/fio")) && Files.isExecutable(
                Path.of("/usr/bin/python3")), "needs /usr/bin/fio (fio 3.33) and python3 (fio's rusage)");
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/io")), "needs /proc/self/io (task I/O accounting)");
        Path dir = DiskDirs.withDroppableCache(tmp);
        for (boolean invalidate : new boolean[] {true, false}) {
            double fio = fio(dir, tag, invalidate, text);
            double iobench = iobench(dir, tag, invalidate, text);
            String what = "invalidate=" + (invalidate ? 1 : 0) + ": share of the bytes read that came from storage,"
                    + " fio %.2f, iobench %.2f";
            assertThat(fio >= COLD).as("fio itself: " + what, fio, iobench).isEqualTo(invalidate);
            assertThat(iobench >= COLD).as(what, fio, iobench).isEqualTo(fio >= COLD);
        }
    }

    /** fio's storage reads (its and its children's rusage {@code ru_inblock}, 512-byte units) over its bytes read. */
    private static double fio(Path dir, String tag, boolean invalidate, JobText text) throws Exception {
        Path work = Files.createDirectories(dir.resolve("fio-" + tag + "-" + invalidate));
        Path file = Files.writeString(work.resolve("job.fio"), text.of(work, "cold", invalidate));
        Path out = work.resolve("fio.json");
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", "import resource, subprocess, sys;"
                + " rc = subprocess.run(sys.argv[1:]).returncode;"
                + " print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_inblock * 512); sys.exit(rc)",
                "/usr/bin/fio", "--output-format=json", "--output=" + out, file.toString())
                .directory(work.toFile()).redirectErrorStream(true).start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(printed).isZero();
        long storage = Long.parseLong(printed.strip().lines().reduce((a, b) -> b).orElseThrow());
        JsonNode doc = JSON.readTree(org.iobench.store.fio.FioCapturedOutput.withoutLeadingMessages(Files.readString(out)));
        long bytes = doc.path("jobs").get(0).path("read").path("io_bytes").asLong();
        assertThat(bytes).as("fio read something").isPositive();
        return (double) storage / bytes;
    }

    /** iobench's storage reads (this process's {@code read_bytes} across the run) over its bytes read. */
    private static double iobench(Path dir, String tag, boolean invalidate, JobText text) throws Exception {
        Path work = Files.createDirectories(dir.resolve("iobench-" + tag + "-" + invalidate));
        Path file = Files.writeString(work.resolve("job.fio"), text.of(work, "cold", invalidate));
        long before = readBytes();
        InProcessMain.Result r = InProcessMain.run("run", "--no-store", "--sample-interval", "0", "--format", "json",
                file.toString());
        long storage = readBytes() - before;
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode b = JSON.readTree(r.out()).path("benchmarks").get(0);
        assertThat(b.path("job").path("dropCacheEachPass").asBoolean()).isEqualTo(invalidate);
        long bytes = b.path("runs").get(0).path("totals").path("readBytes").asLong();
        assertThat(bytes).as("iobench read something").isPositive();
        return (double) storage / bytes;
    }

    private static long readBytes() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
            if (line.startsWith("read_bytes:")) {
                return Long.parseLong(line.substring("read_bytes:".length()).strip());
            }
        }
        throw new AssertionError("no read_bytes in /proc/self/io");
    }
}
