package org.iobench.sysmon;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * One line of {@code /proc/diskstats} (Documentation/admin-guide/iostats.rst): counters since boot.
 * Sectors are always 512 bytes here, whatever the device's logical block size.
 *
 * <p>Kernels before 4.18 have no discard fields and before 5.5 no flush fields: those are -1. Very old kernels
 * (before 2.6.25) print only 4 counters for partitions: reads, sectors read, writes, sectors written; the rest are
 * then -1.
 *
 * @param major              device major
 * @param minor              device minor
 * @param name               kernel name, e.g. {@code vda}
 * @param reads              reads completed
 * @param readsMerged        adjacent reads merged before reaching the device
 * @param sectorsRead        512-byte sectors read
 * @param readTimeMillis     total ms reads spent from issue to completion (summed over concurrent reads)
 * @param writes             writes completed
 * @param writesMerged       writes merged
 * @param sectorsWritten     512-byte sectors written
 * @param writeTimeMillis    total ms writes spent
 * @param inFlight           I/Os in progress right now (a gauge, not a counter)
 * @param ioTimeMillis       ms the device had at least one I/O in flight ("io_ticks": %util's numerator)
 * @param weightedIoTimeMillis ms × I/Os in flight ("time_in_queue": aqu-sz's numerator)
 * @param discards           discards completed, -1 before 4.18
 * @param discardsMerged     discards merged, -1 before 4.18
 * @param sectorsDiscarded   512-byte sectors discarded, -1 before 4.18
 * @param discardTimeMillis  ms spent discarding, -1 before 4.18
 * @param flushes            flush requests completed, -1 before 5.5
 * @param flushTimeMillis    ms spent flushing, -1 before 5.5
 */
public record DiskCounters(int major, int minor, String name, long reads, long readsMerged, long sectorsRead,
                           long readTimeMillis, long writes, long writesMerged, long sectorsWritten,
                           long writeTimeMillis, long inFlight, long ioTimeMillis, long weightedIoTimeMillis,
                           long discards, long discardsMerged, long sectorsDiscarded, long discardTimeMillis,
                           long flushes, long flushTimeMillis) {

    /** Bytes per diskstats sector, fixed by the kernel. */
    public static final int SECTOR_BYTES = 512;

    /** Bytes read from the device: sectorsRead × 512. */
    public long bytesRead() {
        return sectorsRead * SECTOR_BYTES;
    }

    /** Bytes written to the device: sectorsWritten × 512. */
    public long bytesWritten() {
        return sectorsWritten * SECTOR_BYTES;
    }

    /** This device's major:minor. */
    public DevNumber devNumber() {
        return new DevNumber(major, minor);
    }

    /** Every line of {@code /proc/diskstats}. */
    public static List<DiskCounters> parseAll(String text) {
        return parse(text, null);
    }

    /**
     * The lines whose device name is in {@code names} (all lines if {@code names} is null); lines of other devices
     * are skipped before being parsed, which keeps sampling cheap on machines with hundreds of devices.
     */
    public static List<DiskCounters> parse(String text, Collection<String> names) {
        List<DiskCounters> out = new ArrayList<>();
        int at = 0;
        while (at < text.length()) {
            int nl = text.indexOf('\n', at);
            int end = nl < 0 ? text.length() : nl;
            DiskCounters d = parseLine(text, at, end, names);
            if (d != null) {
                out.add(d);
            }
            at = end + 1;
        }
        return out;
    }

    private static DiskCounters parseLine(String s, int from, int end, Collection<String> names) {
        // name is field 2; find it without splitting
        int i = from;
        int field = 0;
        int nameStart = -1;
        int nameEnd = -1;
        while (i < end) {
            while (i < end && s.charAt(i) == ' ') {
                i++;
            }
            if (i >= end) {
                break;
            }
            int start = i;
            while (i < end && s.charAt(i) != ' ') {
                i++;
            }
            if (field == 2) {
                nameStart = start;
                nameEnd = i;
                break;
            }
            field++;
        }
        if (nameStart < 0) {
            return null;
        }
        String name = s.substring(nameStart, nameEnd);
        if (names != null && !names.contains(name)) {
            return null;
        }
        long major = Fields.nthNumber(s, from, 0, -1);
        long minor = Fields.nthNumber(s, from, 1, -1);
        if (major < 0 || minor < 0) {
            return null;
        }
        long[] v = new long[17];
        int count = 0;
        for (int k = 0; k < 17; k++) {
            v[k] = Fields.nthNumber(s, nameEnd, k, -1);
            if (v[k] >= 0) {
                count = k + 1;
            }
        }
        if (count == 4) { // pre-2.6.25 partition line: reads, sectors read, writes, sectors written
            return new DiskCounters((int) major, (int) minor, name, v[0], -1, v[1], -1, v[2], -1, v[3], -1,
                    -1, -1, -1, -1, -1, -1, -1, -1, -1);
        }
        return new DiskCounters((int) major, (int) minor, name, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7],
                v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15], v[16]);
    }
}
