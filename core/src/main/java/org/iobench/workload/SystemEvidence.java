package org.iobench.workload;

import org.iobench.result.Accounting;
import org.iobench.result.SystemSummary;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.DiskSample;
import org.iobench.sysmon.SystemSample;
import org.iobench.sysmon.SystemSeries;
import org.iobench.workload.target.PreparedTarget;

/** Sets the device's and the CPU's counts over a run against the bytes iobench moved. */
final class SystemEvidence {
    private SystemEvidence() {}

    /**
     * @param workerCpuNanos    CPU time of the worker threads, summed: the per-worker CPU share comes from it, not
     *                          from the process's total, which also holds the JIT compiler and the collector
     * @param workerDemandNanos CPU time plus run-queue wait of the worker threads, summed
     */
    static SystemSummary summarize(SystemSeries system, PreparedTarget target, Accounting accounting, int workers,
                                   long workerCpuNanos, long workerDemandNanos, long elapsedNanos) {
        String device = target.resolution().device().map(BlockDevice::name).orElse(null);
        DiskSample disk = device == null ? null : system.device(device).orElse(null);
        long devRead = disk == null ? -1 : disk.bytesRead();
        long devWritten = disk == null ? -1 : disk.bytesWritten();
        long appRead = accounting.appBytesRead();
        long appWritten = accounting.appBytesWritten();
        double readAmp = disk == null ? Double.NaN
                : appRead > 0 ? (double) devRead / appRead
                : appWritten > 0 ? (double) devRead / appWritten : Double.NaN;
        double writeAmp = disk == null || appWritten == 0 ? Double.NaN : (double) devWritten / appWritten;
        double user = system.processUserSeconds();
        double sys = system.processSystemSeconds();
        double cpuPerWorker = elapsedNanos > 0 ? (double) workerCpuNanos / elapsedNanos / workers * 100 : Double.NaN;
        double demandPerWorker = elapsedNanos > 0
                ? (double) workerDemandNanos / elapsedNanos / workers * 100 : Double.NaN;
        SystemSample w = system.window();
        long memAvailable = w.freeKib() >= 0 && w.cacheKib() >= 0 ? w.freeKib() + w.cacheKib() : -1;
        return new SystemSummary(device, devRead, devWritten, readAmp, writeAmp, user, sys, cpuPerWorker,
                demandPerWorker,
                system.averageIowaitPercent(), disk == null ? Double.NaN : disk.utilPercent(), memAvailable,
                system.durationMillis());
    }
}
