package org.iobench.sysmon;

/**
 * This process's own CPU time ({@code /proc/self/stat}) and I/O ({@code /proc/self/io}), cumulative over all its
 * threads since it started. Fields that cannot be read are -1 ({@code /proc/self/io} needs
 * CONFIG_TASK_IO_ACCOUNTING).
 *
 * @param userTicks      utime, clock ticks (USER_HZ, 100 per second on Linux x86_64)
 * @param systemTicks    stime, clock ticks
 * @param readChars      rchar: bytes passed to read-like syscalls, cache hits included
 * @param writeChars     wchar: bytes passed to write-like syscalls
 * @param readSyscalls   syscr
 * @param writeSyscalls  syscw
 * @param readBytes      read_bytes: bytes this process caused to be fetched from storage
 * @param writeBytes     write_bytes: bytes this process caused to be sent to storage (at dirtying time)
 * @param cancelledWriteBytes cancelled_write_bytes: dirty bytes later truncated away before writeback
 */
public record ProcessCounters(long userTicks, long systemTicks, long readChars, long writeChars,
                              long readSyscalls, long writeSyscalls, long readBytes, long writeBytes,
                              long cancelledWriteBytes) {

    /** Parses {@code /proc/self/stat} (may be null or empty) and {@code /proc/self/io} (may be null or empty). */
    public static ProcessCounters parse(String statText, String ioText) {
        long utime = -1;
        long stime = -1;
        if (statText != null) {
            // comm (field 2) may contain spaces and parentheses: fields restart after the last ')'
            int close = statText.lastIndexOf(')');
            if (close >= 0) {
                // after ')': state is field 3, utime field 14, stime field 15
                utime = Fields.nthNumber(statText, close + 1, 11, -1);
                stime = Fields.nthNumber(statText, close + 1, 12, -1);
            }
        }
        String io = ioText == null ? "" : ioText;
        return new ProcessCounters(utime, stime,
                Fields.valueOf(io, "rchar", -1),
                Fields.valueOf(io, "wchar", -1),
                Fields.valueOf(io, "syscr", -1),
                Fields.valueOf(io, "syscw", -1),
                Fields.valueOf(io, "read_bytes", -1),
                Fields.valueOf(io, "write_bytes", -1),
                Fields.valueOf(io, "cancelled_write_bytes", -1));
    }
}
