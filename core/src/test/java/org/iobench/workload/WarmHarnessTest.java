package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.iobench.catalog.EngineDescription;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.engine.Completions;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.SubmitStatus;
import org.iobench.job.Access;
import org.iobench.job.Distribution;
import org.iobench.job.FioBuffers;
import org.iobench.job.FioVerify;
import org.iobench.job.FioVerifyType;
import org.iobench.job.JobFiles;
import org.iobench.job.JobSpec;
import org.iobench.job.LogSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Submission;
import org.iobench.job.fio.FioJobFile;
import org.iobench.result.RunResult;
import org.iobench.testing.TickingClock;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * iobench's own warm-up runs the job's loop on /dev/zero before the window: it counts nothing, touches nothing of
 * the target, is bounded by its budget on the run's clock, settles by its loop's rate per CPU-second of its own
 * thread, and warns only on evidence from the JIT. On {@link TickingClock}, with the thread's CPU time and the JIT's
 * answers given by each test ({@link FakeJit}); whether the real JIT settles is the machine's, so no test asserts
 * that it does.
 */
class WarmHarnessTest {
    private static final long INTERVAL = 100_000_000L;
    private static final String LOOP = "org.iobench.workload.Worker::loop";

    @TempDir
    Path dir;

    /** What the JIT says: its threads' busy time grows by {@code busyStepNanos} a reading; its hot-path queue. */
    static final class FakeJit implements JitProbe {
        final long busyStepNanos;
        final List<String> hot;
        final AtomicInteger queueReads = new AtomicInteger();
        private long busy;

        FakeJit(long busyStepNanos, List<String> hot) {
            this.busyStepNanos = busyStepNanos;
            this.hot = hot;
        }

        static FakeJit quiet() {
            return new FakeJit(0, List.of());
        }

        /** Compiler threads busy all along, with {@code hot} (null: the JVM cannot tell what) in their queue. */
        static FakeJit busyWith(List<String> hot) {
            return new FakeJit(1_000_000_000L, hot);
        }

        @Override
        public synchronized long busyNanos() {
            return busy += busyStepNanos;
        }

        @Override
        public List<String> hotPathCompiles() {
            queueReads.incrementAndGet();
            return hot;
        }
    }

    /** The warm-up's thread had {@code share} of {@code clock}'s time on a CPU. */
    private static LongSupplier cpu(TickingClock clock, double share) {
        return () -> (long) (clock.nanoTime() * share);
    }

    private static WarmHarness harness(long budget, LongSupplier cpu, JitProbe jit) {
        return new WarmHarness(budget, cpu, jit, ConcurrentHashMap.newKeySet());
    }

    private RunResult run(JobSpec spec, TickingClock clock, WarmHarness harness) throws IOException {
        return new Benchmark(TargetPreparer.system(), new JobRunner(clock, INTERVAL, 0, harness))
                .execute(spec, new RunControl(), RunListener.NONE).runs().getFirst();
    }

    private static JobSpec.Builder randread(Path f) {
        return JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(4 << 20).engine("psync").iodepth(1);
    }

    @Test
    void aWarmUpEndedWithTheLoopStillInTheCompileQueueIsSaidNamingItAndCountsNothing() throws IOException {
        Path f = dir.resolve("r");
        TickingClock clock = new TickingClock(20_000);
        // one slice of budget: fewer than the slices it needs to settle; the JIT has the loop in its queue
        RunResult r = run(randread(f).build(), clock, harness(WarmHarness.SLICE_NANOS, cpu(clock, 1),
                FakeJit.busyWith(List.of(LOOP, "org.iobench.engine.psync.PsyncEngine::submit"))));
        assertThat(r.totals().reads()).as("exactly the job's requests").isEqualTo(1024);
        assertThat(r.totals().bytesRead()).isEqualTo(4 << 20);
        assertThat(r.evidence().accounting().appBytesRead()).as("the workers read only the job's bytes")
                .isEqualTo(4L << 20);
        assertThat(r.outcome().warnings()).anyMatch(w -> w.contains("still being compiled")
                && w.contains("Worker::loop, PsyncEngine::submit queued or compiling"));
    }

