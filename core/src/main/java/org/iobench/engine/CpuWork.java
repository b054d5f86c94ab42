package org.iobench.engine;

/**
 * What the {@code cpuio} engine does for each request instead of I/O (fio's {@code cpumode}, {@code cpuchunks}).
 *
 * @param qsort      sort 256 Ki integers four times, as fio's {@code qsort} mode; false: spin ({@code noop})
 * @param chunkNanos how long a spin lasts (fio's {@code cpuchunks}, in microseconds there)
 */
public record CpuWork(boolean qsort, long chunkNanos) implements EngineInput {
    public CpuWork {
        if (chunkNanos < 1) {
            throw new IllegalArgumentException("chunkNanos must be >= 1: " + chunkNanos);
        }
    }
}
