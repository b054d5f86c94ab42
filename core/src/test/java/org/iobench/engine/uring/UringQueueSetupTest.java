package org.iobench.engine.uring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.Completions;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.Engines;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.QueueSetup;
import org.iobench.clock.NanoClock;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.uring.IoUringAbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ring's set-up beyond a plain ring, as fio's io_uring options ask it: registered files ({@code registerfiles}),
 * a submission thread ({@code sqthread_poll}, {@code sqthread_poll_cpu}) and polled completions ({@code hipri}).
 * Each writes a pattern and reads it back through the engine, so a ring that took the flag and moved no data fails.
 */
@Timeout(30)
class UringQueueSetupTest {
    private static final int BLOCK = 4096;

    @TempDir
    Path dir;

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    @Test
    void theEngineSaysItCanDoEachPart() {
        var uring = Engines.byName("uring").orElseThrow();
        assertThat(uring.has(EngineFlag.REGISTERED_FILES)).isTrue();
        assertThat(uring.has(EngineFlag.SUBMISSION_THREAD)).isTrue();
        assertThat(uring.has(EngineFlag.POLLED_COMPLETIONS)).isTrue();
        assertThat(Engines.byName("psync").orElseThrow().has(EngineFlag.SUBMISSION_THREAD)).isFalse();
    }

    @Test
    void registeredFilesAloneRegisterTheFileAndMoveItsData() throws Exception {
        UringEngine engine = engine(8, new QueueSetup(true, false, -1, false));
        IoFile file = engine.open(file(64), OpenMode.READ_WRITE);
        toClose.add(() -> engine.close(file));
        assertThat(engine.registeredFiles()).isEqualTo(1);
        roundTrip(engine, file, 8, 64);
    }

    @Test
    void aSubmissionThreadTakesTheRequestsAndRegistersTheFiles() throws Exception {
        UringEngine engine = engineOrSkip(16, new QueueSetup(false, true, -1, false));
        assertThat(engine.setupFlags() & IoUringAbi.SETUP_SQPOLL).isNotZero();
        IoFile file = engine.open(file(256), OpenMode.READ_WRITE);
        toClose.add(() -> engine.close(file));
        assertThat(engine.registeredFiles()).as("fio's sqthread_poll sets registerfiles").isEqualTo(1);
        roundTrip(engine, file, 16, 256);
    }

    @Test
    void aSubmissionThreadBoundToACpuOfThisProcess() throws Exception {
        UringEngine engine = engineOrSkip(4, new QueueSetup(false, true, 0, false));
        assertThat(engine.setupFlags() & (IoUringAbi.SETUP_SQPOLL | IoUringAbi.SETUP_SQ_AFF))
                .isEqualTo(IoUringAbi.SETUP_SQPOLL | IoUringAbi.SETUP_SQ_AFF);
        IoFile file = engine.open(file(16), OpenMode.READ_WRITE);
        toClose.add(() -> engine.close(file));
        roundTrip(engine, file, 4, 16);
    }

    @Test
    void polledCompletionsOfDirectRequests() throws Exception {
        UringEngine engine = engineOrSkip(8, new QueueSetup(false, false, -1, true));
        assertThat(engine.setupFlags() & IoUringAbi.SETUP_IOPOLL).isNotZero();
        Path path = file(32);
        IoFile file;
        try {
            file = engine.open(path, OpenMode.READ_WRITE.withDirect(true));
        } catch (IOException e) {
            assumeTrue(false, "no O_DIRECT in " + dir + " (tmpfs?): " + e.getMessage());
            return;
        }
        toClose.add(() -> engine.close(file));
        // Whether the device has poll queues or not, the kernel finds each completion from io_uring_enter's poll
        // (without poll queues it completes by interrupt meanwhile): the engine must wait through the poll.
        IoRequest probe = requests(1).getFirst().prepare(IoOp.READ, file, 0, BLOCK);
        engine.submit(probe);
        reap(engine, 1);
        assumeTrue(probe.result() != -Errno.EOPNOTSUPP, "this filesystem has no polled I/O (EOPNOTSUPP)");
        roundTrip(engine, file, 8, 32);
    }