    /**
     * The warm-up's thread got 5 % of a core: per wall-second its loop is slow, per CPU-second of its own it runs at
     * one speed, and the JIT is idle. That is settled, in slices made longer so that each has CPU enough to judge.
     */
    @Test
    void aStarvedThreadWhoseLoopIsFlatPerCpuSecondSettlesWithoutAWord() {
        TickingClock clock = new TickingClock(20_000);
        long budget = 30 * WarmHarness.MAX_SLICE_NANOS;
        WarmHarness.Outcome o = harness(budget, cpu(clock, 0.05), FakeJit.quiet()).warm(randread(dir.resolve("s"))
                .build(), Engines.require("psync"), clock, INTERVAL, new RunControl());
        assertThat(o.ran()).isTrue();
        assertThat(o.settled()).isTrue();
        assertThat(o.nanos()).isLessThan(budget);
        assertThat(o.warning()).isNull();
        assertThat(o.slices().getFirst().cpuRate()).as("5 ms of CPU in the first 100 ms: too little to judge")
                .isNaN();
        assertThat(o.slices().subList(1, o.slices().size())).as("slices lengthened for a starved thread, judged")
                .allMatch(s -> s.wallNanos() > 5 * WarmHarness.SLICE_NANOS && !Double.isNaN(s.cpuRate()));
    }

    /** Compiler threads busy with code outside the loop (a library's, the command line's) are no reason to wait. */
    @Test
    void aJitBusyWithCodeOutsideTheHotPathNeitherHoldsTheWarmUpNorWarns() {
        TickingClock clock = new TickingClock(20_000);
        FakeJit jit = FakeJit.busyWith(List.of());
        long budget = 40 * WarmHarness.SLICE_NANOS;
        WarmHarness.Outcome o = harness(budget, cpu(clock, 1), jit).warm(randread(dir.resolve("b")).build(),
                Engines.require("psync"), clock, INTERVAL, new RunControl());
        assertThat(o.settled()).isTrue();
        assertThat(o.nanos()).isLessThan(budget);
        assertThat(jit.queueReads.get()).as("the queue was asked what they compile").isPositive();
        assertThat(o.warning()).isNull();
    }

    /**
     * A budget spent without evidence from the JIT says nothing: the thread got too little CPU to judge (every slice
     * under the least CPU), with the queue empty of the hot path, or the JVM cannot say what it compiles.
     */
    @Test
    void aBudgetSpentWithoutEvidenceOfCompilingSaysNothing() {
        for (List<String> queue : Arrays.asList(List.<String>of(), null)) {
            TickingClock clock = new TickingClock(20_000);
            WarmHarness.Outcome o = harness(6 * WarmHarness.MAX_SLICE_NANOS, cpu(clock, 0.001),
                    FakeJit.busyWith(queue)).warm(randread(dir.resolve("n")).build(), Engines.require("psync"),
                    clock, INTERVAL, new RunControl());
            assertThat(o.ran()).isTrue();
            assertThat(o.settled()).as("never judged").isFalse();
            assertThat(o.nanos()).as("bounded by its budget").isLessThan(7 * WarmHarness.MAX_SLICE_NANOS);
            assertThat(o.warning()).as("queue %s", queue).isNull();
        }
    }

    /**
     * A kind of job settled is not warmed again; nor is one whose budget ran out with nothing of the hot path left
     * to compile. One whose budget ran out with the loop in the compile queue is warmed again at the next run.
     */
    @Test
    void aSettledKindOfJobIsNotWarmedAgainButOneLeftCompilingIs() {
        JobSpec spec = randread(dir.resolve("k")).build();
        TickingClock clock = new TickingClock(20_000);
        WarmHarness settles = harness(40 * WarmHarness.SLICE_NANOS, cpu(clock, 1), FakeJit.quiet());
        assertThat(settles.warm(spec, Engines.require("psync"), clock, INTERVAL, new RunControl()).settled()).isTrue();
        assertThat(settles.warm(spec, Engines.require("psync"), clock, INTERVAL, new RunControl()))
                .isEqualTo(WarmHarness.Outcome.NONE);

        WarmHarness compiling = harness(WarmHarness.SLICE_NANOS, cpu(clock, 1), FakeJit.busyWith(List.of(LOOP)));
        WarmHarness.Outcome first = compiling.warm(spec, Engines.require("psync"), clock, INTERVAL, new RunControl());
        assertThat(first.compiling()).containsExactly(LOOP);
        assertThat(compiling.warm(spec, Engines.require("psync"), clock, INTERVAL, new RunControl()).ran()).isTrue();
    }

