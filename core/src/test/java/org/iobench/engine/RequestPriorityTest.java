package org.iobench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.sys.Errno;
import org.iobench.sys.IoPriority;
import org.iobench.sys.NativeBuffer;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engines that take a priority per request (fio's cmdprio: libaio's {@code aio_reqprio} with
 * {@code IOCB_FLAG_IOPRIO}, io_uring's {@code sqe->ioprio}) hand it to the kernel: the kernel checks it
 * ({@code ioprio_check_cap}) and refuses a class that does not exist, which it could not do had it not got it.
 */
@Timeout(30)
class RequestPriorityTest {
    private static final int NO_SUCH_CLASS = 7 << IoPriority.CLASS_SHIFT;

    @TempDir
    Path dir;

    private long read(String engineName, int ioprio) throws Exception {
        Path file = Files.write(dir.resolve("data"), new byte[64 * 1024]);
        try (IoEngine engine = Engines.byName(engineName).orElseThrow()
                .create(new EngineOptions(1, 1, List.of(), false));
             NativeBuffer buffer = NativeBuffer.allocate(4096, 4096)) {
            IoFile f = engine.open(file, OpenMode.READ);
            try {
                IoRequest r = new IoRequest(0, buffer).prepare(IoOp.READ, f, 8192, 4096);
                r.ioprio(ioprio);
                if (engine.submit(r) == SubmitStatus.QUEUED) {
                    engine.commit();
                    Completions done = new Completions(1);
                    while (done.size() == 0) {
                        engine.reap(1, done);
                    }
                }
                return r.result();
            } finally {
                engine.close(f);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"libaio", "uring"})
    void theKernelGetsTheRequestsPriorityAndRefusesAClassThatDoesNotExist(String engine) throws Exception {
        assertThat(read(engine, 0)).as("no priority of its own").isEqualTo(4096);
        assertThat(read(engine, IoPriority.value(IoPriority.CLASS_IDLE, 7))).as("idle class").isEqualTo(4096);
        assertThat(read(engine, IoPriority.value(IoPriority.CLASS_BE, 0))).as("best-effort 0").isEqualTo(4096);
        assertThat(read(engine, NO_SUCH_CLASS)).as("class 7").isEqualTo(-Errno.EINVAL);
    }

    @ParameterizedTest
    @ValueSource(strings = {"libaio", "uring"})
    void aRealTimeRequestRunsWithTheCapability(String engine) throws Exception {
        Root.assumeSysAdmin("submit requests of the real-time I/O class (fio's cmdprio_class=1)");
        assertThat(read(engine, IoPriority.value(IoPriority.CLASS_RT, 0))).isEqualTo(4096);
    }
}
