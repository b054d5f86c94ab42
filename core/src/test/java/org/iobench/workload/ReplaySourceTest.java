package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.iobench.clock.NanoClock;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.Replay;
import org.iobench.job.RwMode;
import org.iobench.result.RunResult;
import org.iobench.sys.NativeBuffer;
import org.iobench.testing.TickingClock;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A replayed log's requests and fio 3.33's timing of them ({@code iolog_delay}), on a clock the test moves. */
class ReplaySourceTest {
    @TempDir
    Path dir;

    private static Replay.Requests log(Replay.Op[] ops, long[] offsets, long[] lengths, long[] delays) {
        return new Replay.Requests(ops, offsets, lengths, delays);
    }

    private static final long US = 1_000;

    @Test
    void eachRequestIsDueItsDelayAfterThePreviousIssueLessWhatTheLastWaitOverranAsFioCountsIt() {
        AtomicLong now = new AtomicLong(1_000_000);
        NanoClock clock = now::get;
        Replay.Op r = Replay.Op.READ;
        ReplaySource s = new ReplaySource(log(new Replay.Op[] {r, r, r, r}, new long[] {0, 4096, 8192, 0},
                new long[] {4096, 4096, 4096, 4096}, new long[] {0, 1000, 2000, 500}), true, null, clock);
        assertThat(s.timesRequests()).isTrue();
        try (NativeBuffer b = NativeBuffer.allocate(4096, 4096)) {
            IoRequest q = new IoRequest(0, b);
            long start = now.get();
            assertThat(s.dueNanos()).as("no delay: at once").isLessThanOrEqualTo(now.get());
            s.next(q);
            assertThat(q.offset()).isZero();
            now.addAndGet(100 * US);
            assertThat(s.dueNanos()).as("1 ms after the first issue").isEqualTo(start + 1000 * US);
            now.set(start + 1300 * US); // the wait overran: 1.2 ms from when it was decided, for a 1 ms delay
            s.next(q);
            assertThat(q.offset()).isEqualTo(4096);
            // fio's time_offset: 1.2 - 1.0 = 0.2 ms off the next delay of 2 ms
            assertThat(s.dueNanos()).isEqualTo(start + 1300 * US + 1800 * US);
            now.set(start + 3100 * US);
            s.next(q);
            now.addAndGet(600 * US); // the worker came late: 0.6 ms since the issue covers the 0.5 ms delay
            assertThat(s.dueNanos()).isLessThanOrEqualTo(now.get());
            s.next(q);
            assertThat(s.more()).isFalse();
        }
    }

    @Test
    void aDelayShorterThanTheLastOverrunGoesAtOnceAndClearsItAsFioDoes() {
        AtomicLong now = new AtomicLong(1_000_000);
        Replay.Op w = Replay.Op.WRITE;
        ReplaySource s = new ReplaySource(log(new Replay.Op[] {w, w, w}, new long[] {0, 0, 0},
                new long[] {512, 512, 512}, new long[] {0, 1000, 100}), true, null, now::get);
        try (NativeBuffer b = NativeBuffer.allocate(4096, 4096)) {
            IoRequest q = new IoRequest(0, b);
            s.dueNanos();
            s.next(q);
            long decided = now.get();
            assertThat(s.dueNanos()).isEqualTo(decided + 1000 * US);
            now.addAndGet(1500 * US); // overran by 0.5 ms
            s.next(q);
            assertThat(s.dueNanos()).as("0.1 ms < 0.5 ms overrun: at once").isEqualTo(Long.MIN_VALUE);
            assertThat(q.op()).isEqualTo(IoOp.WRITE);
        }
    }

    @Test
    void aVersion2WaitHoldsTheNextRequestUntilTheJobHasRunThatLong() {
        AtomicLong now = new AtomicLong(5_000_000);
        ReplaySource s = new ReplaySource(log(new Replay.Op[] {Replay.Op.READ, Replay.Op.WAIT, Replay.Op.SYNC},
                new long[] {0, 20, 0}, new long[] {4096, 0, 0}, new long[] {0, 0, 0}), true, null, now::get);
        try (NativeBuffer b = NativeBuffer.allocate(4096, 4096)) {
            IoRequest q = new IoRequest(0, b);
            long start = now.get();
            s.dueNanos();
            s.next(q);
            assertThat(s.dueNanos()).as("20 ms after the start").isEqualTo(start + 20_000_000);
            now.set(start + 20_000_000);
            assertThat(s.dueNanos()).isLessThanOrEqualTo(now.get());
            s.next(q);
            assertThat(q.op()).isEqualTo(IoOp.FSYNC);
            assertThat(s.more()).isFalse();
        }
    }

    @Test
    void withoutStallsTheLogTimesNothingAndCostsTheLoopNothing() {
        ReplaySource s = new ReplaySource(log(new Replay.Op[] {Replay.Op.READ}, new long[] {0}, new long[] {1},
                new long[] {7}), false, null, () -> {
                    throw new AssertionError("no clock read without stalls");
                });
        assertThat(s.timesRequests()).isFalse();
    }

    @Test
    void aLogGoingPastTheEndOfAnExistingFileIsRefusedBeforeAnyIoNamingTheLog() throws IOException {
        Path target = Files.write(dir.resolve("small"), new byte[4096]);
        Replay.Requests q = log(new Replay.Op[] {Replay.Op.READ}, new long[] {1 << 20}, new long[] {4096},
                new long[] {0});
        JobSpec spec = JobSpec.builder(target).rw(RwMode.READ).blockSize(4096).sizeBytes((1 << 20) + 4096)
                .exactSize(true).replay(new Replay(Path.of("x.iolog"), 2, 1, 4096, true, 100, null, q)).build();
        assertThatThrownBy(() -> new Benchmark(TargetPreparer.system(), TickingClock.standard(), 1_000_000_000L, 0)
                .execute(spec, new RunControl(), RunListener.NONE)).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("read_iolog").hasMessageContaining("x.iolog")
                .hasMessageContaining("past the end of");
    }

    @Test
    void aReplayedRunIssuesTheLogsRequestsOnItsFileAndTakesTheLogsTimeOnTheRunsClock() throws IOException {
        Path target = Files.write(dir.resolve("target"), new byte[64 << 10]);
        Replay.Op r = Replay.Op.READ;
        Replay.Op w = Replay.Op.WRITE;
        Replay.Requests q = log(new Replay.Op[] {w, r, r, Replay.Op.DATASYNC}, new long[] {0, 8192, 0, 0},
                new long[] {4096, 16384, 4096, 0}, new long[] {0, 30_000, 30_000, 0});
        Replay replay = new Replay(Path.of("x.iolog"), 3, 4, 24576, true, 100, null, q);
        JobSpec spec = JobSpec.builder(target).rw(RwMode.RW).blockSize(16384).sizeBytes(24576).exactSize(true)
                .allowOverwrite(true).replay(replay).build();
        RunResult result = new Benchmark(TargetPreparer.system(), TickingClock.standard(), 1_000_000_000L, 0)
                .execute(spec, new RunControl(), RunListener.NONE).runs().getFirst();
        assertThat(result.totals().reads()).isEqualTo(2);
        assertThat(result.totals().writes()).isEqualTo(1);
        assertThat(result.totals().bytesRead()).isEqualTo(20480);
        assertThat(result.totals().bytesWritten()).isEqualTo(4096);
        assertThat(result.totals().elapsedSeconds()).as("two delays of 30 ms on the run's clock")
                .isGreaterThanOrEqualTo(0.060);
    }
}
