package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.iobench.job.DdJob;
import org.iobench.job.DdOperands;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.report.FindingText;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.WorkerEvidence;
import org.iobench.workload.Benchmark;
import org.iobench.workload.GroupRunner;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scenario matrix: each rule's true situation (its finding must appear) and clean twins (it must not), made for
 * real on an ext4 filesystem of its own loop device, <em>while a noise process reads and writes the same
 * filesystem and the disk underneath</em> with O_DIRECT, as other processes do on a busy machine. Every finding a
 * scenario reports must be one it expects or one known to be true there (an allowed one); anything else is a false
 * alarm. The summary at the end gives the matrix's precision and recall.
 *
 * <p>Needs CAP_SYS_ADMIN (loop device, mount); skips with the reason elsewhere. Nothing here asserts a time or a rate.
 */
class AdvisorMatrixTest {
    private static final long MIB = 1 << 20;
    private static final long SECOND = 1_000_000_000L;

    @TempDir
    static Path dir;
    static LoopFilesystem fs;
    static Process noise;
    static final List<String> summary = new ArrayList<>();
    static int expectedFound;
    static int expectedTotal;
    static int reported;
    static int falseAlarms;

    @BeforeAll
    static void mountAndMakeNoise() throws IOException {
        String why = LoopFilesystem.unavailableBecause();
        if (why != null) {
            return; // every case skips through file()'s assumption, with this reason
        }
        fs = LoopFilesystem.create(dir, 448 * MIB);
        Path onLoop = fs.mount.resolve("noise-src");
        Path onDisk = dir.resolve("noise-disk");
        for (Path p : List.of(onLoop, onDisk)) {
            try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
                f.write(new byte[(int) (64 * MIB)]);
                f.getFD().sync();
            }
        }
        // bounded on both counts: 2000 rounds at most, and timeout ends it after 10 minutes whatever happens
        String script = "for i in $(seq 1 2000); do"
                + " dd if=" + onLoop + " of=/dev/null bs=1M count=64 iflag=direct status=none;"
                + " dd if=/dev/zero of=" + fs.mount.resolve("noise-dst") + " bs=1M count=16 oflag=direct status=none;"
                + " dd if=" + onDisk + " of=/dev/null bs=1M count=32 iflag=direct status=none;"
                + " done";
        noise = new ProcessBuilder("timeout", "600", "bash", "-c", script).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    @AfterAll
    static void stopNoiseAndUnmount() throws IOException {
        if (noise != null) {
            // the dd children hold files on the mount: they must be gone before it can be unmounted
            List<ProcessHandle> all = new ArrayList<>(noise.descendants().toList());
            all.add(noise.toHandle());
            all.forEach(ProcessHandle::destroyForcibly);
            for (ProcessHandle h : all) {
                try {
                    h.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                    // close() below retries the unmount and falls back to a lazy one
                }
            }
        }
        if (fs != null) {
            fs.close();
        }
        if (expectedTotal > 0) {
            summary.forEach(System.out::println);
            System.out.printf(Locale.ROOT, "advisor matrix: %d findings reported, %d false; %d of %d expected"
                    + " found: precision %.2f, recall %.2f%n", reported, falseAlarms, expectedFound, expectedTotal,
                    reported == 0 ? 1.0 : (double) (reported - falseAlarms) / reported,
                    (double) expectedFound / expectedTotal);
        }
    }

    private static Path file(String name) {
        assumeTrue(fs != null, LoopFilesystem.unavailableBecause());
        assumeTrue(noise.isAlive(), "the noise process ended early");
        return fs.mount.resolve(name);
    }

    private static BenchmarkResult run(JobSpec spec) throws IOException {
        return Advisor.standard().advise(Benchmark.system().execute(spec, new RunControl(), RunListener.NONE));
    }

