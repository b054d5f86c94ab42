package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.engine.Completions;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.job.Submission;
import org.iobench.sys.NativeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * When a worker reaps and how many it asks for, as fio's {@code wait_for_completions} with
 * {@code iodepth_batch_complete_min/max}: on a full queue, waiting for {@code min} (at most those in flight), taking
 * at most {@code max}; {@code min} 0 never waits; fio's polling mode reaps one after every submission.
 */
class WorkerReapingTest {
    private static final int DEPTH = 8;
    private static final int REQUESTS = 64;

    /** An engine whose requests are all done by the time anyone reaps; it records each reap's min and room. */
    private static final class RecordingEngine implements IoEngine {
        final List<int[]> reaps = new ArrayList<>();
        final List<Integer> inFlightAtReap = new ArrayList<>();
        final ArrayDeque<IoRequest> pending = new ArrayDeque<>();
        int submits;

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public SubmitStatus submit(IoRequest r) {
            if (pending.size() >= DEPTH) {
                return SubmitStatus.BUSY;
            }
            submits++;
            pending.add(r);
            return SubmitStatus.QUEUED;
        }

        @Override
        public int reap(int min, Completions out) {
            reaps.add(new int[] {min, out.capacity()});
            inFlightAtReap.add(pending.size());
            int n = 0;
            while (!pending.isEmpty() && out.size() < out.capacity()) {
                IoRequest r = pending.poll();
                r.complete(r.length());
                out.add(r);
                n++;
            }
            return n;
        }

        @Override
        public int inFlight() {
            return pending.size();
        }
    }

    private final List<NativeBuffer> buffers = new ArrayList<>();

    @AfterEach
    void free() {
        buffers.forEach(NativeBuffer::close);
    }

    private RecordingEngine run(Submission submission) {
        WorkerSetup setup = new WorkerSetup(0, IoOp.FSYNC, 1_000_000_000L, 0, 1, 0, null, false,
                org.iobench.job.Schedule.NONE, null, 0, 0, null, 0, null, submission);
        AccessPattern reads = new AccessPattern(4096, 100, false, false, true, 1, false, 1, false, false);
        WorkerPlan plan = new WorkerPlan(0, 0, 1 << 20, (long) REQUESTS * 4096);
        IoFile file = IoFile.unopened(Path.of("recording"));
        IoRequest[] requests = new IoRequest[DEPTH];
        for (int i = 0; i < DEPTH; i++) {
            NativeBuffer b = NativeBuffer.allocate(4096, 4096);
            buffers.add(b);
            requests[i] = new IoRequest(i, b);
        }
        RecordingEngine engine = new RecordingEngine();
        StartSignal start = new StartSignal();
        Worker w = new Worker(setup, new WorkerIo(0, engine, requests, file),
                new MixSource(reads, plan, file, DEPTH, null), new RunShared(NanoClock.SYSTEM, new RunControl(), start));
        start.release(Timeline.of(System.nanoTime(), 0, 0));
        w.run();
        assertThat(w.stats.reads).as("every request of the budget done").isEqualTo(REQUESTS);
        return engine;
    }

    @Test
    void iobenchsWayWaitsForOneAndTakesAllThatAreReady() {
        RecordingEngine e = run(Submission.DEFAULT);
        assertThat(e.reaps).allSatisfy(r -> assertThat(r).containsExactly(1, DEPTH));
        assertThat(e.reaps.size()).as("a full queue of 8 reaped at once").isEqualTo(REQUESTS / DEPTH);
    }

    @Test
    void completeMinAndMaxBoundWhatEachReapWaitsForAndTakes() {
        RecordingEngine e = run(Submission.DEFAULT.withReaping(4, 6, false));
        for (int i = 0; i < e.reaps.size(); i++) {
            int inFlight = e.inFlightAtReap.get(i);
            assertThat(e.reaps.get(i)).as("reap %d with %d in flight", i, inFlight)
                    .containsExactly(Math.min(4, inFlight), 6);
        }
        assertThat(e.inFlightAtReap.getFirst()).as("reaped when the queue was full").isEqualTo(DEPTH);
    }

    @Test
    void completeMinZeroNeverWaitsInTheKernel() {
        RecordingEngine e = run(Submission.DEFAULT.withReaping(0, DEPTH, false));
        assertThat(e.reaps).allSatisfy(r -> assertThat(r[0]).isZero());
        assertThat(e.inFlightAtReap.getFirst()).isEqualTo(DEPTH);
    }

    @Test
    void fiosPollingModeReapsOneAfterEverySubmission() {
        RecordingEngine e = run(Submission.DEFAULT.withReaping(0, 0, true));
        assertThat(e.reaps).allSatisfy(r -> assertThat(r).containsExactly(0, 1));
        assertThat(e.inFlightAtReap).as("never more than the one just submitted").allMatch(n -> n <= 1);
        assertThat(e.reaps).hasSize(REQUESTS);
    }
}
