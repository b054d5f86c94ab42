package org.iobench.sysmon;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The two kernel constants sysmon needs, read from the ELF auxiliary vector ({@code /proc/self/auxv}) instead of
 * assumed: the page size (vmstat's si/so are pages) and USER_HZ, the unit of {@code /proc/stat} and
 * {@code /proc/self/stat} CPU times.
 *
 * @param pageSizeBytes        AT_PAGESZ, 4096 on x86_64
 * @param clockTicksPerSecond  AT_CLKTCK (USER_HZ), 100 on Linux x86_64 and arm64
 */
public record Auxv(long pageSizeBytes, long clockTicksPerSecond) {

    /** What Linux x86_64 uses; the fallback when auxv cannot be read. */
    public static final Auxv LINUX_X86_64 = new Auxv(4096, 100);

    private static final long AT_PAGESZ = 6;
    private static final long AT_CLKTCK = 17;

    /** Parses native 64-bit auxv bytes (pairs of type, value; AT_NULL ends it); missing entries fall back to x86_64's. */
    public static Auxv parse(byte[] auxv) {
        long page = LINUX_X86_64.pageSizeBytes;
        long hz = LINUX_X86_64.clockTicksPerSecond;
        ByteBuffer b = ByteBuffer.wrap(auxv).order(ByteOrder.nativeOrder());
        while (b.remaining() >= 16) {
            long type = b.getLong();
            long value = b.getLong();
            if (type == 0) {
                break;
            }
            if (type == AT_PAGESZ && value > 0) {
                page = value;
            } else if (type == AT_CLKTCK && value > 0) {
                hz = value;
            }
        }
        return new Auxv(page, hz);
    }
}