    /** A file on the loop filesystem, written, synced and kept: cached until a job drops it. */
    private static Path kept(String name, long size) throws IOException {
        Path f = file(name);
        run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(MIB).sizeBytes(size).sync(SyncMode.FDATASYNC).keep(true)
                .build());
        return f;
    }

    /**
     * Findings true anywhere in this matrix when worded as context: the noise shares the device throughout, and the
     * machine's other work (other test runs) may hold the CPUs.
     */
    private static final Set<String> CONTEXT = Set.of("device-shared", "cpu-bound", "not-saturated");

    /**
     * Judges one scenario: every expected finding appears, every finding is expected, allowed, or context about the
     * noise and the busy machine, and what appears is counted for the summary.
     */
    private static void judge(String scenario, List<BenchmarkResult> results, Set<String> expected,
                              Set<String> allowed) {
        List<Finding> all = results.stream().flatMap(b -> b.findings().stream()).toList();
        Set<String> found = new TreeSet<>();
        int falseHere = 0;
        for (Finding f : all) {
            found.add(f.id());
            boolean ok = expected.contains(f.id()) || allowed.contains(f.id())
                    || f.id().equals("loop-direct-io-off") && !fs.directIo() // true where the image's fs refused it
                    || f.severity() == Finding.Severity.CONTEXT && CONTEXT.contains(f.id());
            falseHere += ok ? 0 : 1;
        }
        int hit = (int) expected.stream().filter(found::contains).count();
        expectedFound += hit;
        expectedTotal += expected.size();
        reported += all.size();
        falseAlarms += falseHere;
        summary.add(String.format(Locale.ROOT, "  %-26s expected %-36s found %s", scenario, expected, found));
        List<String> lines = FindingText.lines(results);
        lines.forEach(l -> summary.add("      " + l));
        assertThat(lines).as("printed once each").doesNotHaveDuplicates();
        assertThat(found).as(scenario + ": expected findings\n" + String.join("\n", lines))
                .containsAll(expected);
        assertThat(falseHere).as(scenario + ": findings neither expected nor allowed\n" + String.join("\n", lines))
                .isZero();
    }

    private static Finding finding(BenchmarkResult b, String id) {
        return b.findings().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void seed000ABufferedHalfKilobyteOverwriteOfAnUncachedFileIsReadModifyWrite() throws IOException {
        Path f = kept("rmw", 16 * MIB);
        BenchmarkResult small = run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(512).sizeBytes(4 * MIB)
                .allowOverwrite(true).dropCache(true).sync(SyncMode.FDATASYNC).build());
        judge("512 B overwrite, uncached", List.of(small), Set.of("read-modify-write"), Set.of("cpu-bound"));
        Finding rmw = finding(small, "read-modify-write");
        assertThat(rmw.confidence()).isEqualTo(Finding.Confidence.CERTAIN);
        assertThat(rmw.evidence()).contains("512 B requests");
        assertThat(rmw.fix()).contains("--bs");

        BenchmarkResult big = run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(MIB).sizeBytes(16 * MIB)
                .allowOverwrite(true).dropCache(true).sync(SyncMode.FDATASYNC).build());
        judge("1 MiB overwrite (twin)", List.of(big), Set.of(), Set.of("cpu-bound"));
    }

    @Test
    void aTruncatingHalfKilobyteWriteIsNotReadModifyWriteButIsUnsynced() throws IOException {
        Path f = kept("dd-target", 16 * MIB);
        JobSpec dd = DdJob.toSpec(DdOperands.parse(List.of("if=/dev/zero", "of=" + f, "count=16384")), true, -1);
        BenchmarkResult b = run(dd);
        judge("dd 512 B, truncating (twin)", List.of(b), Set.of("unsynced-writes"), Set.of("cpu-bound"));
    }

    @Test
    void cachedRandomReadsAreThePageCachesAndCpuBoundWhileDirectReadsAreNeither() throws IOException {
        Path f = kept("cached", 32 * MIB);
        BenchmarkResult cached = run(JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096).timeNanos(SECOND)
                .build());
        judge("cached random reads", List.of(cached), Set.of("page-cache", "cpu-bound"), Set.of());

        BenchmarkResult direct = run(JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096).direct(true)
                .timeNanos(SECOND / 2).build());
        // one request in flight: the latency-at-depth-1 finding is true here (likely)
        judge("O_DIRECT random reads (twin)", List.of(direct), Set.of("not-saturated"), Set.of());
        assertThat(finding(direct, "not-saturated").confidence()).isEqualTo(Finding.Confidence.LIKELY);
    }

    @Test
    void aTenSecondWriteOnlyRunAtTheDefaultSamplingHasNoAccountingMismatch() throws IOException {
        Path f = kept("ten", 32 * MIB);
        BenchmarkResult b = run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(MIB).sizeBytes(32 * MIB)
                .loopRegion(true).timeNanos(10 * SECOND).allowOverwrite(true).sync(SyncMode.FDATASYNC).build());
        RunResult r = b.runs().getFirst();
        assertThat(r.evidence().system().samples()).as("sampled at the default interval").isNotEmpty();
        assertThat(r.evidence().accounting().checked()).isTrue();
        judge("10 s write-only", List.of(b), Set.of(), Set.of("cpu-bound"));
    }

    @Test
    void aRampedJobKeepsItsWarmUpOutOfTheEvidence() throws IOException {
        Path f = kept("ramp", 32 * MIB);
        long ramp = 2 * SECOND;
        BenchmarkResult b = run(JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096).direct(true).rampNanos(ramp)
                .timeNanos(SECOND / 2).build());
        WorkerEvidence e = b.runs().getFirst().evidence().workerThreads();
        assertThat(e.windowNanos()).as("the window holds no warm-up").isLessThan(ramp);
        assertThat(b.runs().getFirst().evidence().accounting().mismatch()).isFalse();
        judge("ramp 2 s + 0.5 s", List.of(b), Set.of("not-saturated"), Set.of());
    }

    @Test
    void sixteenRequestsInFlightAreNeverCalledOneAtATime() throws IOException {
        Path f = kept("deep", 32 * MIB);
        BenchmarkResult threads = run(JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096).direct(true)
                .threads(16).timeNanos(SECOND / 2).build());
        judge("16 threads, direct", List.of(threads), Set.of(), Set.of("cpu-bound"));
        BenchmarkResult uring;
        try {
            uring = run(JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096).direct(true).engine("uring")
                    .iodepth(16).timeNanos(SECOND / 2).build());
        } catch (IOException e) {
            assumeTrue(false, "io_uring unavailable here: " + e.getMessage());
            return;
        }
        assertThat(uring.runs().getFirst().evidence().workerThreads().storageSource())
                .isEqualTo(WorkerEvidence.PROCESS);
        judge("io_uring iodepth 16, direct", List.of(uring), Set.of(), Set.of("cpu-bound"));
        for (BenchmarkResult b : List.of(threads, uring)) {
            assertThat(FindingText.lines(List.of(b))).noneMatch(l -> l.contains("one request"));
        }
    }

    @Test
    void inAGroupOfFourOnlyTheOverwritingJobIsReadModifyWriteAndNamed() throws IOException {
        Path old = kept("g-old", 8 * MIB);
        Path read = kept("g-read", 16 * MIB);
        JobSpec.Builder w = JobSpec.builder(old).group("g4").rw(RwMode.WRITE).sync(SyncMode.FDATASYNC);
        List<JobSpec> jobs = List.of(
                w.name("overwrite-512").target(old).blockSize(512).sizeBytes(4 * MIB).allowOverwrite(true)
                        .dropCache(true).build(),
                w.name("new-1m-a").target(file("g-a")).blockSize(MIB).sizeBytes(16 * MIB).allowOverwrite(false)
                        .dropCache(false).build(),
                w.name("new-1m-b").target(file("g-b")).build(),
                JobSpec.builder(read).name("direct-read").group("g4").rw(RwMode.READ).blockSize(MIB).direct(true)
                        .build());
        List<BenchmarkResult> group = Advisor.standard().adviseGroup(new GroupRunner(Benchmark::system)
                .execute(jobs, new RunControl(), RunListener.NONE));
        judge("4-job group", group, Set.of("read-modify-write"), Set.of("cpu-bound"));
        List<Finding> rmw = group.stream().flatMap(b -> b.findings().stream())
                .filter(f -> f.id().equals("read-modify-write")).toList();
        assertThat(rmw).singleElement().extracting(Finding::job).isEqualTo("overwrite-512");
        assertThat(FindingText.lines(group)).allMatch(l -> l.matches("(warning|context|note): (group g4|"
                + "overwrite-512|new-1m-a|new-1m-b|direct-read) run 1: .*"));
    }

    @Test
    void aColdFirstRunAmongCachedOnesIsNoisyAndASingleRunIsNot() throws IOException {
        Path f = kept("noisy", 32 * MIB);
        JobSpec evict = JobSpec.builder(f).rw(RwMode.READ).blockSize(MIB).dropCache(true).build();
        run(evict); // reads it cold, leaving it cached; the next job's first run starts cold again:
        try (var t = org.iobench.workload.files.TargetPreparer.system().prepare(evict)) {
            t.beforeRun(evict, 1);
        }
        BenchmarkResult three = run(JobSpec.builder(f).rw(RwMode.READ).blockSize(MIB).runs(3).build());
        // runs 2 and 3 read from the cache: page-cache is true for them
        judge("cold run + 2 cached", List.of(three), Set.of("noisy", "page-cache"), Set.of("cpu-bound"));
        assertThat(finding(three, "page-cache").runs()).doesNotContain(1);

        BenchmarkResult one = run(JobSpec.builder(f).rw(RwMode.READ).blockSize(MIB).runs(1).build());
        judge("single cached run (twin)", List.of(one), Set.of("page-cache"), Set.of("cpu-bound"));
    }

    @Test
    void directIoOnTmpfsIsNotHonouredAndOnExt4ItIs() throws IOException {
        Path onExt4 = file("dx");
        Path tmpfs = Files.createDirectories(dir.resolve("tmpfs"));
        LoopFilesystem.sh("mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", tmpfs.toString());
        BenchmarkResult onTmpfs;
        try {
            onTmpfs = run(JobSpec.builder(tmpfs.resolve("f")).rw(RwMode.WRITE).blockSize(4096).sizeBytes(MIB)
                    .direct(true).build());
        } finally {
            LoopFilesystem.sh("umount", tmpfs.toString());
        }
        judge("--direct on tmpfs", List.of(onTmpfs), Set.of("direct-not-honoured"), Set.of("cpu-bound"));
        BenchmarkResult ext4 = run(JobSpec.builder(onExt4).rw(RwMode.WRITE).blockSize(4096).sizeBytes(MIB)
                .direct(true).build());
        judge("--direct on ext4 (twin)", List.of(ext4), Set.of(), Set.of("not-saturated"));
    }
}
