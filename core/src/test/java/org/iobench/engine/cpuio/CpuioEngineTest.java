package org.iobench.engine.cpuio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.engine.CpuWork;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.NativeBuffer;
import org.iobench.testing.TickingClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's cpuio engine: each request burns the CPU, completes at once, moves nothing and opens no file. */
class CpuioEngineTest {
    @TempDir
    Path dir;

    private static IoEngine engine(CpuWork burn, NativeBuffer b) throws Exception {
        return engine(burn, b, NanoClock.SYSTEM);
    }

    private static IoEngine engine(CpuWork burn, NativeBuffer b, NanoClock clock) throws Exception {
        return CpuioEngine.PROVIDER.create(new EngineOptions(1, 1, List.of(b), false, burn, clock));
    }

    @Test
    void aNoopBurnSpinsForItsChunkAndMovesNothing() throws Exception {
        long chunkNanos = 3_000_000;
        TickingClock clock = new TickingClock(1_000);
        try (NativeBuffer b = NativeBuffer.allocate(4096, 4096);
             IoEngine e = engine(new CpuWork(false, chunkNanos), b, clock)) {
            IoFile file = e.open(dir.resolve("never-made"), OpenMode.READ_WRITE);
            IoRequest r = new IoRequest(0, b).prepare(IoOp.READ, file, 0, 4096);
            long before = clock.nanoTime();
            assertThat(e.submit(r)).isEqualTo(SubmitStatus.COMPLETED);
            assertThat(clock.nanoTime() - before).as("a spin lasts its chunk at least, on the engine's clock")
                    .isGreaterThanOrEqualTo(chunkNanos);
            assertThat(r.result()).isZero();
            e.close(file);
            assertThat(dir.resolve("never-made")).doesNotExist();
        }
    }

    @Test
    void aQsortBurnCompletesHavingMovedNothing() throws Exception {
        try (NativeBuffer b = NativeBuffer.allocate(4096, 4096);
             IoEngine e = engine(new CpuWork(true, 1), b)) {
            IoRequest r = new IoRequest(0, b).prepare(IoOp.READ, IoFile.unopened(dir.resolve("x")), 0, 4096);
            assertThat(e.submit(r)).isEqualTo(SubmitStatus.COMPLETED);
            assertThat(r.result()).isZero();
        }
    }

    @Test
    void theEngineNeedsWhatToBurnAndIsNotStorage() {
        assertThat(CpuioEngine.PROVIDER.description().storesData()).isFalse();
        assertThatThrownBy(() -> CpuioEngine.PROVIDER.create(new EngineOptions(1, 1, List.of(), false)))
                .hasMessageContaining("cpuload");
    }
}
