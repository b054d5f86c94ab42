package org.iobench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.iobench.sys.Errno;
import org.iobench.sys.Libc;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.OpenFlags;
import org.iobench.testing.DiskDirs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The behaviour every engine owes a worker, run over every registered engine plus the awkward variants of
 * io_uring: registered (fixed) buffers and files, and batched submission.
 */
@Timeout(30)
class IoEngineContractTest {

    /** An engine as a test builds it: a registered provider plus the options that change its code paths. */
    record EngineCase(String label, EngineProvider provider, boolean fixedBuffers, int batch) {
        IoEngine create(int iodepth, List<Integer> fds, List<NativeBuffer> buffers) throws IOException {
            return provider.create(new EngineOptions(iodepth, Math.min(batch, iodepth), fds, buffers, fixedBuffers));
        }

        @Override
        public String toString() {
            return label;
        }
    }

    static Stream<EngineCase> engines() {
        List<EngineCase> cases = new ArrayList<>();
        for (String name : Engines.names()) {
            cases.add(new EngineCase(name, Engines.byName(name).orElseThrow(), false, 1));
        }
        EngineProvider uring = Engines.byName("uring").orElseThrow();
        cases.add(new EngineCase("uring-fixed-buffers-and-files", uring, true, 1));
        cases.add(new EngineCase("uring-batch-4", uring, false, 4));
        return cases.stream();
    }

