package org.iobench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.sys.Errno;
import org.iobench.sys.FileHandle;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.OpenFlags;
import org.iobench.sys.PageCacheStat;
import org.iobench.sys.SysException;
import org.iobench.testing.DiskDirs;
import org.iobench.testing.Root;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The behaviour every engine owes a worker, run over every registered engine plus the awkward variants: io_uring
 * with registered (fixed) buffers and files and with batched submission, and {@link ShortTransferEngine} around a
 * synchronous and an asynchronous engine, so every test also passes when each request comes back short and the
 * caller resubmits the rest (the helpers below do what a worker does). Engines that store nothing ({@code null})
 * are not given the tests about data and errors of real files (a case that does not apply is not generated, so a
 * skip means only that something cannot run here), and must still account for every request.
 */
@Timeout(30)
class IoEngineContractTest {

    /** An engine as a test builds it: a registered provider plus the options that change its code paths. */
    record EngineCase(String label, EngineProvider provider, boolean fixedBuffers, int batch, QueueSetup setup) {
        EngineCase(String label, EngineProvider provider, boolean fixedBuffers, int batch) {
            this(label, provider, fixedBuffers, batch, QueueSetup.NONE);
        }

        /** The test wrapper allocates by design; registered engines must not. */
        boolean registered() {
            return Engines.byName(provider.name()).orElse(null) == provider;
        }

        /** Reads return what writes wrote: every storage engine but those counting other calls (ftruncate). */
        boolean data() {
            return provider.description().transfersData();
        }

        boolean storage() {
            return provider.description().storesData();
        }

        IoEngine create(int iodepth, List<NativeBuffer> buffers) throws IOException {
            return provider.create(new EngineOptions(iodepth, Math.min(batch, iodepth), buffers, fixedBuffers, null,
                    NanoClock.SYSTEM, setup));
        }

        @Override
        public String toString() {
            return label;
        }
    }

    static Stream<EngineCase> engines() {
        List<EngineCase> cases = new ArrayList<>();
        for (String name : Engines.names()) {
            if (name.equals("cpuio") || name.equals("exec")) {
                continue; // no I/O engines: their requests burn the CPU or wait, and complete with 0 bytes
            }
            if (Engines.byName(name).orElseThrow().has(EngineFlag.NETWORK)) {
                continue; // its requests go to another end over a socket, not to a file: NetEngineTest
            }
            if (name.startsWith("file")) {
                continue; // fio's file-operation engines call on a list of files, not on requests' data: FileOpEngineTest
            }
            cases.add(new EngineCase(name, Engines.byName(name).orElseThrow(), false, 1));
        }
        EngineProvider uring = Engines.byName("uring").orElseThrow();
        cases.add(new EngineCase("uring-fixed-buffers-and-files", uring, true, 1));
        cases.add(new EngineCase("uring-batch-4", uring, false, 4));
        cases.add(new EngineCase("uring-registered-files", uring, false, 1, new QueueSetup(true, false, -1, false)));
        cases.add(new EngineCase("uring-sq-poll", uring, false, 1, new QueueSetup(true, true, -1, false)));
        cases.add(new EngineCase("psync-short-transfers",
                ShortTransferEngine.wrap(Engines.byName("psync").orElseThrow()), false, 1));
        cases.add(new EngineCase("uring-short-transfers", ShortTransferEngine.wrap(uring), false, 1));
        return cases.stream();
    }

    // A case that does not apply to an engine is not generated (a skip would say it could not run here).

    /** Reads return what writes wrote: the tests about data and errors of real files. */
    static Stream<EngineCase> dataEngines() {
        return engines().filter(EngineCase::data);
    }

    /** Engines that store nothing ({@code null}): they must not touch the file, and still account for requests. */
    static Stream<EngineCase> enginesStoringNothing() {
        return engines().filter(c -> !c.storage());
    }

    /** Engines that queue: synchronous ones complete every request in submit and never answer BUSY. */
    static Stream<EngineCase> asyncEngines() {
        return engines().filter(c -> !c.provider().has(EngineFlag.SYNC));
    }

