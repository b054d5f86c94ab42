package org.iobench.sysmon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's scheduler statistics ({@code /proc/thread-self/schedstat}): time on a CPU and time spent
 * runnable but waiting for one. Their sum over an interval is the thread's CPU <em>demand</em>: a thread that never
 * blocks on I/O demands 100 % of the interval even on a crowded machine where it runs only part of it.
 *
 * @param onCpuNanos     time spent running, ns
 * @param runQueueNanos  time spent runnable, waiting for a CPU, ns
 */
public record ThreadSchedStat(long onCpuNanos, long runQueueNanos) {
    private static final Path SELF = Path.of("/proc/thread-self/schedstat");

    /** The calling thread's counters, or null where the kernel does not provide them. */
    public static ThreadSchedStat readSelf() {
        try {
            return parse(Files.readString(SELF));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static ThreadSchedStat parse(String text) {
        String[] f = text.trim().split("\\s+");
        return new ThreadSchedStat(Long.parseLong(f[0]), Long.parseLong(f[1]));
    }

    /** CPU demand between {@code earlier} and this reading, ns. */
    public long demandSince(ThreadSchedStat earlier) {
        return (onCpuNanos - earlier.onCpuNanos) + (runQueueNanos - earlier.runQueueNanos);
    }
}
