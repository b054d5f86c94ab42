package org.iobench.sys;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The page-cache state of one open file, from {@code cachestat(2)} (Linux 6.5+; glibc has no wrapper, so it is
 * called through {@code syscall}): how many of its pages are cached, dirty, or under writeback. It answers for this
 * file alone, whatever else the machine does.
 *
 * @param cachedPages    pages of the file in the page cache
 * @param dirtyPages     of those, modified and not yet written back
 * @param writebackPages of those, being written back now (not yet on the device)
 */
public record PageCacheStat(long cachedPages, long dirtyPages, long writebackPages) {
    /** The same number on x86_64 and aarch64: it arrived after the generic syscall table was shared. */
    private static final long SYS_CACHESTAT = 451;
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle SYSCALL = LINKER.downcallHandle(
            LINKER.defaultLookup().find("syscall").orElseThrow(),
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG),
            Linker.Option.firstVariadicArg(1));

    /**
     * The whole file's state (range offset 0, length 0 = to its end), or null where the kernel has no cachestat
     * (ENOSYS), the descriptor does not support it, or the call fails. Public face: {@link FileHandle#cacheStat()}.
     */
    static PageCacheStat of(int fd) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment range = arena.allocate(16, 8); // struct cachestat_range {u64 off; u64 len;}
            MemorySegment stat = arena.allocate(40, 8);  // struct cachestat: five u64 counters
            long rc = (long) SYSCALL.invokeExact(SYS_CACHESTAT, (long) fd, range, stat, 0L);
            if (rc != 0) {
                return null;
            }
            return new PageCacheStat(stat.get(JAVA_LONG, 0), stat.get(JAVA_LONG, 8), stat.get(JAVA_LONG, 16));
        } catch (Throwable t) {
            return null;
        }
    }

    /** Pages not yet on the device: dirty or under writeback. */
    public long unwrittenPages() {
        return dirtyPages + writebackPages;
    }
}
