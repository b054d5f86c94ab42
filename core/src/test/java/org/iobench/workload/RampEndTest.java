package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.iobench.clock.NanoClock;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.sys.NativeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * fio's end of a ramp ({@code ramp_time_over} at the first completion after it: {@code reset_all_stats} zeroes
 * {@code io_issues}, {@code reset_io_counters} {@code last_was_sync}): an {@code fsync=N} job counts its writes from
 * there. A worker on a clock that only its engine moves (each request takes 1 µs), so the ramp ends at a known
 * request.
 */
@Timeout(30)
class RampEndTest {
    private static final long US = 1000;

    @Test
    void fsyncEveryNCountsTheWritesIssuedAfterTheRampsEnd() throws Exception {
        // 7 writes (1-7 µs), a sync (8), writes 8, 9, 10: write 10, issued at 10 µs, completes at 11 µs, the first
        // completion after the 10.5 µs ramp; it was issued in the ramp and counts for nothing, as in fio: the sync
        // comes after writes 11..17 (counting the ramp's writes it came after write 14)
        assertThat(run(10 * US + US / 2, 40)).startsWith("WWWWWWWS" + "WWW" + "WWWWWWWS" + "WWWWWWWS");
    }

    @Test
    void aRampEndingAtASyncsCompletionCountsFromThere() throws Exception {
        // the sync after write 7 completes at 8 µs, past a 7.5 µs ramp: the count starts there, 7 writes, a sync
        assertThat(run(7 * US + US / 2, 30)).startsWith("WWWWWWWS" + "WWWWWWWS" + "WWWWWWWS");
    }

    @Test
    void withoutARampTheCountRunsFromTheStart() throws Exception {
        assertThat(run(0, 30)).startsWith("WWWWWWWS" + "WWWWWWWS" + "WWWWWWWS");
    }

    /** The ops of a write job with fsync=7 and a ramp of {@code rampNanos}, over {@code micros} µs, in order. */
    private static String run(long rampNanos, int micros) throws Exception {
        JobSpec spec = JobSpec.builder(Path.of("/nowhere/f")).rw(RwMode.WRITE).blockSize(4096).sizeBytes(1 << 20)
                .fsyncEvery(7).loopRegion(true).timeNanos(micros * US).rampNanos(rampNanos).build();
        AtomicLong now = new AtomicLong();
        NanoClock clock = new NanoClock() {
            @Override public long nanoTime() { return now.get(); }
            @Override public void awaitOthers(long deadlineNanos, long maxNanos) {
                now.accumulateAndGet(Math.min(deadlineNanos, now.get() + maxNanos), Math::max);
            }
        };
        StringBuilder ops = new StringBuilder();
        IoEngine engine = new IoEngine() {
            @Override public String name() { return "clocked"; }
            @Override public SubmitStatus submit(IoRequest r) {
                now.addAndGet(US);
                ops.append(r.op() == IoOp.WRITE ? 'W' : r.op() == IoOp.FSYNC ? 'S' : '?');
                r.complete(r.op() == IoOp.WRITE ? r.length() : 0);
                return SubmitStatus.COMPLETED;
            }
        };
        IoFile file = IoFile.unopened(spec.target());
        try (NativeBuffer buffer = NativeBuffer.allocate(4096, 4096)) {
            IoRequest[] requests = {new IoRequest(0, buffer)};
            WorkerPlan plan = WorkerPlan.split(spec, 1 << 20, true).getFirst();
            RunControl control = new RunControl();
            StartSignal start = new StartSignal();
            Worker w = new Worker(WorkerSetup.of(spec, 1_000_000_000L, 512), new WorkerIo(0, engine, requests, file),
                    new MixSource(AccessPattern.of(spec), plan, file, 1, null), new RunShared(clock, control, start));
            start.release(Timeline.of(0, rampNanos, micros * US));
            Thread t = new Thread(w, "clocked-worker");
            t.start();
            t.join(20_000);
            assertThat(t.isAlive()).as("the worker ended at its time").isFalse();
            assertThat(control.reason()).isNull();
        }
        return ops.toString();
    }
}
