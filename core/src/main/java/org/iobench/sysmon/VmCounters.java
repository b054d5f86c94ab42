package org.iobench.sysmon;

/**
 * Paging and swapping counters from {@code /proc/vmstat}, cumulative since boot.
 *
 * @param pagedInKib  {@code pgpgin}: KiB read from block devices into memory (despite the name, the kernel counts
 *                    KiB, not pages; it includes O_DIRECT and raw-device reads). vmstat's {@code bi} is its rate.
 * @param pagedOutKib {@code pgpgout}: KiB written to block devices; vmstat's {@code bo} is its rate.
 * @param swappedInPages  {@code pswpin}: pages read from swap
 * @param swappedOutPages {@code pswpout}: pages written to swap
 */
public record VmCounters(long pagedInKib, long pagedOutKib, long swappedInPages, long swappedOutPages) {

    /** Parses {@code /proc/vmstat} text; missing counters are 0. */
    public static VmCounters parse(String text) {
        return new VmCounters(
                Fields.valueOf(text, "pgpgin", 0),
                Fields.valueOf(text, "pgpgout", 0),
                Fields.valueOf(text, "pswpin", 0),
                Fields.valueOf(text, "pswpout", 0));
    }
}
