package org.iobench.sys;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The calling thread's own resource usage, {@code getrusage(RUSAGE_THREAD)} (Linux 2.6.26+), as fio reads it for
 * each job thread ({@code fio_getrusage}): user and system CPU time, page faults and context switches. Only the
 * thread itself can ask; cumulative since it started.
 *
 * <pre>{@code
 * ThreadRusage a = ThreadRusage.ofThisThread();   // on the worker thread, at its window's start
 * ... requests ...
 * ThreadRusage used = ThreadRusage.ofThisThread().minus(a);
 * }</pre>
 *
 * @param userMicros          ru_utime, µs
 * @param systemMicros        ru_stime, µs
 * @param minorFaults         ru_minflt: page faults served without I/O
 * @param majorFaults         ru_majflt: page faults that needed I/O
 * @param voluntarySwitches   ru_nvcsw: the thread gave up the CPU (it blocked, in I/O or a wait)
 * @param involuntarySwitches ru_nivcsw: the scheduler took the CPU away
 */
public record ThreadRusage(long userMicros, long systemMicros, long minorFaults, long majorFaults,
                           long voluntarySwitches, long involuntarySwitches) {
    private static final int RUSAGE_THREAD = 1;
    /**
     * {@code struct rusage} on LP64 Linux (x86_64 and aarch64 alike): two {@code struct timeval} (16 bytes each),
     * then 14 longs: maxrss, ixrss, idrss, isrss, minflt, majflt, nswap, inblock, oublock, msgsnd, msgrcv, nsignals,
     * nvcsw, nivcsw.
     */
    private static final int SIZE = 144;
    private static final MethodHandle GETRUSAGE = Libc.plainCall("getrusage",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));

    /** The calling thread's usage so far; null where the kernel refuses RUSAGE_THREAD or the call fails. */
    public static ThreadRusage ofThisThread() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ru = arena.allocate(SIZE, 8);
            if ((int) GETRUSAGE.invokeExact(RUSAGE_THREAD, ru) != 0) {
                return null;
            }
            return new ThreadRusage(ru.get(JAVA_LONG, 0) * 1_000_000 + ru.get(JAVA_LONG, 8),
                    ru.get(JAVA_LONG, 16) * 1_000_000 + ru.get(JAVA_LONG, 24), ru.get(JAVA_LONG, 64),
                    ru.get(JAVA_LONG, 72), ru.get(JAVA_LONG, 128), ru.get(JAVA_LONG, 136));
        } catch (Throwable t) {
            return null;
        }
    }

    /** What the thread used between {@code earlier} and this reading. */
    public ThreadRusage minus(ThreadRusage earlier) {
        return new ThreadRusage(userMicros - earlier.userMicros, systemMicros - earlier.systemMicros,
                minorFaults - earlier.minorFaults, majorFaults - earlier.majorFaults,
                voluntarySwitches - earlier.voluntarySwitches, involuntarySwitches - earlier.involuntarySwitches);
    }
}
