package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What one run's worker threads did and caused over the measured window only (warm-up and preparation left out),
 * from the kernel's per-task accounting ({@code /proc/self/task/TID/io} and {@code schedstat}): the advisor's first
 * evidence. Other processes cannot move these counts, unlike the device's ({@link SystemSummary}).
 *
 * @param storageSource where the storage counts come from: {@code worker-threads} (the workers' own tasks: the
 *                      engine does its I/O in the calling thread), {@code process} (the whole process over the
 *                      window: the engine hands I/O to kernel threads of the process, as io_uring may; the job ran
 *                      alone, so the process's I/O was the job's), or {@code none} (unknown: the byte fields are -1)
 * @param threads       worker threads
 * @param windowNanos   the measured window of every worker, summed (a worker's window ends when it stops)
 * @param readBytes     bytes the workers caused to be read from storage (read_bytes): readahead, read-modify-write,
 *                      O_DIRECT reads; -1 if unknown
 * @param writeBytes    bytes the workers caused to be written to storage (write_bytes), counted when a page was
 *                      dirtied or an O_DIRECT write submitted; -1 if unknown
 * @param cancelledWriteBytes dirtied bytes truncated away before writeback; -1 if unknown
 * @param onCpuNanos    time the workers ran on a CPU, summed; -1 if unknown
 * @param runQueueNanos time the workers were runnable but waited for a CPU (other processes held it), summed; -1 if
 *                      unknown
 * @param targetUnwrittenBytes bytes of the target's pages still dirty or under writeback (not yet on the device) when
 *                      the workers stopped, before any final sync ({@code cachestat(2)} on the target alone); -1 if
 *                      unknown (kernels before 6.5)
 * @param usage         the workers' own CPU time, context switches and page faults over the window
 *                      ({@code getrusage(RUSAGE_THREAD)}, fio's {@code usr_cpu}...{@code minf}); null if unknown
 *                      (older results, a kernel without RUSAGE_THREAD)
 * @param depths        the queue depths the workers submitted at and their submission and completion batches over
 *                      the window (fio's {@code IO depths}, {@code submit}, {@code complete}); null in older results
 */
public record WorkerEvidence(String storageSource, int threads, long windowNanos, long readBytes, long writeBytes,
                             long cancelledWriteBytes, long onCpuNanos, long runQueueNanos,
                             long targetUnwrittenBytes,
                             @JsonInclude(JsonInclude.Include.NON_NULL) ThreadUsage usage,
                             @JsonInclude(JsonInclude.Include.NON_NULL) QueueDepths depths) {
    public static final String WORKER_THREADS = "worker-threads";
    public static final String PROCESS = "process";
    public static final String NONE = "none";

    /** True when the storage counts are known. */
    public boolean storageKnown() {
        return readBytes >= 0 && writeBytes >= 0 && !NONE.equals(storageSource);
    }

    /** Share of the workers' window spent on a CPU, 0..1; NaN if unknown. */
    public double onCpuShare() {
        return onCpuNanos < 0 || windowNanos <= 0 ? Double.NaN : Math.min(1, (double) onCpuNanos / windowNanos);
    }

    /** Share of the workers' window spent waiting for a CPU, 0..1; NaN if unknown. */
    public double runQueueShare() {
        return runQueueNanos < 0 || windowNanos <= 0 ? Double.NaN
                : Math.min(1, (double) runQueueNanos / windowNanos);
    }
}