    @Test
    void theFlagsAskedAreInEveryChoiceAndTaskRunFlagsNeverMeetASubmissionThread() {
        List<Integer> sq = UringProvider.flagChoices(new QueueSetup(true, true, 1, false));
        assertThat(sq).allMatch(f -> (f & (IoUringAbi.SETUP_SQPOLL | IoUringAbi.SETUP_SQ_AFF))
                == (IoUringAbi.SETUP_SQPOLL | IoUringAbi.SETUP_SQ_AFF));
        assertThat(sq).allMatch(f -> (f & (IoUringAbi.SETUP_COOP_TASKRUN | IoUringAbi.SETUP_TASKRUN_FLAG
                | IoUringAbi.SETUP_DEFER_TASKRUN)) == 0);
        List<Integer> polled = UringProvider.flagChoices(new QueueSetup(false, false, -1, true));
        assertThat(polled).hasSameSizeAs(UringProvider.SETUP_FLAG_CHOICES)
                .allMatch(f -> (f & IoUringAbi.SETUP_IOPOLL) != 0);
        assertThat(UringProvider.flagChoices(QueueSetup.NONE)).isEqualTo(UringProvider.SETUP_FLAG_CHOICES);
    }

    @Test
    void aRefusedSetUpIsOneLineNamingFiosOption() {
        String sq = UringProvider.setupRefused(new QueueSetup(true, true, 3, false), Errno.EPERM);
        assertThat(sq).startsWith("io_uring refused a submission thread (sqthread_poll, sqthread_poll_cpu=3)")
                .contains("EPERM").endsWith("; run without it").doesNotContain("\n");
        assertThat(UringProvider.setupRefused(new QueueSetup(false, false, -1, true), Errno.EINVAL))
                .contains("polled completions (hipri)").contains(Errno.describe(Errno.EINVAL));
    }

    // ---- helpers

    /** Writes {@code blocks} blocks of a pattern at {@code depth} and reads them back, checking every byte. */
    private void roundTrip(UringEngine engine, IoFile file, int depth, int blocks) {
        List<IoRequest> rs = requests(depth);
        for (int round = 0; round < 2; round++) {
            IoOp op = round == 0 ? IoOp.WRITE : IoOp.READ;
            int next = 0;
            Completions done = new Completions(depth);
            int inFlight = 0;
            List<IoRequest> free = new ArrayList<>(rs);
            while (next < blocks || inFlight > 0) {
                while (next < blocks && !free.isEmpty()) {
                    IoRequest r = free.removeLast();
                    if (op == IoOp.WRITE) {
                        r.buffer().fillRandom(1000 + next);
                    }
                    r.prepare(op, file, (long) next * BLOCK, BLOCK);
                    engine.submit(r);
                    inFlight++;
                    next++;
                }
                engine.commit();
                done.clear();
                int n = engine.reap(1, done);
                for (int i = 0; i < n; i++) {
                    IoRequest r = done.get(i);
                    long block = r.offset() / BLOCK;
                    assertThat(r.result()).as(op + " of block " + block).isEqualTo(BLOCK);
                    if (op == IoOp.READ) {
                        assertThat(r.buffer().toArray(0, BLOCK)).as("block " + block)
                                .isEqualTo(pattern(1000 + block));
                    }
                    free.add(r);
                }
                inFlight -= n;
            }
        }
    }

    private byte[] pattern(long seed) {
        try (NativeBuffer b = NativeBuffer.allocate(BLOCK, BLOCK)) {
            b.fillRandom(seed);
            return b.toArray(0, BLOCK);
        }
    }

    private Path file(int blocks) throws IOException {
        Path f = dir.resolve("data");
        Files.write(f, new byte[blocks * BLOCK]);
        return f;
    }

    private List<IoRequest> requests(int n) {
        List<IoRequest> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            NativeBuffer b = NativeBuffer.allocate(BLOCK, BLOCK);
            toClose.add(b);
            list.add(new IoRequest(i, b));
        }
        return list;
    }

    private UringEngine engine(int depth, QueueSetup setup) throws IOException {
        UringEngine engine = (UringEngine) Engines.byName("uring").orElseThrow()
                .create(new EngineOptions(depth, 1, List.of(), false, null, NanoClock.SYSTEM, setup));
        toClose.add(engine);
        return engine;
    }

    /** The engine, or a skip naming the kernel's refusal (a submission thread may need privileges). */
    private UringEngine engineOrSkip(int depth, QueueSetup setup) throws IOException {
        try {
            return engine(depth, setup);
        } catch (IOException e) {
            assumeTrue(false, "the kernel refused this ring: " + e.getMessage());
            throw e;
        }
    }

    private static void reap(UringEngine engine, int n) {
        engine.commit();
        Completions done = new Completions(n);
        int got = 0;
        while (got < n) {
            got += engine.reap(n - got, done);
        }
    }
}