    @Test
    void offMeansNoWarmUpAndNoWarning() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("o")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(1 << 20)
                .build(), new TickingClock(20_000), new WarmHarness(0));
        assertThat(r.totals().reads()).isEqualTo(256);
        assertThat(r.outcome().warnings()).noneMatch(w -> w.contains("compiled"));
    }

    @Test
    void aWriteJobsWarmUpWritesNothingAnywhereButDevZeroAndIsBoundedByItsBudget() throws IOException {
        Path f = dir.resolve("w");
        byte[] before = new byte[64 << 10];
        Arrays.fill(before, (byte) 7);
        Files.write(f, before);
        JobSpec spec = JobSpec.builder(f).rw(RwMode.RANDWRITE).blockSize(4096).sizeBytes(64 << 10).iodepth(3)
                .engine("psync").build();
        TickingClock clock = new TickingClock(20_000);
        WarmHarness.Outcome o = harness(3 * WarmHarness.SLICE_NANOS, cpu(clock, 1), FakeJit.busyWith(null))
                .warm(spec, Engines.require("psync"), clock, INTERVAL, new RunControl());
        assertThat(o.ran()).isTrue();
        assertThat(o.requests()).isPositive();
        assertThat(o.nanos()).isLessThan(4 * WarmHarness.SLICE_NANOS + 10_000_000L);
        assertThat(Files.readAllBytes(f)).as("the target is untouched").isEqualTo(before);
        assertThat(dir.toFile().list()).containsExactly("w");
    }

    @Test
    void jobsItDoesNotWarmAreLeftAlone() {
        JobSpec trim = JobSpec.builder(dir.resolve("c")).rw(RwMode.RANDTRIM).blockSize(4096).sizeBytes(1 << 20)
                .build();
        assertThat(WarmHarness.warms(trim, Engines.require("psync"))).isFalse();
        assertThat(harness(WarmHarness.SLICE_NANOS * 10, () -> -1, FakeJit.quiet()).warm(trim,
                Engines.require("psync"), new TickingClock(20_000), INTERVAL, new RunControl()))
                .isEqualTo(WarmHarness.Outcome.NONE);
    }

    /**
     * Each slice runs on a new engine, as each run's worker does: the first requests on a fresh engine take branches
     * later ones never take (an io_uring ring made disabled is enabled at its first submit), and a loop compiled on
     * one engine met them first in the measured window (an uncommon trap there, the loop back in the interpreter).
     */
    @Test
    void everySliceRunsOnAFreshEngineAsEachRunsWorkerDoes() {
        EngineProvider uring = Engines.require("uring");
        Assumptions.assumeTrue(uring.unavailable().isEmpty(), () -> "io_uring: " + uring.unavailable().orElse(""));
        AtomicInteger made = new AtomicInteger();
        EngineProvider counting = new EngineProvider() {
            @Override
            public EngineDescription description() {
                return uring.description();
            }

            @Override
            public IoEngine create(EngineOptions options) throws IOException {
                made.incrementAndGet();
                return uring.create(options);
            }
        };
        JobSpec spec = JobSpec.builder(dir.resolve("u")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(1 << 20)
                .engine(uring.name()).iodepth(7).build();
        TickingClock clock = new TickingClock(20_000);
        WarmHarness.Outcome o = harness(4 * WarmHarness.SLICE_NANOS, cpu(clock, 1), FakeJit.busyWith(null))
                .warm(spec, counting, clock, INTERVAL, new RunControl());
        assertThat(o.ran()).isTrue();
        assertThat(o.slices()).hasSizeGreaterThan(1);
        assertThat(made.get()).as("one engine per slice").isEqualTo(o.slices().size());
    }

    /**
     * A job that fills its buffers as fio does ({@code scramble_buffers}, fio's default) is warmed with the fill the
     * run's worker has: the run's loop, not one thrown back to the interpreter at its first write (the scramble
     * there at a fraction of its compiled speed while the JIT compiled it again). Each slice's engine is given the
     * buffers the slice before wrote: every 512-byte block of them carries one write's time in bytes 48-63. A kind
     * of job warmed without the fill is not taken as warm for one with it.
     */
    @Test
    void aJobWithFiosBufferContentsIsWarmedFillingThemAsItsRunWill() {
        Path f = dir.resolve("s");
        FioBuffers scramble = new FioBuffers(FioBuffers.Fill.RANDOM, "", 0, 0, false, 0, false, 0, false, true,
                4096, new FioBuffers.Seed(0x89, false), 1, 2, 1, false, List.of());
        JobSpec plain = JobSpec.builder(f).rw(RwMode.WRITE).blockSize(4096).sizeBytes(1 << 20).engine("psync")
                .iodepth(1).build();
        JobSpec stamped = plain.toBuilder().buffers(scramble).build();
        List<byte[]> seen = new ArrayList<>();
        EngineProvider looking = firstBufferAtEachEngine(seen);
        TickingClock clock = new TickingClock(20_000);
        WarmHarness harness = harness(40 * WarmHarness.SLICE_NANOS, cpu(clock, 1), FakeJit.quiet());
        assertThat(harness.warm(plain, looking, clock, INTERVAL, new RunControl()).settled()).isTrue();
        seen.clear();
        WarmHarness.Outcome o = harness.warm(stamped, looking, clock, INTERVAL, new RunControl());
        assertThat(o.ran()).as("warm for the plain job is not warm for this one").isTrue();
        assertThat(seen).hasSizeGreaterThan(1);
        ByteBuffer written = ByteBuffer.wrap(seen.get(1)).order(ByteOrder.LITTLE_ENDIAN);
        long sec = written.getLong(48);
        long nsec = written.getLong(56);
        assertThat(nsec).isBetween(0L, 999_999_999L);
        assertThat(sec * 1_000_000_000L + nsec).as("a time of the warm-up's clock").isPositive();
        for (int block = 1; block < 8; block++) {
            assertThat(written.getLong(block * 512 + 48)).isEqualTo(sec);
            assertThat(written.getLong(block * 512 + 56)).isEqualTo(nsec);
        }
        assertThat(Files.exists(f)).as("the target is untouched").isFalse();
    }

    @Test
    void aJobThatVerifiesIsWarmedStampingItsWritesAsItsRunWillAndLeavesNoState() {
        Path f = dir.resolve("v");
        JobSpec plain = JobSpec.builder(f).rw(RwMode.WRITE).blockSize(4096).sizeBytes(1 << 20).engine("psync")
                .iodepth(1).build();
        // fio's md5 verify, state saved at the end as fio's default: the warm-up must leave none
        FioVerify md5 = new FioVerify(FioVerifyType.MD5, true, 4096, 0, "", List.of(), 0, 0, false, false, false,
                false, 0, false, 1, "warmed", true, false, dir.toString(), 1, 0);
        JobSpec verifying = plain.toBuilder().fioVerify(md5).build();
        List<byte[]> seen = new ArrayList<>();
        EngineProvider looking = firstBufferAtEachEngine(seen);
        TickingClock clock = new TickingClock(20_000);
        WarmHarness harness = harness(40 * WarmHarness.SLICE_NANOS, cpu(clock, 1), FakeJit.quiet());
        assertThat(harness.warm(plain, looking, clock, INTERVAL, new RunControl()).settled()).isTrue();
        seen.clear();
        WarmHarness.Outcome o = harness.warm(verifying, looking, clock, INTERVAL, new RunControl());
        assertThat(o.ran()).as("warm for the plain job is not warm for this one").isTrue();
        assertThat(seen).hasSizeGreaterThan(1);
        ByteBuffer written = ByteBuffer.wrap(seen.get(1)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(written.getShort(0) & 0xffff).as("fio's header magic").isEqualTo(0xacca);
        assertThat(written.getShort(2) & 0xffff).as("its verify type").isEqualTo(FioVerifyType.MD5.code());
        assertThat(written.getInt(4)).as("its length").isEqualTo(4096);
        assertThat(Files.exists(f)).as("the target is untouched").isFalse();
        try (var left = Files.list(dir)) {
            assertThat(left).as("no verify state").isEmpty();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A job file's first second crosses boundaries a 100 ms slice on the run's own lengths never crossed: its first
     * interval and first log window end ({@code log_avg_msec=1000}), and the random map of a 64 MiB file fills and a
     * new pass begins. The compiled loop met each first inside the window (uncommon traps in
     * {@code IoLogs.completed} and {@code RandomMapBlocks.next}, the loop recompiled while the window ran); the
     * warm-up's slices cross them all, and still walk the job's own region too.
     */
    @Test
    void theWarmUpCrossesTheBoundariesOfTheRunsFirstSecond() {
        long size = 64L << 20;
        JobSpec spec = JobSpec.builder(dir.resolve("j")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(size)
                .engine("psync").iodepth(1).timeNanos(3_000_000_000L)
                .access(new Access(null, null, true, Distribution.UNIFORM, 0, 0, 0))
                .logs(new LogSpec("r", null, "r", 1000, false, false, true, 1, false)).build();
        TickingClock clock = new TickingClock(5_000);
        WarmHarness.Outcome o = harness(4 * WarmHarness.SLICE_NANOS, cpu(clock, 1), FakeJit.busyWith(null))
                .warm(spec, Engines.require("psync"), clock, 1_000_000_000L, new RunControl());
        assertThat(o.ran()).isTrue();
        assertThat(o.slices()).as("intervals closed within a slice").anyMatch(s -> s.intervals() > 1);
        assertThat(o.slices()).as("log windows closed within a slice").anyMatch(s -> s.logWindows() > 0);
        assertThat(o.slices()).as("a slice that filled its random map and began a new pass")
                .anyMatch(s -> s.requests() > s.regionBytes() / 4096);
        assertThat(o.slices()).as("a slice over the job's own region").anyMatch(s -> s.regionBytes() == size);
    }

    /**
     * A job file's size-based random job draws fio's offsets: its loop over the region ends where fio's file is
     * done (the random map full). A warm-up slice that ended there, a few requests in, had too little CPU to
     * judge, so the warm-up never settled and spent its whole budget before every such job (10 s each under
     * {@code iobench fio}). Its slices run their length, as a time-based job's would, and it settles.
     */
    @Test
    void aJobFilesSizeBasedRandomJobIsWarmedForTheSlicesWholeLength() {
        JobSpec spec = FioJobFile.parse("t.fio", "[r]\nioengine=psync\nrw=randread\nsize=64k\nloops=2\nfilename="
                + dir.resolve("f") + "\n", false).jobs().getFirst();
        assertThat(spec.access().draws()).as("fio's draws").isNotNull();
        TickingClock clock = new TickingClock(20_000);
        long budget = 40 * WarmHarness.SLICE_NANOS;
        WarmHarness.Outcome o = harness(budget, cpu(clock, 1), FakeJit.quiet())
                .warm(spec, Engines.require("psync"), clock, INTERVAL, new RunControl());
        assertThat(o.ran()).isTrue();
        assertThat(o.slices()).as("each slice ran its length, past the 16 blocks of a loop")
                .allMatch(s -> s.wallNanos() >= WarmHarness.SLICE_NANOS && s.requests() > 2 * 16);
        assertThat(o.settled()).isTrue();
        assertThat(o.nanos()).isLessThan(budget);
    }

    /**
     * A job over several files is warmed through the run's own many-files source ({@link ManyFilesSource}): each
     * slice's engine opens as many files as the job has, every one of them {@code /dev/zero}, and the slice's
     * requests go to each of them in the job's round-robin order. Warmed over one file, the loop compiled for it was
     * thrown away when the job's source first loaded inside the window (io_uring over 1,000 registered files at
     * 0.82x fio over 3 s, the window opening on the loop at C1). Nothing of the job's own files is made or opened.
     */
    @Test
    void aJobOverSeveralFilesIsWarmedThroughItsOwnManyFilesSource() {
        List<Path> paths = List.of(dir.resolve("m.0"), dir.resolve("m.1"), dir.resolve("m.2"));
        JobSpec spec = JobSpec.builder(paths.getFirst()).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(3 << 20)
                .engine("psync").iodepth(1)
                .files(new JobFiles(paths, List.of(1L << 20, 1L << 20, 1L << 20), JobFiles.Service.ROUNDROBIN, 3))
                .build();
        EngineProvider psync = Engines.require("psync");
        List<List<String>> opened = new ArrayList<>();
        List<List<Integer>> requestFds = new ArrayList<>();
        EngineProvider recording = new EngineProvider() {
            @Override
            public EngineDescription description() {
                return psync.description();
            }

            @Override
            public IoEngine create(EngineOptions options) throws IOException {
                List<String> opens = new ArrayList<>();
                List<Integer> fds = new ArrayList<>();
                opened.add(opens);
                requestFds.add(fds);
                return new Recording(psync.create(options), opens, fds);
            }
        };
        TickingClock clock = new TickingClock(20_000);
        WarmHarness.Outcome o = harness(4 * WarmHarness.SLICE_NANOS, cpu(clock, 1), FakeJit.busyWith(null))
                .warm(spec, recording, clock, INTERVAL, new RunControl());
        assertThat(o.ran()).isTrue();
        assertThat(o.slices()).hasSizeGreaterThan(1);
        assertThat(opened).hasSize(o.slices().size());
        for (int i = 0; i < opened.size(); i++) {
            assertThat(opened.get(i)).as("slice %d opens as many files as the job", i)
                    .containsExactly("/dev/zero", "/dev/zero", "/dev/zero");
            List<Integer> fds = requestFds.get(i);
            assertThat(fds).as("slice %d's requests", i).hasSizeGreaterThan(6);
            assertThat(fds.stream().distinct().count()).as("slice %d goes over all three", i).isEqualTo(3);
            for (int r = 3; r < fds.size(); r++) {
                assertThat(fds.get(r)).as("round robin, request %d of slice %d", r, i).isEqualTo(fds.get(r - 3));
            }
        }
        for (Path p : paths) {
            assertThat(Files.exists(p)).as("the job's files untouched").isFalse();
        }
    }

    /**
     * A job that registers its files (fio's {@code registerfiles}) is warmed on an engine that registers them too,
     * so that the loop compiled is the one whose requests name their file by its slot; a kind of job warmed without
     * them is not taken as warm for one with them.
     */
    @Test
    void aJobThatRegistersItsFilesIsWarmedWithThemRegistered() {
        EngineProvider uring = Engines.require("uring");
        Assumptions.assumeTrue(uring.unavailable().isEmpty(), () -> "io_uring: " + uring.unavailable().orElse(""));
        List<Boolean> registered = new ArrayList<>();
        EngineProvider looking = new EngineProvider() {
            @Override
            public EngineDescription description() {
                return uring.description();
            }

            @Override
            public IoEngine create(EngineOptions options) throws IOException {
                registered.add(options.setup().registerFiles());
                return uring.create(options);
            }
        };
        JobSpec plain = JobSpec.builder(dir.resolve("r")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(1 << 20)
                .engine(uring.name()).iodepth(4).build();
        JobSpec reg = plain.toBuilder().submission(new Submission(true, false, -1, false, 1, 0, false)).build();
        TickingClock clock = new TickingClock(20_000);
        WarmHarness harness = harness(40 * WarmHarness.SLICE_NANOS, cpu(clock, 1), FakeJit.quiet());
        assertThat(harness.warm(plain, looking, clock, INTERVAL, new RunControl()).settled()).isTrue();
        assertThat(registered).isNotEmpty().containsOnly(false);
        registered.clear();
        WarmHarness.Outcome o = harness.warm(reg, looking, clock, INTERVAL, new RunControl());
        assertThat(o.ran()).as("warm without registered files is not warm with them").isTrue();
        assertThat(registered).isNotEmpty().containsOnly(true);
    }

    /**
     * psync, keeping the first 4 KiB of the first request buffer as each engine is made: a new slice's engine shows
     * what the slice before it wrote.
     */
    private static EngineProvider firstBufferAtEachEngine(List<byte[]> seen) {
        EngineProvider psync = Engines.require("psync");
        return new EngineProvider() {
            @Override
            public EngineDescription description() {
                return psync.description();
            }

            @Override
            public IoEngine create(EngineOptions options) throws IOException {
                seen.add(options.buffers().getFirst().toArray(0, 4096));
                return psync.create(options);
            }
        };
    }

    /** psync, recording the paths it opens and the descriptor of each request. */
    private static final class Recording implements IoEngine {
        private final IoEngine inner;
        private final List<String> opens;
        private final List<Integer> fds;

        Recording(IoEngine inner, List<String> opens, List<Integer> fds) {
            this.inner = inner;
            this.opens = opens;
            this.fds = fds;
        }

        @Override public String name() { return inner.name(); }
        @Override public IoFile open(Path path, OpenMode mode) throws IOException {
            opens.add(path.toString());
            return inner.open(path, mode);
        }
        @Override public void close(IoFile file) throws IOException { inner.close(file); }
        @Override public void invalidate(IoFile file) throws IOException { inner.invalidate(file); }
        @Override public int adviseAccess(IoFile file, boolean random, long offset, long length) {
            return inner.adviseAccess(file, random, offset, length);
        }
        @Override public SubmitStatus submit(IoRequest request) {
            fds.add(request.file().fd());
            return inner.submit(request);
        }
        @Override public void commit() { inner.commit(); }
        @Override public int reap(int min, Completions out) { return inner.reap(min, out); }
        @Override public int inFlight() { return inner.inFlight(); }
        @Override public int uncommitted() { return inner.uncommitted(); }
        @Override public void close() { inner.close(); }
    }
}
