package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A thread's own kernel counters hold what it did, and none of what another thread did. */
class TaskCountersTest {
    @TempDir
    Path dir;

    @Test
    void parsesTheIoAndSchedstatFilesOfATask() {
        TaskCounters c = TaskCounters.parse("rchar: 90\nwchar: 33554432\nsyscr: 3\nsyscw: 65536\n"
                + "read_bytes: 33685504\nwrite_bytes: 33554432\ncancelled_write_bytes: 4096\n", "1200 34 7\n");
        assertThat(c).isEqualTo(new TaskCounters(90, 33554432, 33685504, 33554432, 4096, 1200, 34, c.ioTextBytes()));
        assertThat(TaskCounters.parse("rchar: 1\nwchar: 2\n", "").onCpuNanos()).as("no schedstat").isEqualTo(-1);
        assertThatThrownBy(() -> TaskCounters.parse("", "")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aThreadsWritesAreItsOwnAndAnotherThreadsAreNot() throws Exception {
        assumeTrue(TaskCounters.currentTid() > 0 && TaskCounters.ofSelf() != null, "no per-task accounting here");
        TaskCounters before = TaskCounters.ofSelf();
        write(dir.resolve("mine"), 1 << 20);
        Thread other = Thread.ofPlatform().start(() -> write(dir.resolve("theirs"), 4 << 20));
        other.join();
        TaskCounters mine = TaskCounters.ofSelfIoFirst().minus(before);
        assertThat(mine.writeChars()).isBetween(1L << 20, (1L << 20) + 4096);
    }

    /** The warm-up's CPU source: the calling thread's own time on a CPU grows with its work, not another's. */
    @Test
    void aThreadsCpuTimeIsItsOwn() throws Exception {
        long before = TaskCounters.selfOnCpuNanos();
        assumeTrue(before >= 0, "no /proc/thread-self/schedstat here");
        Thread other = Thread.ofPlatform().start(() -> write(dir.resolve("busy"), 8 << 20));
        other.join();
        long idle = TaskCounters.selfOnCpuNanos();
        write(dir.resolve("own"), 8 << 20);
        long after = TaskCounters.selfOnCpuNanos();
        assertThat(after).isGreaterThan(idle).isGreaterThanOrEqualTo(before);
        assertThat(after - idle).as("its own writes took more of its CPU than waiting for another's")
                .isGreaterThan(idle - before);
    }

    @Test
    void anotherLiveThreadIsReadByItsIdAndAnEndedOneIsGone() throws Exception {
        assumeTrue(TaskCounters.currentTid() > 0, "no /proc/thread-self here");
        AtomicReference<Long> tid = new AtomicReference<>();
        CountDownLatch wrote = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread t = Thread.ofPlatform().start(() -> {
            tid.set(TaskCounters.currentTid());
            write(dir.resolve("t"), 2 << 20);
            wrote.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        wrote.await();
        assertThat(tid.get()).isNotEqualTo(TaskCounters.currentTid());
        assertThat(TaskCounters.ofTask(tid.get()).writeChars()).isGreaterThanOrEqualTo(2L << 20);
        release.countDown();
        t.join();
        // join() returns when the Java thread is done; the kernel task leaves /proc a moment later
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (TaskCounters.ofTask(tid.get()) != null && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(TaskCounters.ofTask(tid.get())).isNull();
    }

    private static void write(Path p, int bytes) {
        try (OutputStream out = Files.newOutputStream(p)) {
            out.write(new byte[bytes]);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
