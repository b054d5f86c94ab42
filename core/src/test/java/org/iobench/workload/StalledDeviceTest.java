package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.iobench.clock.NanoClock;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.result.LatencySummary;
import org.iobench.sys.NativeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Coordinated omission, shown on a worker whose engine stalls once: the raw latencies see one slow request, the
 * corrected ones see every request that was due during the stall and had to wait for it.
 */
class StalledDeviceTest {
    /** Completes every request at once, except the {@code stallAt}-th, which takes {@code stallMillis}. */
    private static final class StallingEngine implements IoEngine {
        private final int stallAt;
        private final long stallMillis;
        private int submitted;

        StallingEngine(int stallAt, long stallMillis) {
            this.stallAt = stallAt;
            this.stallMillis = stallMillis;
        }

        @Override
        public String name() {
            return "stalling";
        }

        @Override
        public SubmitStatus submit(IoRequest r) {
            if (++submitted == stallAt) {
                try {
                    Thread.sleep(stallMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            r.complete(r.length());
            return SubmitStatus.COMPLETED;
        }
    }

    @Test
    void aStallHidesInTheRawLatenciesButNotInTheCorrectedOnes() throws Exception {
        int rate = 1000;
        WorkerSetup setup = new WorkerSetup(0, IoOp.FSYNC, 1_000_000_000L, rate, 1, 0);
        AccessPattern reads = new AccessPattern(4096, 100, false, false, true, 1, false, 1, false, false);
        WorkerPlan plan = new WorkerPlan(0, 0, 1 << 20, Long.MAX_VALUE);
        StartSignal start = new StartSignal();
        IoFile file = IoFile.unopened(Path.of("stalling"));
        try (NativeBuffer buffer = NativeBuffer.allocate(4096, 4096)) {
            Worker w = new Worker(setup, new WorkerIo(0, new StallingEngine(300, 200),
                    new IoRequest[] {new IoRequest(0, buffer)}, file), new MixSource(reads, plan, file, 1, null),
                    new RunShared(NanoClock.SYSTEM, new RunControl(), start));
            start.release(Timeline.of(System.nanoTime(), 0, 1_000_000_000L));
            w.run();
            LatencySummary raw = w.stats.readLatency.summary();
            LatencySummary corrected = w.stats.correctedReadLatency.summary();
            // the stall came at the 300th request; the schedule never lets the worker run ahead of 1000 in 1 s
            assertThat(raw.count()).as("never ahead of the schedule of %d requests", rate).isBetween(300L, 1001L);
            assertThat(corrected.count()).isEqualTo(raw.count());
            assertThat(raw.maxNs()).as("the stalled request itself").isGreaterThanOrEqualTo(200_000_000L);
            assertThat(raw.p99Ns()).as("raw: one stalled request in hundreds hides under p99")
                    .isLessThan(200_000_000L);
            // about 200 requests were due during the stall: a fifth of the run waited, up to 200 ms
            assertThat(corrected.p90Ns()).isGreaterThan(50_000_000L);
            assertThat(corrected.p50Ns()).isLessThan(raw.maxNs());
        }
    }
}
