package org.iobench.sysmon;

/**
 * The memory figures vmstat shows, from {@code /proc/meminfo}, in KiB (the file's "kB" means 1024 bytes).
 * A field the kernel does not report is -1, except SReclaimable (before 2.6.19) which counts as 0 in {@link #cacheKib()}.
 */
public record MemInfo(long memTotalKib, long memFreeKib, long memAvailableKib, long buffersKib, long cachedKib,
                      long sReclaimableKib, long swapTotalKib, long swapFreeKib, long dirtyKib, long writebackKib) {

    /** Parses {@code /proc/meminfo} text. */
    public static MemInfo parse(String text) {
        return new MemInfo(
                Fields.valueOf(text, "MemTotal", -1),
                Fields.valueOf(text, "MemFree", -1),
                Fields.valueOf(text, "MemAvailable", -1),
                Fields.valueOf(text, "Buffers", -1),
                Fields.valueOf(text, "Cached", -1),
                Fields.valueOf(text, "SReclaimable", -1),
                Fields.valueOf(text, "SwapTotal", -1),
                Fields.valueOf(text, "SwapFree", -1),
                Fields.valueOf(text, "Dirty", -1),
                Fields.valueOf(text, "Writeback", -1));
    }

    /** vmstat {@code cache}: Cached + SReclaimable, KiB (procps ≥ 3.3.10 counts reclaimable slab as cache). */
    public long cacheKib() {
        return Math.max(0, cachedKib) + Math.max(0, sReclaimableKib);
    }

    /** vmstat {@code swpd}: SwapTotal − SwapFree, KiB. */
    public long swapUsedKib() {
        return Math.max(0, Math.max(0, swapTotalKib) - Math.max(0, swapFreeKib));
    }
}
