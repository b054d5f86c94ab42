package org.iobench.engine.libaio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.Completions;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What is particular to native AIO; the shared behaviour is in {@code IoEngineContractTest}. */
@Timeout(30)
class LibaioEngineTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path dir;

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private IoFile fd;
    private IoFile readOnlyFd;

    @BeforeEach
    void file() throws Exception {
        Path file = dir.resolve("data");
        Files.write(file, new byte[8 * MIB]);
        fd = IoFile.open(file, OpenMode.READ_WRITE);
        toClose.add(fd::closeHandle);
        readOnlyFd = IoFile.open(file, OpenMode.READ);
        toClose.add(readOnlyFd::closeHandle);
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    @Test
    void isRegisteredAsAnAsynchronousStorageEngineNotCountedInProcIo() {
        EngineProvider aio = Engines.byName("libaio").orElseThrow();
        assertThat(aio.has(EngineFlag.SYNC)).isFalse();
        assertThat(aio.description().storesData()).isTrue();
        assertThat(aio.has(EngineFlag.OUTSIDE_PROC_IO)).isTrue();
        assertThat(aio.has(EngineFlag.PER_REQUEST_PRIORITY)).isTrue();
        assertThat(aio.description().answersTo("libaio")).isTrue();
    }

    @Test
    void bufferedRequestsAreDoneByTheTimeIoSubmitReturns() throws Exception {
        List<IoRequest> rs = requests(4, 4096);
        IoEngine engine = engine(4, 4);
        for (int i = 0; i < 4; i++) {
            assertThat(engine.submit(rs.get(i).prepare(IoOp.READ, fd, i * 4096L, 4096)))
                    .isEqualTo(SubmitStatus.QUEUED);
        }
        // The batch of 4 went in with the fourth submit; buffered AIO completes inside io_submit, so the events
        // are there without waiting.
        Completions done = new Completions(4);
        assertThat(engine.reap(0, done)).isEqualTo(4);
        assertThat(done.get(0).result()).isEqualTo(4096);
        assertThat(engine.inFlight()).isZero();
    }

    @Test
    void aRequestRefusedByIoSubmitFailsAloneAndTheRestOfTheBatchRuns() throws Exception {
        List<IoRequest> rs = requests(3, 4096);
        IoEngine engine = engine(3, 3);
        rs.get(0).prepare(IoOp.READ, fd, 0, 4096);
        rs.get(1).prepare(IoOp.WRITE, readOnlyFd, 4096, 4096);  // io_submit answers EBADF for this one
        rs.get(2).prepare(IoOp.READ, fd, 8192, 4096);
        for (IoRequest r : rs) {
            assertThat(engine.submit(r)).isEqualTo(SubmitStatus.QUEUED);
        }
        Completions done = new Completions(3);
        while (done.size() < 3) {
            engine.reap(3 - done.size(), done);
        }
        Map<Integer, Long> results = new LinkedHashMap<>();
        for (int i = 0; i < 3; i++) {
            results.put(done.get(i).index(), done.get(i).result());
        }
        assertThat(results).containsOnly(Map.entry(0, 4096L), Map.entry(1, (long) -Errno.EBADF),
                Map.entry(2, 4096L));
        assertThat(engine.inFlight()).isZero();
    }

    @Test
    void transfersAreNotCountedInProcSelfIoRcharOrWchar() throws Exception {
        List<IoRequest> rs = requests(1, MIB);
        IoEngine engine = engine(1, 1);
        Map<String, Long> before = ProcSelfIo.read();
        for (IoOp op : List.of(IoOp.READ, IoOp.WRITE)) {
            for (int i = 0; i < 8; i++) {
                engine.submit(rs.getFirst().prepare(op, fd, (long) i * MIB, MIB));
                Completions done = new Completions(1);
                while (done.size() == 0) {
                    engine.reap(1, done);
                }
                assertThat(done.get(0).result()).isEqualTo(MIB);
            }
        }
        Map<String, Long> after = ProcSelfIo.read();
        // 8 MiB each way went through io_submit; what little shows up is the JVM's own reading.
        assertThat(after.get("rchar") - before.get("rchar")).isLessThan(MIB);
        assertThat(after.get("wchar") - before.get("wchar")).isLessThan(MIB);
    }

    @Test
    void theUnavailableMessageSaysWhyOnOneLineAndSuggestsPsync() {
        assertThat(LibaioProvider.unavailableMessage(Errno.ENOSYS, 32, null, null)).contains("CONFIG_AIO");
        assertThat(LibaioProvider.unavailableMessage(Errno.EAGAIN, 32, "65500", "65536"))
                .contains("fs.aio-max-nr (65536)").contains("65500 in use").contains("--iodepth");
        assertThat(LibaioProvider.unavailableMessage(Errno.EPERM, 32, null, null)).contains("seccomp");
        for (int errno : new int[] {Errno.ENOSYS, Errno.EAGAIN, Errno.EPERM, Errno.ENOMEM}) {
            assertThat(LibaioProvider.unavailableMessage(errno, 32, "0", "65536"))
                    .startsWith("native AIO (libaio) is not available: ")
                    .endsWith("; use --engine psync")
                    .doesNotContain("\n");
        }
    }

    // ---- helpers

    private List<IoRequest> requests(int n, int size) {
        List<IoRequest> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            NativeBuffer b = NativeBuffer.allocate(size, 4096);
            toClose.add(b);
            list.add(new IoRequest(i, b));
        }
        return list;
    }

    private IoEngine engine(int iodepth, int batch) throws IOException {
        IoEngine engine = Engines.byName("libaio").orElseThrow()
                .create(new EngineOptions(iodepth, batch, List.of(), false));
        toClose.add(engine);
        return engine;
    }
}
