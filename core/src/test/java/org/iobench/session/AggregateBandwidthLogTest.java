package org.iobench.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.iobench.clock.NanoClock;
import org.iobench.testing.TickingClock;
import org.iobench.workload.LiveView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's --bandwidth-log sampler on made-up clocks: samples' times, values and fio's line layout. */
class AggregateBandwidthLogTest {
    private static final long MS = 1_000_000L;

    /** A run whose bytes the test sets, per direction. */
    static final class Live implements LiveView {
        volatile long read;
        volatile long written;
        volatile long trimmed;

        @Override public long elapsedNanos() { return 0; }
        @Override public long bytesRead() { return read; }
        @Override public long bytesWritten() { return written; }
        @Override public long bytesTrimmed() { return trimmed; }
    }

    @Test
    void samplesEverySecondTickWithTheBytesOfItsWindowInKibPerSecond(@TempDir Path dir) throws Exception {
        AtomicLong now = new AtomicLong(7_000 * MS);
        NanoClock clock = now::get;
        AggregateBandwidthLog log = new AggregateBandwidthLog(clock, false); // no thread: the test ticks
        log.start();
        Live live = new Live();
        log.runStarted(null, 1, live);
        live.read = 1 << 20; // by 250 ms
        log.tick(7_250 * MS);
        assertEquals(0, log.samples(0), "250 ms: shorter than bw_avg_time, no sample");
        live.read = 2 << 20;
        live.written = 1 << 20;
        log.tick(7_500 * MS); // 2 MiB read, 1 MiB written in 500 ms
        live.read = 3 << 20;
        log.tick(7_750 * MS);
        Live second = new Live(); // a later run: the earlier one's bytes stay counted
        log.runStarted(null, 1, second);
        second.trimmed = 512 << 10;
        log.tick(8_010 * MS); // 1 MiB read, 0 written, 512 KiB trimmed in 510 ms
        log.finish(dir);
        assertEquals(List.of("500, 4096, 0, 0, 0", "1010, 2007, 0, 0, 0"),
                Files.readAllLines(dir.resolve("agg-read_bw.log")));
        assertEquals(List.of("500, 2048, 1, 0, 0", "1010, 0, 1, 0, 0"),
                Files.readAllLines(dir.resolve("agg-write_bw.log")));
        assertEquals(List.of("500, 0, 2, 0, 0", "1010, 1003, 2, 0, 0"),
                Files.readAllLines(dir.resolve("agg-trim_bw.log")));
    }

    @Test
    void whileNothingMovedTheWindowStartsAtTheSessionsStart(@TempDir Path dir) throws Exception {
        AtomicLong now = new AtomicLong(0);
        AggregateBandwidthLog log = new AggregateBandwidthLog(now::get, false);
        log.start();
        Live live = new Live();
        log.runStarted(null, 1, live);
        log.tick(500 * MS); // nothing yet: zeros
        live.written = 1000 << 10;
        log.tick(750 * MS); // fio's fill_start_time: the window is 750 ms, from the start
        log.finish(dir);
        assertEquals(List.of("500, 0, 1, 0, 0", "750, 1333, 1, 0, 0"),
                Files.readAllLines(dir.resolve("agg-write_bw.log")));
    }

    @Test
    void withoutTheEtaTheThreeLogsAreWrittenEmpty(@TempDir Path dir) throws Exception {
        AtomicLong now = new AtomicLong(0);
        AggregateBandwidthLog log = new AggregateBandwidthLog(() -> now.addAndGet(100 * MS), false);
        log.start();
        Live live = new Live();
        log.runStarted(null, 1, live);
        live.read = 1 << 30;
        log.finish(dir);
        for (String f : AggregateBandwidthLog.FILES) {
            assertEquals(0, Files.size(dir.resolve(f)), f);
        }
    }

    /** Its own thread on a ticking clock: a steady 1 byte per ns read comes out as samples 500 ms or more apart. */
    @Test
    void itsThreadSamplesASteadyRunOnTheTickingClock(@TempDir Path dir) throws Exception {
        TickingClock clock = new TickingClock(10_000);
        long start = clock.nanoTime();
        AggregateBandwidthLog log = new AggregateBandwidthLog(clock, true);
        Live live = new Live();
        log.runStarted(null, 1, live);
        log.start();
        long t;
        do { // the worker: reads the clock, moves bytes in step with it
            t = clock.nanoTime();
            live.read = t - start;
        } while (t - start < 2_100 * MS);
        log.finish(dir);
        List<String> lines = Files.readAllLines(dir.resolve("agg-read_bw.log"));
        assertTrue(!lines.isEmpty() && lines.size() <= 4, lines.toString());
        long last = 0;
        for (String line : lines) {
            String[] c = line.split(", ");
            assertEquals(5, c.length, line);
            long at = Long.parseLong(c[0]);
            assertTrue(at - last >= 500, "at least bw_avg_time apart: " + lines);
            last = at;
            long kib = Long.parseLong(c[1]);
            assertTrue(Math.abs(kib - 976_562) < 976_562 / 50, "1 byte/ns is 976562 KiB/s: " + line);
            assertEquals("0", c[2]);
        }
        assertEquals(lines.size(), Files.readAllLines(dir.resolve("agg-trim_bw.log")).size());
    }
}
