package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.engine.nullio.NullEngine;
import org.iobench.job.Priorities;
import org.iobench.job.Schedule;
import org.iobench.sys.IoPriority;
import org.iobench.sys.NativeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A job's priorities reach its requests: the worker's thread runs with the job's priority (fio's ioprio_set
 * before the first request), and each request carries its drawn one for the engine.
 */
@Timeout(60)
class WorkerPrioritiesTest {
    private static final long BLOCK = 4096;

    @Test
    void theWorkerThreadHasTheJobsPriorityAndEachRequestItsOwn() throws Exception {
        int idle3 = IoPriority.value(IoPriority.CLASS_IDLE, 3);
        int be1 = IoPriority.value(IoPriority.CLASS_BE, 1);
        Map<String, Integer> seen = new ConcurrentHashMap<>();
        List<NativeBuffer> buffers = new ArrayList<>();
        IoRequest[] slots = new IoRequest[4];
        for (int i = 0; i < slots.length; i++) {
            buffers.add(NativeBuffer.allocate(BLOCK, 4096));
            slots[i] = new IoRequest(i, buffers.get(i));
        }
        try (IoEngine nul = NullEngine.PROVIDER.create(new EngineOptions(4, 1, buffers, false))) {
            IoEngine engine = new IoEngine() { // the null engine, noting what each submit sees
                @Override public String name() { return "null"; }
                @Override public SubmitStatus submit(IoRequest r) {
                    seen.merge("thread " + IoPriority.ofThisThread(), 1, Integer::sum);
                    seen.merge(r.op() + " " + r.ioprio(), 1, Integer::sum);
                    return nul.submit(r);
                }
                @Override public void commit() { nul.commit(); }
                @Override public int reap(int min, org.iobench.engine.Completions out) { return nul.reap(min, out); }
                @Override public int inFlight() { return nul.inFlight(); }
            };
            IoFile file = nul.open(Path.of("/nonexistent/never-opened"), org.iobench.engine.OpenMode.READ_WRITE);
            int requests = 4000;
            WorkerSetup setup = new WorkerSetup(0, IoOp.FDATASYNC, 1_000_000_000L, 0, 1, 0, null, false,
                    Schedule.NONE, null, 0, 0, new Priorities(idle3, true,
                    List.of(new Priorities.Choice(0, 25, be1)), List.of()), 9);
            AccessPattern mix = new AccessPattern(BLOCK, 50, true, false, true, 3, false, 1, false, false);
            WorkerPlan plan = new WorkerPlan(0, 0, 1L << 30, requests * BLOCK);
            StartSignal start = new StartSignal();
            RunControl control = new RunControl();
            Worker w = new Worker(setup, new WorkerIo(0, engine, slots, file),
                    new MixSource(mix, plan, file, 4, null), new RunShared(NanoClock.SYSTEM, control, start));
            Thread t = Thread.ofPlatform().start(w);
            start.release(Timeline.of(System.nanoTime(), 0, 0));
            t.join();
            assertThat(control.reason()).isNull();
            assertThat(seen).containsOnlyKeys("thread " + idle3, "READ " + idle3, "READ " + be1, "WRITE " + idle3);
            assertThat(seen.get("thread " + idle3)).isEqualTo(requests);
            double share = seen.get("READ " + be1) / (double) (seen.get("READ " + be1) + seen.get("READ " + idle3));
            assertThat(share).isBetween(0.20, 0.30);
        } finally {
            buffers.forEach(NativeBuffer::close);
        }
    }
}
