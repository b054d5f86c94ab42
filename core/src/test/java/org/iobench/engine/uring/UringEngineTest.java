package org.iobench.engine.uring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.Completions;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.ProcSelfIo;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.uring.IoUringAbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What is particular to io_uring; the shared behaviour (including the allocation-free hot path) is in
 * {@code IoEngineContractTest}.
 */
@Timeout(30)
class UringEngineTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path dir;

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private IoFile fd;

    @BeforeEach
    void file() throws Exception {
        Path file = dir.resolve("data");
        Files.write(file, new byte[8 * MIB]);
        fd = IoFile.open(file, OpenMode.READ_WRITE);
        toClose.add(fd::closeHandle);
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    @Test
    void isRegisteredAsAnAsynchronousEngineNotCountedInProcIo() {
        var uring = Engines.byName("uring").orElseThrow();
        assertThat(uring.has(EngineFlag.SYNC)).isFalse();
        assertThat(uring.has(EngineFlag.OUTSIDE_PROC_IO)).isTrue();
        assertThat(uring.has(EngineFlag.REGISTERED_BUFFERS)).isTrue();
        assertThat(uring.description().answersTo("io_uring")).isTrue();
        assertThat(Engines.byName("psync").orElseThrow().has(EngineFlag.OUTSIDE_PROC_IO)).isFalse();
    }

    @Test
    void aBatchIsHeldBackUntilItFillsOrIsCommitted() throws Exception {
        List<IoRequest> rs = requests(8, 4096);
        IoEngine engine = engine(new EngineOptions(8, 4, List.of(), false));
        for (int i = 0; i < 3; i++) {
            assertThat(engine.submit(read(rs.get(i), i))).isEqualTo(SubmitStatus.QUEUED);
        }
        assertThat(rs.subList(0, 3)).allMatch(r -> r.submitNanos() == 0, "not handed to the kernel yet");
        assertThat(engine.inFlight()).isEqualTo(3);

        assertThat(engine.submit(read(rs.get(3), 3))).isEqualTo(SubmitStatus.QUEUED);
        assertThat(rs.subList(0, 4)).allMatch(r -> r.submitNanos() > 0, "the full batch went in");
        long batchTime = rs.getFirst().submitNanos();
        assertThat(rs.subList(0, 4)).allMatch(r -> r.submitNanos() == batchTime, "one io_uring_enter");

        assertThat(engine.submit(read(rs.get(4), 4))).isEqualTo(SubmitStatus.QUEUED);
        assertThat(rs.get(4).submitNanos()).isZero();
        engine.commit();
        assertThat(rs.get(4).submitNanos()).isGreaterThanOrEqualTo(batchTime);
        assertThat(reapAll(engine, 5)).hasSize(5);
    }

    @Test
    void reapWithMinAboveWhatIsInFlightReturnsWhatThereIs() throws Exception {
        List<IoRequest> rs = requests(2, 4096);
        IoEngine engine = engine(new EngineOptions(4, 1, List.of(), false));
        engine.submit(read(rs.get(0), 0));
        engine.submit(read(rs.get(1), 1));
        Completions done = new Completions(8);
        int n = 0;
        while (n < 2) {
            n += engine.reap(8, done);
        }
        assertThat(engine.reap(8, done)).isZero();
    }

    @Test
    void fixedBuffersAndFilesAreUsedAndUnregisteredBuffersStillWork() throws Exception {
        List<IoRequest> rs = requests(2, 4096);
        // Only request 0's buffer is registered; request 1 falls back to a plain IORING_OP_READ.
        IoEngine engine = engine(new EngineOptions(2, 1, List.of(rs.get(0).buffer()), true));
        IoFile fd = engine.open(this.fd.path(), OpenMode.READ_WRITE); // registered as fixed file 0
        toClose.add(() -> engine.close(fd));
        rs.get(0).buffer().fillRandom(9);
        rs.get(0).prepare(IoOp.WRITE, fd, 4096, 4096);
        engine.submit(rs.get(0));
        reapAll(engine, 1);
        assertThat(rs.get(0).result()).isEqualTo(4096);
        engine.submit(read(rs.get(1), 1));
        reapAll(engine, 1);
        assertThat(rs.get(1).result()).isEqualTo(4096);
        assertThat(rs.get(1).buffer().toArray(0, 4096)).isEqualTo(rs.get(0).buffer().toArray(0, 4096));
    }

    static Stream<Integer> setupFlagChoices() {
        return UringProvider.SETUP_FLAG_CHOICES.stream();
    }

    @ParameterizedTest(name = "flags=0x{0}")
    @MethodSource("setupFlagChoices")
    void everySetupFlagChoiceReadsData(int flags) throws Exception {
        List<IoRequest> rs = requests(4, 4096);
        UringEngine engine = UringProvider.create(new EngineOptions(4, 1, List.of(), false),
                List.of(flags));
        toClose.add(engine);
        assertThat(engine.setupFlags()).isEqualTo(flags);
        for (int i = 0; i < 4; i++) {
            engine.submit(read(rs.get(i), i));
        }
        assertThat(reapAll(engine, 4)).allMatch(r -> r.result() == 4096);
    }

    @Test
    void setupFallsBackWhenTheKernelRejectsFlagsAndSaysWhyWhenNothingIsLeft() throws Exception {
        int unknownFlag = 1 << 30;
        UringEngine engine = UringProvider.create(new EngineOptions(2, 1, List.of(), false),
                List.of(unknownFlag, 0));
        toClose.add(engine);
        assertThat(engine.setupFlags()).isZero();

        assertThatThrownBy(() -> UringProvider.create(new EngineOptions(2, 1, List.of(), false),
                List.of(unknownFlag)))
                .isInstanceOf(java.io.IOException.class)
                .hasMessage("io_uring is not available: io_uring_setup: " + Errno.describe(Errno.EINVAL)
                        + "; use --engine psync");
    }

    @Test
    void anEngineMadeOnOneThreadServesTheThreadThatFirstSubmits() throws Exception {
        List<IoRequest> rs = requests(1, 4096);
        IoEngine engine = engine(new EngineOptions(1, 1, List.of(), false));
        long result = CompletableFuture.supplyAsync(() -> {
            engine.submit(read(rs.getFirst(), 0));
            return reapAll(engine, 1).getFirst().result();
        }).get(10, TimeUnit.SECONDS);
        assertThat(result).isEqualTo(4096);
    }

    @Test
    void aSecondThreadGetsAClearErrorUnderSingleIssuer() throws Exception {
        List<IoRequest> rs = requests(2, 4096);
        UringEngine engine = (UringEngine) engine(new EngineOptions(2, 1, List.of(), false));
        org.junit.jupiter.api.Assumptions.assumeTrue(
                (engine.setupFlags() & IoUringAbi.SETUP_SINGLE_ISSUER) != 0, "kernel without SINGLE_ISSUER");
        engine.submit(read(rs.get(0), 0));
        reapAll(engine, 1);
        CompletableFuture<SubmitStatus> other = CompletableFuture.supplyAsync(() -> engine.submit(read(rs.get(1), 1)));
        assertThatThrownBy(() -> other.get(10, TimeUnit.SECONDS))
                .hasCauseInstanceOf(IllegalStateException.class)
                .cause().hasMessageContaining("another thread");
    }

    @Test
    void ioUringTransfersAreNotCountedInProcSelfIoRcharOrWchar() throws Exception {
        List<IoRequest> rs = requests(1, MIB);
        IoEngine engine = engine(new EngineOptions(1, 1, List.of(), false));
        Map<String, Long> before = ProcSelfIo.read();
        for (IoOp op : List.of(IoOp.READ, IoOp.WRITE)) {
            for (int i = 0; i < 8; i++) {
                rs.getFirst().prepare(op, fd, (long) i * MIB, MIB);
                engine.submit(rs.getFirst());
                assertThat(reapAll(engine, 1).getFirst().result()).isEqualTo(MIB);
            }
        }
        Map<String, Long> after = ProcSelfIo.read();
        // 8 MiB each way went through the ring; what little shows up is the JVM's own reading.
        assertThat(after.get("rchar") - before.get("rchar")).isLessThan(MIB);
        assertThat(after.get("wchar") - before.get("wchar")).isLessThan(MIB);
    }

    @Test
    void theUnavailableMessageSaysWhyOnOneLineAndSuggestsPsync() {
        assertThat(UringProvider.unavailableMessage(Errno.ENOSYS, null))
                .contains("no io_uring").contains("ENOSYS");
        assertThat(UringProvider.unavailableMessage(Errno.EPERM, "2")).contains("io_uring_disabled=2");
        assertThat(UringProvider.unavailableMessage(Errno.EPERM, "1")).contains("io_uring_disabled=1")
                .contains("io_uring_group");
        assertThat(UringProvider.unavailableMessage(Errno.EPERM, "0")).contains("seccomp");
        assertThat(UringProvider.unavailableMessage(Errno.EPERM, null)).contains("seccomp");
        for (int errno : new int[] {Errno.ENOSYS, Errno.EPERM, Errno.ENOMEM, Errno.EINVAL}) {
            assertThat(UringProvider.unavailableMessage(errno, "0"))
                    .startsWith("io_uring is not available: ")
                    .endsWith("; use --engine psync")
                    .doesNotContain("\n");
        }
    }

    @Test
    void iodepthBeyondTheKernelLimitIsRefusedByName() {
        assertThatThrownBy(() -> Engines.byName("uring").orElseThrow()
                .create(new EngineOptions(IoUringAbi.MAX_ENTRIES + 1, 1, List.of(), false)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("iodepth");
    }

    // ---- helpers

    private IoRequest read(IoRequest r, int block) {
        return r.prepare(IoOp.READ, fd, block * 4096L, 4096);
    }

    private List<IoRequest> requests(int n, int size) {
        List<IoRequest> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            NativeBuffer b = NativeBuffer.allocate(size, 4096);
            toClose.add(b);
            list.add(new IoRequest(i, b));
        }
        return list;
    }

    private IoEngine engine(EngineOptions options) throws Exception {
        IoEngine engine = Engines.byName("uring").orElseThrow().create(options);
        toClose.add(engine);
        return engine;
    }

    private static List<IoRequest> reapAll(IoEngine engine, int n) {
        engine.commit();
        Completions done = new Completions(n);
        while (done.size() < n) {
            engine.reap(n - done.size(), done);
        }
        List<IoRequest> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(done.get(i));
        }
        return list;
    }
}
