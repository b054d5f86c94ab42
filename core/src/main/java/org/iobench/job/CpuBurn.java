package org.iobench.job;

/**
 * What fio's {@code cpuio} engine does instead of I/O: each request burns the CPU for {@code chunkNanos}
 * ({@code cpumode=noop}: spinning) or sorts 256 Ki integers four times ({@code qsort}), then the job pauses so that
 * it keeps the CPU busy {@code loadPercent} % of the time ({@code cpuload}; the pause after each request is the
 * burn's length times {@code (100 - load) / load}, as fio sets its thinktime: {@code cpuchunks} for a spin, the last
 * sort's measured time for qsort).
 *
 * @param qsort       sort instead of spinning
 * @param chunkNanos  a spinning burn's length ({@code cpuchunks}, microseconds in fio; 50 ms by default)
 * @param loadPercent 1..100
 */
public record CpuBurn(boolean qsort, long chunkNanos, int loadPercent) {
    public CpuBurn {
        if (loadPercent < 1 || loadPercent > 100) {
            throw new InvalidJobException("cpuload", loadPercent, "must be 1..100 (fio: a cpu job needs cpuload=)");
        }
        if (chunkNanos < 1) {
            throw new InvalidJobException("cpuchunks", chunkNanos, "must be at least 1");
        }
    }
}
