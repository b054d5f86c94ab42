package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.ShortTransferEngine;
import org.iobench.job.DataPattern;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.VerifyChecksum;
import org.iobench.result.VerifyResult;
import org.iobench.sys.NativeBuffer;
import org.iobench.verify.RunVerification;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A worker whose every read and write comes back short ({@link ShortTransferEngine}) still moves each block exactly
 * once, whole and intact: it resubmits the rest from where the kernel stopped, counts the request once, and holds a
 * resubmission the engine refused (BUSY) until it can take it, even after the job's last request was issued.
 */
@Timeout(60)
class ShortTransferWorkerTest {
    private static final int BLOCK = 4096;
    private static final int BLOCKS = 256;

    @TempDir
    Path dir;

    static Stream<Arguments> engines() {
        return Stream.of(Arguments.of("psync", 1, false, 0), Arguments.of("uring", 4, false, 0),
                Arguments.of("uring", 4, true, 8), Arguments.of("libaio", 4, true, 0));
    }

    @ParameterizedTest(name = "{0} iodepth {1} busy on resubmission {2} fsync every {3}")
    @MethodSource("engines")
    void everyBlockIsMovedExactlyOnceAndVerifiesWhenEveryTransferComesBackShort(String engine, int iodepth,
                                                                                  boolean busy, int fsyncEvery)
            throws Exception {
        Path file = dir.resolve("data");
        Files.write(file, new byte[BLOCKS * BLOCK]);
        JobSpec spec = JobSpec.builder(file).rw(RwMode.RANDRW).mixReadPercent(50).blockSize(BLOCK)
                .sizeBytes((long) BLOCKS * BLOCK).iodepth(iodepth).engine(engine).pattern(DataPattern.RANDOM)
                .verify(VerifyChecksum.CRC32C).verifyAfter(true).allowOverwrite(true).seed(7).fsyncEvery(fsyncEvery).build();
        RunVerification verification = RunVerification.start(spec, (long) BLOCKS * BLOCK);
        List<NativeBuffer> buffers = new ArrayList<>();
        IoRequest[] requests = new IoRequest[iodepth];
        IoEngine inner = null;
        IoFile fd = null;
        try {
            for (int i = 0; i < iodepth; i++) {
                buffers.add(NativeBuffer.allocate(BLOCK, 4096));
                requests[i] = new IoRequest(i, buffers.get(i));
            }
            WorkerPlan plan = WorkerPlan.split(spec, (long) BLOCKS * BLOCK, true).getFirst();
            inner = Engines.byName(engine).orElseThrow().create(new EngineOptions(iodepth, 1, buffers, false));
            ShortTransferEngine shortEngine = new ShortTransferEngine(inner, busy);
            fd = shortEngine.open(file, OpenMode.READ_WRITE);
            StartSignal start = new StartSignal();
            RunControl control = new RunControl();
            MixSource source = new MixSource(AccessPattern.of(spec), plan, fd, iodepth,
                    verification.forWorker(0, buffers));
            Worker w = new Worker(WorkerSetup.of(spec, 1_000_000_000L, 512),
                    new WorkerIo(0, shortEngine, requests, fd), source,
                    new RunShared(NanoClock.SYSTEM, control, start));
            start.release(Timeline.of(System.nanoTime(), 0, 0));
            try (shortEngine) {
                Thread t = new Thread(w, "short-transfer-worker");
                t.setDaemon(true);
                t.start();
                t.join(30_000);
                if (t.isAlive()) {
                    control.interrupt(); // a worker that lost a request never ends by itself
                    t.join(10_000);
                    fail("the worker did not finish its %d requests within 30 s", BLOCKS);
                }
            }

            assertThat(control.reason()).as("stop reason").isNull();
            WorkerStats s = w.stats;
            assertThat(s.reads + s.writes).as("requests counted once each").isEqualTo(BLOCKS);
            assertThat(s.bytesRead + s.bytesWritten).isEqualTo((long) BLOCKS * BLOCK);
            assertThat(s.issuedBytesRead).as("bytes the kernel moved for reads").isEqualTo(s.bytesRead);
            assertThat(s.issuedBytesWritten).as("bytes the kernel moved for writes").isEqualTo(s.bytesWritten);
            assertThat(s.readLatency.count()).isEqualTo(s.reads);
            assertThat(s.writeLatency.count()).isEqualTo(s.writes);
            assertThat(s.writes).as("a mixed job writes").isPositive();
            if (fsyncEvery == 0) {
                assertThat(s.syncs).isZero();
            } else { // at depth, writes completing together may overshoot the count before the sync is issued
                assertThat(s.syncs).as("periodic syncs").isBetween(1L, s.writes / fsyncEvery);
            }

            VerifyResult v = verification.finish(file, true);
            assertThat(v.counts()).as("blocks not as written").isEmpty();
            assertThat(v.mode()).endsWith("after");
            assertThat(v.blocksStamped()).as("a stamp per write").isEqualTo(s.writes);
            assertThat(v.blocksChecked()).as("blocks read back and checked").isPositive();
        } finally {
            if (fd != null) {
                inner.close(fd);
            }
            buffers.forEach(NativeBuffer::close);
        }
    }
}