    @TempDir
    Path dir;

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void writesAreReadBackByteForByte(EngineCase c) throws Exception {
        int fd = open(dir.resolve("data"), OpenFlags.O_RDWR | OpenFlags.O_CREAT);
        List<IoRequest> writes = requests(4, 16384, 0);
        List<IoRequest> reads = requests(4, 16384, 4);
        IoEngine engine = engine(c, 4, List.of(fd), concat(writes, reads));
        for (int i = 0; i < 4; i++) {
            writes.get(i).buffer().fillRandom(i);
            writes.get(i).prepare(IoOp.WRITE, fd, i * 16384L, 16384);
        }
        runAll(engine, writes);
        for (int i = 0; i < 4; i++) {
            assertThat(writes.get(i).result()).as("write %d", i).isEqualTo(16384);
            reads.get(i).prepare(IoOp.READ, fd, i * 16384L, 16384);
        }
        runAll(engine, reads);
        for (int i = 0; i < 4; i++) {
            assertThat(reads.get(i).result()).as("read %d", i).isEqualTo(16384);
            assertThat(reads.get(i).buffer().toArray(0, 16384)).isEqualTo(writes.get(i).buffer().toArray(0, 16384));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void aReadAcrossEndOfFileIsShortAndAReadAtEndOfFileIsZero(EngineCase c) throws Exception {
        Path file = dir.resolve("small");
        byte[] content = new byte[1000];
        new SplittableRandom(1).nextBytes(content);
        Files.write(file, content);
        int fd = open(file, OpenFlags.O_RDONLY);
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(fd), List.of(r.buffer()));

        assertThat(run(engine, r.prepare(IoOp.READ, fd, 0, 4096))).isEqualTo(1000);
        assertThat(r.buffer().toArray(0, 1000)).isEqualTo(content);
        assertThat(run(engine, r.prepare(IoOp.READ, fd, 512, 4096))).isEqualTo(488);
        assertThat(r.buffer().toArray(0, 488)).isEqualTo(Arrays.copyOfRange(content, 512, 1000));
        assertThat(run(engine, r.prepare(IoOp.READ, fd, 1000, 4096))).isZero();
        assertThat(run(engine, r.prepare(IoOp.READ, fd, 1 << 20, 4096))).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void anIoOnAClosedFdCompletesWithEbadf(EngineCase c) throws Exception {
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(), List.of(r.buffer()));
        // Closed after the engine exists, so that its ring cannot take over the fd number.
        int fd = Libc.open(dir.resolve("closed"), OpenFlags.O_RDWR | OpenFlags.O_CREAT, 0644);
        Libc.close(fd);

        assertThat(run(engine, r.prepare(IoOp.READ, fd, 0, 4096))).isEqualTo(-Errno.EBADF);
        assertThat(run(engine, r.prepare(IoOp.WRITE, fd, 0, 4096))).isEqualTo(-Errno.EBADF);
        assertThat(run(engine, r.prepare(IoOp.FDATASYNC, fd, 0, 0))).isEqualTo(-Errno.EBADF);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void aWriteToAReadOnlyFdCompletesWithEbadf(EngineCase c) throws Exception {
        Path file = dir.resolve("ro");
        Files.write(file, new byte[4096]);
        int fd = open(file, OpenFlags.O_RDONLY);
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(fd), List.of(r.buffer()));

        assertThat(run(engine, r.prepare(IoOp.WRITE, fd, 0, 4096))).isEqualTo(-Errno.EBADF);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void directIoRejectsMisalignedOffsetLengthAndBufferWithEinval(EngineCase c) throws Exception {
        Path file = DiskDirs.enforcingDirectIo(dir).resolve("direct-" + c.label());
        Files.write(file, new byte[65536]);
        int fd = open(file, OpenFlags.O_RDWR | OpenFlags.O_DIRECT);
        IoRequest r = requests(1, 16384, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(fd), List.of(r.buffer()));

        assertThat(run(engine, r.prepare(IoOp.READ, fd, 4096, 4096))).as("aligned").isEqualTo(4096);
        assertThat(run(engine, r.prepare(IoOp.READ, fd, 100, 4096))).as("offset 100").isEqualTo(-Errno.EINVAL);
        assertThat(run(engine, r.prepare(IoOp.READ, fd, 4096, 100))).as("length 100").isEqualTo(-Errno.EINVAL);
        assertThat(run(engine, r.prepare(IoOp.WRITE, fd, 4096, 100))).as("write length 100")
                .isEqualTo(-Errno.EINVAL);
        // File offset 8192 and length 4096 are aligned; the buffer address (start + 1) is not.
        r.prepare(IoOp.READ, fd, 8191, 4097).advance(1);
        assertThat(r.bufferOffset()).isEqualTo(1);
        assertThat(run(engine, r)).as("buffer + 1").isEqualTo(-Errno.EINVAL);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void fdatasyncAndFsyncCompleteWithZero(EngineCase c) throws Exception {
        int fd = open(dir.resolve("synced"), OpenFlags.O_RDWR | OpenFlags.O_CREAT);
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(fd), List.of(r.buffer()));

        r.buffer().fillRandom(3);
        assertThat(run(engine, r.prepare(IoOp.WRITE, fd, 0, 4096))).isEqualTo(4096);
        assertThat(run(engine, r.prepare(IoOp.FDATASYNC, fd, 0, 0))).isZero();
        assertThat(run(engine, r.prepare(IoOp.FSYNC, fd, 0, 0))).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void submitTimeLiesBetweenIssueAndCompletion(EngineCase c) throws Exception {
        Path file = dir.resolve("timed");
        Files.write(file, new byte[8192]);
        int fd = open(file, OpenFlags.O_RDONLY);
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(fd), List.of(r.buffer()));

        r.prepare(IoOp.READ, fd, 0, 4096);
        r.submitNanos(0);
        r.issueNanos(System.nanoTime());
        run(engine, r);
        long completed = System.nanoTime();
        assertThat(r.submitNanos()).isBetween(r.issueNanos(), completed);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void anAsyncEngineAnswersBusyAtItsIodepthUntilSomethingIsReaped(EngineCase c) throws Exception {
        assumeFalse(c.provider().synchronous(), "synchronous engines never queue");
        Path file = dir.resolve("busy");
        Files.write(file, new byte[8 * 4096]);
        int fd = open(file, OpenFlags.O_RDONLY);
        List<IoRequest> rs = requests(5, 4096, 0);
        IoEngine engine = engine(c, 4, List.of(fd), buffers(rs));

        for (int i = 0; i < 4; i++) {
            assertThat(engine.submit(rs.get(i).prepare(IoOp.READ, fd, i * 4096L, 4096))).isEqualTo(SubmitStatus.QUEUED);
        }
        assertThat(engine.inFlight()).isEqualTo(4);
        assertThat(engine.submit(rs.get(4).prepare(IoOp.READ, fd, 0, 4096))).isEqualTo(SubmitStatus.BUSY);
        engine.commit();
        Completions done = new Completions(4);
        assertThat(engine.reap(1, done)).isBetween(1, 4);
        assertThat(engine.inFlight()).isEqualTo(4 - done.size());
        assertThat(engine.submit(rs.get(4))).isEqualTo(SubmitStatus.QUEUED);
        drain(engine, done);
        assertThat(engine.inFlight()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void everyRequestOfManyInFlightComesBackExactlyOnceWithItsOwnData(EngineCase c) throws Exception {
        int blocks = 256;
        int depth = 32;
        int total = 3000;
        Path file = dir.resolve("blocks");
        ByteBuffer content = ByteBuffer.allocate(blocks * 4096).order(ByteOrder.LITTLE_ENDIAN);
        for (int b = 0; b < blocks; b++) {
            content.putLong(b * 4096, b);
        }
        Files.write(file, content.array());
        // O_DIRECT, so that requests really wait on the device and complete out of order.
        int fd = open(file, OpenFlags.O_RDONLY | OpenFlags.O_DIRECT);
        List<IoRequest> pool = requests(depth, 4096, 0);
        IoEngine engine = engine(c, depth, List.of(fd), buffers(pool));

        SplittableRandom random = new SplittableRandom(42);
        long[] expectedBlock = new long[depth];
        boolean[] outstanding = new boolean[depth];
        ArrayDeque<Integer> free = new ArrayDeque<>();
        for (int i = 0; i < depth; i++) {
            free.add(i);
        }
        Completions done = new Completions(depth);
        int submitted = 0;
        int completed = 0;
        while (completed < total) {
            while (submitted < total && !free.isEmpty()) {
                IoRequest r = pool.get(free.peek());
                long block = random.nextInt(blocks);
                r.prepare(IoOp.READ, fd, block * 4096, 4096);
                SubmitStatus status = engine.submit(r);
                if (status == SubmitStatus.BUSY) {
                    break;
                }
                free.poll();
                expectedBlock[r.index()] = block;
                submitted++;
                if (status == SubmitStatus.COMPLETED) {
                    completed += check(r, expectedBlock, outstanding, free, true);
                } else {
                    outstanding[r.index()] = true;
                }
            }
            engine.commit();
            done.clear();
            engine.reap(1, done);
            for (int i = 0; i < done.size(); i++) {
                completed += check(done.get(i), expectedBlock, outstanding, free, false);
            }
            assertThat(completed).isLessThanOrEqualTo(submitted);
        }
        assertThat(submitted).isEqualTo(total);
        assertThat(engine.inFlight()).isZero();
        done.clear();
        assertThat(engine.reap(0, done)).isZero();
    }

    private static int check(IoRequest r, long[] expectedBlock, boolean[] outstanding, ArrayDeque<Integer> free,
                             boolean sync) {
        int i = r.index();
        if (!sync && !outstanding[i]) {
            fail("request %d came back but was not in flight", i);
        }
        outstanding[i] = false;
        assertThat(r.result()).as("request %d", i).isEqualTo(4096);
        long block = ByteBuffer.wrap(r.buffer().toArray(0, 8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
        assertThat(block).as("block read by request %d", i).isEqualTo(expectedBlock[i]);
        free.add(i);
        return 1;
    }

    // ---- helpers

    private int open(Path file, int flags) throws IOException {
        int fd = Libc.open(file, flags, 0644);
        toClose.add(() -> Libc.close(fd));
        return fd;
    }

    private List<IoRequest> requests(int n, int size, int firstIndex) {
        List<IoRequest> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            NativeBuffer b = NativeBuffer.allocate(size, 4096);
            toClose.add(b);
            list.add(new IoRequest(firstIndex + i, b));
        }
        return list;
    }

    private IoEngine engine(EngineCase c, int iodepth, List<Integer> fds, List<NativeBuffer> buffers)
            throws IOException {
        IoEngine engine = c.create(iodepth, fds, buffers);
        toClose.add(engine);
        return engine;
    }

    private static List<NativeBuffer> buffers(List<IoRequest> requests) {
        return requests.stream().map(IoRequest::buffer).toList();
    }

    private static List<NativeBuffer> concat(List<IoRequest> a, List<IoRequest> b) {
        return Stream.concat(a.stream(), b.stream()).map(IoRequest::buffer).toList();
    }

    /** Runs one request to completion and returns its result. */
    static long run(IoEngine engine, IoRequest r) {
        switch (engine.submit(r)) {
            case COMPLETED -> { return r.result(); }
            case BUSY -> fail("engine busy with nothing in flight");
            case QUEUED -> { }
        }
        engine.commit();
        Completions done = new Completions(1);
        while (done.size() == 0) {
            engine.reap(1, done);
        }
        assertThat(done.get(0)).isSameAs(r);
        return r.result();
    }

    /** Runs requests with distinct indexes together, at most the engine's depth in flight. */
    static void runAll(IoEngine engine, List<IoRequest> requests) {
        Completions done = new Completions(requests.size());
        for (IoRequest r : requests) {
            while (engine.submit(r) == SubmitStatus.BUSY) {
                engine.commit();
                engine.reap(1, done);
            }
        }
        drain(engine, done);
    }

    static void drain(IoEngine engine, Completions done) {
        engine.commit();
        while (engine.inFlight() > 0) {
            if (done.size() == done.capacity()) {
                done.clear();
            }
            engine.reap(1, done);
        }
    }
}