    /** Registered engines that queue (depth 1024 means something only to them). */
    static Stream<EngineCase> registeredAsyncEngines() {
        return registeredEngines().filter(c -> !c.provider().has(EngineFlag.SYNC) && c.storage());
    }

    /** Registered engines only: the test wrapper allocates by design. */
    static Stream<EngineCase> registeredEngines() {
        return engines().filter(EngineCase::registered);
    }

    /** Engines whose reads return data, and those that store nothing (null answers every request without data). */
    static Stream<EngineCase> enginesWithDataOrStoringNothing() {
        return engines().filter(c -> c.data() || !c.storage());
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
    @MethodSource("dataEngines")
    void writesAreReadBackByteForByte(EngineCase c) throws Exception {
        List<IoRequest> writes = requests(4, 16384, 0);
        List<IoRequest> reads = requests(4, 16384, 4);
        IoEngine engine = engine(c, 4, concat(writes, reads));
        IoFile fd = open(engine, dir.resolve("data"), OpenMode.CREATE_NEW);
        for (int i = 0; i < 4; i++) {
            writes.get(i).buffer().fillRandom(i);
            writes.get(i).prepare(IoOp.WRITE, fd, i * 16384L, 16384);
        }
        long[] written = runAll(engine, writes);
        for (int i = 0; i < 4; i++) {
            assertThat(written[i]).as("write %d", i).isEqualTo(16384);
            reads.get(i).prepare(IoOp.READ, fd, i * 16384L, 16384);
        }
        long[] read = runAll(engine, reads);
        for (int i = 0; i < 4; i++) {
            assertThat(read[i]).as("read %d", i).isEqualTo(16384);
            assertThat(reads.get(i).buffer().toArray(0, 16384)).isEqualTo(writes.get(i).buffer().toArray(0, 16384));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataEngines")
    void aReadAcrossEndOfFileIsShortAndAReadAtEndOfFileIsZero(EngineCase c) throws Exception {
        Path file = dir.resolve("small");
        byte[] content = new byte[1000];
        new SplittableRandom(1).nextBytes(content);
        Files.write(file, content);
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(r.buffer()));
        IoFile fd = open(engine, file, OpenMode.READ);

        assertThat(run(engine, r.prepare(IoOp.READ, fd, 0, 4096))).isEqualTo(1000);
        assertThat(r.buffer().toArray(0, 1000)).isEqualTo(content);
        assertThat(run(engine, r.prepare(IoOp.READ, fd, 512, 4096))).isEqualTo(488);
        assertThat(r.buffer().toArray(0, 488)).isEqualTo(Arrays.copyOfRange(content, 512, 1000));
        assertThat(run(engine, r.prepare(IoOp.READ, fd, 1000, 4096))).isZero();
        assertThat(run(engine, r.prepare(IoOp.READ, fd, 1 << 20, 4096))).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataEngines")
    void aRequestOnAFileTheEngineClosedCompletesWithEbadf(EngineCase c) throws Exception {
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(r.buffer()));
        IoFile fd = engine.open(dir.resolve("closed"), OpenMode.CREATE_NEW);
        engine.close(fd);
        assertThat(fd.isOpen()).isFalse();
        engine.close(fd); // a second close does nothing

        assertThat(run(engine, r.prepare(IoOp.READ, fd, 0, 4096))).isEqualTo(-Errno.EBADF);
        assertThat(run(engine, r.prepare(IoOp.WRITE, fd, 0, 4096))).isEqualTo(-Errno.EBADF);
        assertThat(run(engine, r.prepare(IoOp.FDATASYNC, fd, 0, 0))).isEqualTo(-Errno.EBADF);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataEngines")
    void aWriteToAReadOnlyFdCompletesWithEbadf(EngineCase c) throws Exception {
        Path file = dir.resolve("ro");
        Files.write(file, new byte[4096]);
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(r.buffer()));
        IoFile fd = open(engine, file, OpenMode.READ);

        assertThat(run(engine, r.prepare(IoOp.WRITE, fd, 0, 4096))).isEqualTo(-Errno.EBADF);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataEngines")
    void directIoRejectsMisalignedOffsetLengthAndBufferWithEinval(EngineCase c) throws Exception {
        Path file = DiskDirs.enforcingDirectIo(dir).resolve("direct-" + c.label());
        Files.write(file, new byte[65536]);
        IoRequest r = requests(1, 16384, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(r.buffer()));
        IoFile fd = open(engine, file, OpenMode.READ_WRITE.withDirect(true));

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
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(r.buffer()));
        IoFile fd = open(engine, dir.resolve("synced"), OpenMode.CREATE_NEW);

        r.buffer().fillRandom(3);
        assertThat(run(engine, r.prepare(IoOp.WRITE, fd, 0, 4096))).isEqualTo(4096);
        assertThat(run(engine, r.prepare(IoOp.FDATASYNC, fd, 0, 0))).isZero();
        assertThat(run(engine, r.prepare(IoOp.FSYNC, fd, 0, 0))).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataEngines")
    void aTrimOnARegularFileCompletesWithEnottyAndLeavesTheDataAsFioFindsIt(EngineCase c) throws Exception {
        IoRequest r = requests(1, 8192, 0).getFirst();
        IoEngine engine = engine(c, 2, List.of(r.buffer()));
        IoFile fd = open(engine, dir.resolve("not-a-device"), OpenMode.CREATE_NEW);
        r.buffer().fillRandom(5);
        byte[] written = r.buffer().toArray(0, 8192);
        assertThat(run(engine, r.prepare(IoOp.WRITE, fd, 0, 8192))).isEqualTo(8192);

        assertThat(run(engine, r.prepare(IoOp.TRIM, fd, 0, 4096))).as("BLKDISCARD on a file").isEqualTo(-Errno.ENOTTY);
        assertThat(run(engine, r.prepare(IoOp.READ, fd, 0, 8192))).isEqualTo(8192);
        assertThat(r.buffer().toArray(0, 8192)).isEqualTo(written);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataEngines")
    void aTrimOnABlockDeviceCountsItsLengthAndTheRangeThenReadsAsZerosAmidQueuedWrites(EngineCase c)
            throws Exception {
        Root.assumeLoopDevices("discard a range of a loop device made for the test");
        Path loop = Root.losetup(Root.sparseFile(dir.resolve("trim.img"), 1 << 20));
        try {
            List<IoRequest> writes = requests(3, 65536, 0);
            IoRequest trim = requests(1, 4096, 3).getFirst();
            IoEngine engine = engine(c, 4, concat(writes, List.of(trim)));
            IoFile dev = engine.open(loop, OpenMode.READ_WRITE);
            try {
                byte[][] data = new byte[3][];
                for (int i = 0; i < 3; i++) {
                    writes.get(i).buffer().fillRandom(20 + i);
                    data[i] = writes.get(i).buffer().toArray(0, 65536);
                    writes.get(i).prepare(IoOp.WRITE, dev, i * 65536L, 65536);
                }
                assertThat(runAll(engine, writes)).containsOnly(65536L);
                assertThat(run(engine, writes.get(2).prepare(IoOp.FDATASYNC, dev, 0, 0))).isZero();
                // the next two writes are queued (async engines) when the trim comes: they go first, then it
                writes.get(0).prepare(IoOp.WRITE, dev, 3 * 65536L, 65536);
                writes.get(1).prepare(IoOp.WRITE, dev, 4 * 65536L, 65536);
                trim.prepare(IoOp.TRIM, dev, 65536L, 65536);
                assertThat(runAll(engine, List.of(writes.get(0), writes.get(1), trim)))
                        .as("a trim counts its whole length, as fio counts it").containsExactly(65536L, 65536L, 65536L);

                IoRequest read = writes.get(2);
                assertThat(run(engine, read.prepare(IoOp.READ, dev, 0, 65536))).isEqualTo(65536);
                assertThat(read.buffer().toArray(0, 65536)).as("before the trimmed range").isEqualTo(data[0]);
                assertThat(run(engine, read.prepare(IoOp.READ, dev, 65536L, 65536))).isEqualTo(65536);
                assertThat(read.buffer().toArray(0, 65536)).as("the trimmed range").containsOnly((byte) 0);
                assertThat(run(engine, read.prepare(IoOp.READ, dev, 4 * 65536L, 65536))).isEqualTo(65536);
                assertThat(read.buffer().toArray(0, 65536)).as("a write queued before it").isEqualTo(data[1]);
            } finally {
                engine.close(dev);
            }
        } finally {
            Root.detach(loop);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataEngines")
    void openGivesTheEngineADescriptorOfThatFileAndCloseReleasesIt(EngineCase c) throws Exception {
        Path file = dir.resolve("opened");
        IoEngine engine = engine(c, 1, List.of());
        IoFile f = engine.open(file, OpenMode.CREATE_NEW);
        Path link = Path.of("/proc/self/fd/" + f.fd());
        assertThat(Files.exists(file)).as("created").isTrue();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(file.toRealPath());
        assertThat(f.id().sameFile(org.iobench.sys.FileId.of(file))).isTrue();

        engine.close(f);
        assertThat(f.isOpen()).isFalse();
        assertThat(f.fd()).isEqualTo(-1);
        assertThat(Files.exists(link) && Files.readSymbolicLink(link).equals(file.toRealPath()))
                .as("the descriptor is gone").isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataEngines")
    void openFailuresAreThrownWithTheFileAndTheErrnoNamed(EngineCase c) throws Exception {
        IoEngine engine = engine(c, 1, List.of());
        Path missing = dir.resolve("missing");
        assertThatThrownBy(() -> engine.open(missing, OpenMode.READ)).isInstanceOfSatisfying(SysException.class,
                e -> assertThat(e.errno()).isEqualTo(Errno.ENOENT)).hasMessageContaining(missing.toString())
                .hasMessageContaining("ENOENT");
        Files.write(missing, new byte[1]);
        assertThatThrownBy(() -> engine.open(missing, OpenMode.CREATE_NEW)).isInstanceOfSatisfying(
                SysException.class, e -> assertThat(e.errno()).isEqualTo(Errno.EEXIST));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataEngines")
    void aSyncRequestWritesTheFilesDirtyPagesBackAndInvalidateThenDropsItsCachedPages(EngineCase c)
            throws Exception {
        assumeFalse("tmpfs".equals(Files.getFileStore(dir).type()), "tmpfs pages are never written back");
        List<IoRequest> rs = requests(4, 65536, 0);
        IoEngine engine = engine(c, 4, buffers(rs));
        IoFile f = open(engine, dir.resolve("cached"), OpenMode.CREATE_NEW);
        for (int i = 0; i < 4; i++) {
            rs.get(i).buffer().fillRandom(i);
            rs.get(i).prepare(IoOp.WRITE, f, i * 65536L, 65536);
        }
        runAll(engine, rs);
        assumeTrue(f.unwrittenPages() > 0, "cachestat(2) is not available here, or the pages were written back");

        assertThat(run(engine, rs.getFirst().prepare(IoOp.FDATASYNC, f, 0, 0))).isZero();
        assertThat(f.unwrittenPages()).as("unwritten pages after the sync").isZero();
        engine.invalidate(f);
        try (FileHandle h = FileHandle.open(f.path(), OpenFlags.O_RDONLY, 0)) {
            PageCacheStat after = h.cacheStat();
            assertThat(after.cachedPages()).as("cached pages after invalidate (of 64)").isLessThan(8);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataEngines")
    void randomAdviceStopsTheKernelsReadAheadOnThatFileAndSequentialAdviceBringsItBack(EngineCase c)
            throws Exception {
        assumeFalse("tmpfs".equals(Files.getFileStore(dir).type()), "tmpfs holds every page: nothing is read ahead");
        Path file = dir.resolve("advised");
        Files.write(file, new byte[4 << 20]);
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.WRITE)) {
            ch.force(true); // clean pages: invalidate drops them all
        }
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, buffers(List.of(r)));
        IoFile f = open(engine, file, OpenMode.READ);
        long plain = cachedAfterOneRead(engine, f, r);
        assumeTrue(plain > 1, "this filesystem reads nothing ahead of a 4 KiB read (cachestat: " + plain
                + " pages), so advice cannot show");

        assertThat(engine.adviseAccess(f, true, 0, 4 << 20)).as("POSIX_FADV_RANDOM's answer").isZero();
        assertThat(cachedAfterOneRead(engine, f, r)).as("pages cached by a 4 KiB read after RANDOM advice")
                .isEqualTo(1);
        assertThat(engine.adviseAccess(f, false, 0, 4 << 20)).as("POSIX_FADV_SEQUENTIAL's answer").isZero();
        assertThat(cachedAfterOneRead(engine, f, r)).as("pages cached after SEQUENTIAL advice")
                .isGreaterThan(1);
    }

    /**
     * The file's cached pages after it is dropped from the cache and its first 4 KiB read (Linux reads ahead of a
     * read at the start of a file; of a lone read elsewhere, never).
     */
    private static long cachedAfterOneRead(IoEngine engine, IoFile f, IoRequest r) throws Exception {
        engine.invalidate(f);
        assertThat(run(engine, r.prepare(IoOp.READ, f, 0, 4096))).isEqualTo(4096);
        try (FileHandle h = FileHandle.open(f.path(), OpenFlags.O_RDONLY, 0)) {
            PageCacheStat st = h.cacheStat();
            assumeTrue(st != null, "cachestat(2) is not available here");
            return st.cachedPages();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enginesStoringNothing")
    void anEngineThatStoresNothingNeitherOpensNorCreatesItsFiles(EngineCase c) throws Exception {
        IoEngine engine = engine(c, 1, List.of());
        Path file = dir.resolve("never-made");
        IoFile f = engine.open(file, OpenMode.CREATE_NEW);
        assertThat(f.isOpen()).isFalse();
        assertThat(f.unwrittenPages()).isEqualTo(-1);
        engine.invalidate(f);
        assertThat(engine.adviseAccess(f, true, 0, 65536)).as("no file, no advice, no error").isZero();
        IoRequest trim = requests(1, 4096, 0).getFirst();
        assertThat(run(engine, trim.prepare(IoOp.TRIM, f, 8192, 65536)))
                .as("a trim counts its length, as fio's null engine").isEqualTo(65536);
        engine.close(f);
        assertThat(Files.exists(file)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void submitTimeLiesBetweenIssueAndCompletion(EngineCase c) throws Exception {
        Path file = dir.resolve("timed");
        Files.write(file, new byte[8192]);
        IoRequest r = requests(1, 4096, 0).getFirst();
        IoEngine engine = engine(c, 1, List.of(r.buffer()));
        IoFile fd = open(engine, file, OpenMode.READ);

        r.prepare(IoOp.READ, fd, 0, 4096);
        r.submitNanos(0);
        r.issueNanos(System.nanoTime());
        SubmitStatus status = engine.submit(r);
        if (status == SubmitStatus.QUEUED) {
            engine.commit();
            assertThat(engine.reap(1, new Completions(1))).as("reaps the request it queued").isEqualTo(1);
        }
        long completed = System.nanoTime();
        assertThat(status).isNotEqualTo(SubmitStatus.BUSY);
        if (status == SubmitStatus.QUEUED) {
            assertThat(r.submitNanos()).as("a queued request is handed over between its issue and its completion")
                    .isBetween(r.issueNanos(), completed);
        } else {
            // completed inside submit: stamped between issue and completion, or left unstamped (before its issue)
            // as fio's synchronous engines have no submission phase, hence no slat
            assertThat(r.submitNanos() < r.issueNanos()
                    || r.submitNanos() >= r.issueNanos() && r.submitNanos() <= completed)
                    .as("submitNanos %d against issue %d and completion %d", r.submitNanos(), r.issueNanos(), completed)
                    .isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("asyncEngines")
    void anAsyncEngineAnswersBusyAtItsIodepthUntilSomethingIsReaped(EngineCase c) throws Exception {
        Path file = dir.resolve("busy");
        Files.write(file, new byte[8 * 4096]);
        List<IoRequest> rs = requests(5, 4096, 0);
        IoEngine engine = engine(c, 4, buffers(rs));
        IoFile fd = open(engine, file, OpenMode.READ);

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
    @MethodSource("enginesWithDataOrStoringNothing")
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
        List<IoRequest> pool = requests(depth, 4096, 0);
        IoEngine engine = engine(c, depth, buffers(pool));
        IoFile fd = open(engine, file, OpenMode.READ.withDirect(true));

        SplittableRandom random = new SplittableRandom(42);
        Ledger ledger = new Ledger(depth, c.storage());
        Completions done = new Completions(depth);
        int submitted = 0;
        int completed = 0;
        while (completed < total) {
            while (true) {
                IoRequest r = ledger.resubmit.peek();
                long block = -1;
                if (r == null && submitted < total && !ledger.free.isEmpty()) {
                    r = pool.get(ledger.free.peek());
                    block = random.nextInt(blocks);
                    r.prepare(IoOp.READ, fd, block * 4096, 4096);
                }
                if (r == null) {
                    break;
                }
                SubmitStatus status = engine.submit(r);
                if (status == SubmitStatus.BUSY) {
                    break;
                }
                if (block >= 0) {
                    ledger.free.poll();
                    ledger.issued(r, block);
                    submitted++;
                } else {
                    ledger.resubmit.poll();
                }
                if (status == SubmitStatus.COMPLETED) {
                    completed += ledger.settle(r, true);
                } else {
                    ledger.outstanding[r.index()] = true;
                }
            }
            engine.commit();
            done.clear();
            engine.reap(1, done);
            for (int i = 0; i < done.size(); i++) {
                completed += ledger.settle(done.get(i), false);
            }
            assertThat(completed).isLessThanOrEqualTo(submitted);
        }
        assertThat(submitted).isEqualTo(total);
        assertThat(engine.inFlight()).isZero();
        done.clear();
        assertThat(engine.reap(0, done)).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enginesStoringNothing")
    void anEngineThatStoresNothingCompletesEveryRequestInFullAndLeavesTheFileAlone(EngineCase c) throws Exception {
        Path file = dir.resolve("untouched");
        Files.write(file, new byte[0]);
        List<IoRequest> rs = requests(4, 16384, 0);
        IoEngine engine = engine(c, 4, buffers(rs));
        IoFile fd = open(engine, file, OpenMode.READ_WRITE);
        for (int i = 0; i < 4; i++) {
            rs.get(i).buffer().fillRandom(i);
            rs.get(i).prepare(i % 2 == 0 ? IoOp.WRITE : IoOp.READ, fd, i * 16384L, 16384);
        }
        byte[] before = rs.get(1).buffer().toArray(0, 16384);

        assertThat(runAll(engine, rs)).containsExactly(16384, 16384, 16384, 16384);
        assertThat(run(engine, rs.getFirst().prepare(IoOp.FDATASYNC, fd, 0, 0))).isZero();
        assertThat(fd.isOpen()).as("named, never opened").isFalse();
        engine.invalidate(fd);
        engine.close(fd);
        assertThat(Files.size(file)).as("nothing written").isZero();
        assertThat(rs.get(1).buffer().toArray(0, 16384)).as("nothing read").isEqualTo(before);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registeredEngines")
    void theSubmitCommitReapLoopAllocatesNothingOnceCompiled(EngineCase c) throws Exception {
        Path file = dir.resolve("cached");
        Files.write(file, new byte[4 << 20]);
        int depth = c.provider().has(EngineFlag.SYNC) ? 1 : 8;
        IoRequest[] pool = requests(depth, 4096, 0).toArray(IoRequest[]::new);
        IoEngine engine = engine(c, depth, buffers(List.of(pool)));
        IoFile fd = open(engine, file, OpenMode.READ);
        Completions done = new Completions(depth);
        loop(engine, pool, fd, done, 200_000); // long enough for the JIT to compile the path, on a quiet machine
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        int ios = 50_000;
        long allocated = Long.MAX_VALUE;
        // Compilation is asynchronous and slow on a busy machine: measure again until the compiled code runs.
        for (int round = 0; round < 20 && allocated >= ios / 10; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            loop(engine, pool, fd, done, ios);
            allocated = threads.getCurrentThreadAllocatedBytes() - before;
        }
        assertThat(allocated).as("bytes allocated over %d I/Os", ios).isLessThan(ios / 10);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registeredAsyncEngines")
    void atDepth1024TheLoopStillAllocatesNothingOnceCompiled(EngineCase c) throws Exception {
        Path file = dir.resolve("cached");
        Files.write(file, new byte[4 << 20]);
        int depth = 1024;
        IoRequest[] pool = requests(depth, 4096, 0).toArray(IoRequest[]::new);
        IoEngine engine = engine(c, depth, buffers(List.of(pool)));
        IoFile fd = open(engine, file, OpenMode.READ);
        Completions done = new Completions(depth);
        loop(engine, pool, fd, done, 200_000);
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        int ios = 50_000;
        long allocated = Long.MAX_VALUE;
        for (int round = 0; round < 20 && allocated >= ios / 10; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            loop(engine, pool, fd, done, ios);
            allocated = threads.getCurrentThreadAllocatedBytes() - before;
        }
        assertThat(allocated).as("bytes allocated over %d I/Os at depth %d", ios, depth).isLessThan(ios / 10);
    }

    /** Keeps the pool in flight for {@code ios} cached 4 KiB reads, as a worker would; allocates nothing itself. */
    private static void loop(IoEngine engine, IoRequest[] pool, IoFile fd, Completions done, int ios) {
        IoRequest[] free = pool.clone();
        int freeCount = free.length;
        int completed = 0;
        long block = 0;
        while (completed < ios) {
            while (freeCount > 0 && completed < ios) {
                IoRequest r = free[freeCount - 1];
                r.prepare(IoOp.READ, fd, (block++ & 1023) * 4096, 4096);
                SubmitStatus status = engine.submit(r);
                if (status == SubmitStatus.BUSY) {
                    break;
                }
                if (status == SubmitStatus.COMPLETED) {
                    completed++;
                } else {
                    freeCount--;
                }
            }
            engine.commit();
            done.clear();
            int n = engine.reap(1, done);
            for (int i = 0; i < n; i++) {
                free[freeCount++] = done.get(i);
            }
            completed += n;
        }
        done.clear();
        while (engine.inFlight() > 0) {
            engine.reap(1, done);
            done.clear();
        }
    }

    /** What a worker keeps about its requests: which are out, which owe a resubmission, what each has moved. */
    private static final class Ledger {
        final long[] expectedBlock;
        final long[] transferred;
        final boolean[] outstanding;
        final ArrayDeque<Integer> free = new ArrayDeque<>();
        final ArrayDeque<IoRequest> resubmit = new ArrayDeque<>();
        final boolean checkData;

        Ledger(int depth, boolean checkData) {
            expectedBlock = new long[depth];
            transferred = new long[depth];
            outstanding = new boolean[depth];
            for (int i = 0; i < depth; i++) {
                free.add(i);
            }
            this.checkData = checkData;
        }

        void issued(IoRequest r, long block) {
            expectedBlock[r.index()] = block;
            transferred[r.index()] = 0;
        }

        /** A completion: 1 when the request is done, 0 when it came back short and waits for a resubmission. */
        int settle(IoRequest r, boolean sync) {
            int i = r.index();
            if (!sync && !outstanding[i]) {
                fail("request %d came back but was not in flight", i);
            }
            outstanding[i] = false;
            assertThat(r.result()).as("request %d", i).isPositive();
            transferred[i] += r.result();
            if (r.result() < r.length()) {
                r.advance(r.result());
                resubmit.add(r);
                return 0;
            }
            assertThat(transferred[i]).as("bytes of request %d", i).isEqualTo(4096);
            if (checkData) {
                long block = ByteBuffer.wrap(r.buffer().toArray(0, 8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
                assertThat(block).as("block read by request %d", i).isEqualTo(expectedBlock[i]);
            }
            free.add(i);
            return 1;
        }
    }

    // ---- helpers

    /** Opens {@code file} through the engine under test; closed through it after the test. */
    private IoFile open(IoEngine engine, Path file, OpenMode mode) throws IOException {
        IoFile f = engine.open(file, mode);
        toClose.add(() -> engine.close(f));
        return f;
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

    private IoEngine engine(EngineCase c, int iodepth, List<NativeBuffer> buffers) throws IOException {
        IoEngine engine;
        try {
            engine = c.create(iodepth, buffers);
        } catch (IOException e) {
            // A kernel may refuse a submission thread (before 5.11 without CAP_SYS_ADMIN): that case cannot run here.
            assumeTrue(c.setup().isNone(), "the kernel refused " + c + ": "
                    + e.getMessage());
            throw e;
        }
        toClose.add(engine);
        return engine;
    }

    private static List<NativeBuffer> buffers(List<IoRequest> requests) {
        return requests.stream().map(IoRequest::buffer).toList();
    }

    private static List<NativeBuffer> concat(List<IoRequest> a, List<IoRequest> b) {
        return Stream.concat(a.stream(), b.stream()).map(IoRequest::buffer).toList();
    }

    /**
     * Runs one request to completion, resubmitting the rest after a short transfer as a worker does, and returns
     * the bytes transferred in all (fewer than asked only at end of file), 0 for a sync, or the {@code -errno}.
     */
    static long run(IoEngine engine, IoRequest r) {
        long total = 0;
        while (true) {
            long result = once(engine, r);
            if (!r.op().transfersData()) {
                return result; // 0 for a sync, the length for a trim, or the -errno
            }
            if (result <= 0) {
                return result < 0 ? result : total;
            }
            total += result;
            if (result == r.length()) {
                return total;
            }
            r.advance(result);
        }
    }

    private static long once(IoEngine engine, IoRequest r) {
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

    /**
     * Runs requests with distinct indexes together, at most the engine's depth in flight, resubmitting short
     * transfers; returns the bytes each transferred in all, in the order of {@code requests} (or its -errno).
     */
    static long[] runAll(IoEngine engine, List<IoRequest> requests) {
        java.util.Map<IoRequest, Integer> position = new java.util.IdentityHashMap<>();
        long[] totals = new long[requests.size()];
        ArrayDeque<IoRequest> toSubmit = new ArrayDeque<>(requests);
        for (int i = 0; i < requests.size(); i++) {
            position.put(requests.get(i), i);
        }
        Completions done = new Completions(requests.size());
        int finished = 0;
        while (finished < requests.size()) {
            while (!toSubmit.isEmpty()) {
                IoRequest r = toSubmit.peek();
                SubmitStatus status = engine.submit(r);
                if (status == SubmitStatus.BUSY) {
                    break;
                }
                toSubmit.poll();
                if (status == SubmitStatus.COMPLETED) {
                    finished += account(r, totals, position, toSubmit);
                }
            }
            engine.commit();
            done.clear();
            if (engine.inFlight() > 0) {
                engine.reap(1, done);
            }
            for (int i = 0; i < done.size(); i++) {
                finished += account(done.get(i), totals, position, toSubmit);
            }
        }
        return totals;
    }

    private static int account(IoRequest r, long[] totals, java.util.Map<IoRequest, Integer> position,
                               ArrayDeque<IoRequest> toSubmit) {
        int i = position.get(r);
        long result = r.result();
        if (result < 0) {
            totals[i] = result;
            return 1;
        }
        totals[i] += result;
        if (r.op().transfersData() && result > 0 && result < r.length()) {
            r.advance(result);
            toSubmit.add(r);
            return 0;
        }
        return 1;
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
