package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.nullio.NullEngine;
import org.iobench.sys.NativeBuffer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The worker's loop allocates nothing per request, whatever path a request takes: completed at once (depth 1) or
 * queued and reaped (depth 8), mixed reads and writes, periodic syncs. Measured on the null engine, which allocates
 * nothing itself, as the difference between a long and a short run of the same worker on its own thread, so that
 * the thread's fixed costs (reading its /proc counters at start and end) cancel out.
 */
@Timeout(120)
class WorkerHotPathTest {
    private static final long BLOCK = 4096;
    private static final long HOUR_NANOS = 3_600_000_000_000L;

    @ParameterizedTest(name = "iodepth {0}, fsync every {1}, priorities per request {2}")
    @CsvSource({"1, 0, false", "8, 0, false", "8, 64, false", "8, 0, true"})
    void theLoopAllocatesNothingPerRequest(int iodepth, int fsyncEvery, boolean priorities) throws Exception {
        int requests = 200_000;
        long allocated = Long.MAX_VALUE;
        // The JIT compiles the loop while it runs; on a busy machine that takes a few rounds.
        for (int round = 0; round < 10 && allocated >= requests / 10; round++) {
            long longRun = allocatedBy(iodepth, fsyncEvery, priorities, requests);
            long shortRun = allocatedBy(iodepth, fsyncEvery, priorities, 1_000);
            allocated = longRun - shortRun;
        }
        assertThat(allocated).as("bytes allocated by %d more requests", requests - 1_000)
                .isLessThan(requests / 10);
    }

    /** Bytes the worker's thread allocated over a whole run of {@code requests} requests. */
    private static long allocatedBy(int iodepth, int fsyncEvery, boolean priorities, int requests)
            throws Exception {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<NativeBuffer> buffers = new ArrayList<>();
        IoRequest[] slots = new IoRequest[iodepth];
        for (int i = 0; i < iodepth; i++) {
            buffers.add(NativeBuffer.allocate(BLOCK, 4096));
            slots[i] = new IoRequest(i, buffers.get(i));
        }
        try (IoEngine engine = NullEngine.PROVIDER.create(new EngineOptions(iodepth, 1, buffers, false))) {
            IoFile file = engine.open(Path.of("/nonexistent/never-opened"), org.iobench.engine.OpenMode.READ_WRITE);
            WorkerSetup setup = new WorkerSetup(fsyncEvery, IoOp.FDATASYNC, 1_000_000_000L, 0, 1, 0);
            if (priorities) { // fio's cmdprio_percentage=20 with a default priority: a draw per request
                setup = new WorkerSetup(fsyncEvery, IoOp.FDATASYNC, 1_000_000_000L, 0, 1, 0, null, false,
                        org.iobench.job.Schedule.NONE, null, 0, 0, new org.iobench.job.Priorities(0x4007, false,
                        List.of(new org.iobench.job.Priorities.Choice(0, 20, 0x2000)),
                        List.of(new org.iobench.job.Priorities.Choice(BLOCK, 50, 0x6001))), 1);
            }
            AccessPattern mix = new AccessPattern(BLOCK, 70, true, false, true, 3, false, 1, false, false);
            WorkerPlan plan = new WorkerPlan(0, 0, 1L << 30, requests * BLOCK);
            StartSignal start = new StartSignal();
            RunControl control = new RunControl();
            Worker w = new Worker(setup, new WorkerIo(0, engine, slots, file),
                    new MixSource(mix, plan, file, iodepth, null), new RunShared(NanoClock.SYSTEM, control, start));
            // A histogram grows to the largest latency it has seen (HdrHistogram's auto-resize), and a run meets its
            // outliers (a GC pause) at random: grow them first, so that only the loop's own allocation is measured.
            List<org.iobench.measure.LatencyRecorder> recorders = new ArrayList<>(List.of(w.stats.readLatency,
                    w.stats.writeLatency, w.stats.syncLatency));
            recorders.addAll(List.of(w.stats.submitLatency));
            recorders.addAll(List.of(w.stats.completionLatency));
            for (var recorder : recorders) {
                recorder.record(HOUR_NANOS);
            }
            if (priorities) { // each priority's recorders, made when it is first seen, grown too
                for (int[] dirPrio : new int[][] {{0, 0x4007}, {0, 0x2000}, {1, 0x4007}, {1, 0x6001}}) {
                    w.stats.priorityLatency.record(dirPrio[0], dirPrio[1], HOUR_NANOS, HOUR_NANOS);
                }
            }
            long[] allocated = new long[1];
            Thread t = new Thread(() -> {
                long before = threads.getCurrentThreadAllocatedBytes();
                w.run();
                allocated[0] = threads.getCurrentThreadAllocatedBytes() - before;
            }, "hot-path-worker");
            t.start();
            start.release(Timeline.of(System.nanoTime(), 0, 0));
            t.join();
            assertThat(control.reason()).isNull();
            assertThat(w.stats.reads + w.stats.writes).isEqualTo(requests);
            return allocated[0];
        } finally {
            buffers.forEach(NativeBuffer::close);
        }
    }
}
