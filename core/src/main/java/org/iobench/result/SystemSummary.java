package org.iobench.result;

/**
 * What the system did over a run's measured window (warm-up excluded), next to what iobench measured: the device's
 * and the machine's side of the advisor's evidence.
 *
 * @param device              the device whose counters are used (the partition, or the disk), null if none
 * @param deviceBytesRead     bytes the device read over the run's window; -1 if unknown
 * @param deviceBytesWritten  bytes the device wrote over the window; -1 if unknown
 * @param readAmplification   device bytes read / bytes iobench read; for a write-only job, device reads / app
 *                            writes; NaN when undefined. Every process's reads are in the device's count: the
 *                            workers' own are in {@link WorkerEvidence}
 * @param writeAmplification  device bytes written / bytes iobench wrote; NaN when iobench wrote nothing
 * @param processUserSeconds  iobench's user CPU time over the window
 * @param processSystemSeconds iobench's system CPU time over the window
 * @param cpuPerWorkerPercent CPU time of the worker threads / elapsed / workers, percent of one core (the JIT and
 *                            the collector are left out: they are in the process times above)
 * @param cpuDemandPerWorkerPercent like {@code cpuPerWorkerPercent}, plus the time the workers were runnable but
 *                            waiting for a CPU: near 100 when the workers never wait for I/O, even on a busy machine
 * @param iowaitPercent       mean vmstat {@code wa}
 * @param deviceUtilPercent   mean %util of the device
 * @param memAvailableKib     free + cache at the start of the window (what a data set could occupy in memory)
 * @param windowMillis        length of the sampled window
 * @param cpuCores            CPUs the kernel counted ticks for over the window (all of them, busy or idle); NaN if
 *                            unknown
 * @param otherCpuCores       mean number of CPUs kept busy by everything but iobench (other processes, interrupts)
 *                            over the window; NaN if unknown
 */
public record SystemSummary(String device, long deviceBytesRead, long deviceBytesWritten, double readAmplification,
                            double writeAmplification, double processUserSeconds, double processSystemSeconds,
                            double cpuPerWorkerPercent, double cpuDemandPerWorkerPercent, double iowaitPercent,
                            double deviceUtilPercent, long memAvailableKib, double windowMillis, double cpuCores,
                            double otherCpuCores) {
}
