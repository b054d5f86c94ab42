package org.iobench.workload;

import org.iobench.result.SystemSummary;
import org.iobench.result.Totals;
import org.iobench.result.WorkerEvidence;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.DiskSample;
import org.iobench.sysmon.ProcFs;
import org.iobench.sysmon.SystemSample;
import org.iobench.sysmon.SystemSeries;
import org.iobench.workload.files.PreparedTarget;

/**
 * Sets the device's counts over the measured window against the bytes the run measured, and the workers' CPU
 * share from their own counters. The device's counts include every process's I/O; the advisor weighs them against
 * the workers' own ({@link WorkerEvidence}).
 */
final class SystemEvidence {
    /** USER_HZ, the unit of /proc/stat's CPU ticks. */
    private static final long TICKS_PER_SECOND = ProcFs.system().auxv().clockTicksPerSecond();

    private SystemEvidence() {}

    /**
     * @param totals   what the measured phase moved
     * @param evidence the workers' own counters over the same window; null where unknown (the CPU fields are then
     *                 NaN)
     */
    static SystemSummary summarize(SystemSeries system, PreparedTarget target, Totals totals,
                                   WorkerEvidence evidence) {
        String device = target.resolution().device().map(BlockDevice::name).orElse(null);
        DiskSample disk = device == null ? null : system.device(device).orElse(null);
        long devRead = disk == null ? -1 : disk.bytesRead();
        long devWritten = disk == null ? -1 : disk.bytesWritten();
        long appRead = totals.bytesRead();
        long appWritten = totals.bytesWritten();
        double readAmp = disk == null ? Double.NaN
                : appRead > 0 ? (double) devRead / appRead
                : appWritten > 0 ? (double) devRead / appWritten : Double.NaN;
        double writeAmp = disk == null || appWritten == 0 ? Double.NaN : (double) devWritten / appWritten;
        double cpuPerWorker = evidence == null ? Double.NaN : evidence.onCpuShare() * 100;
        double demandPerWorker = evidence == null ? Double.NaN
                : (evidence.onCpuShare() + evidence.runQueueShare()) * 100;
        SystemSample w = system.window();
        long memAvailable = w.freeKib() >= 0 && w.cacheKib() >= 0 ? w.freeKib() + w.cacheKib() : -1;
        double seconds = system.durationMillis() / 1000;
        double ticksPerSecond = TICKS_PER_SECOND * seconds;
        double cores = ticksPerSecond > 0 && w.cpu().vmstatTotal() > 0 ? w.cpu().vmstatTotal() / ticksPerSecond
                : Double.NaN;
        double busyCores = ticksPerSecond > 0
                ? (w.cpu().vmstatUser() + w.cpu().vmstatSystem()) / ticksPerSecond : Double.NaN;
        double ownCores = (system.processUserSeconds() + system.processSystemSeconds()) / seconds;
        double otherCores = Double.isNaN(busyCores) || Double.isNaN(ownCores) ? Double.NaN
                : Math.max(0, busyCores - ownCores);
        return new SystemSummary(device, devRead, devWritten, readAmp, writeAmp, system.processUserSeconds(),
                system.processSystemSeconds(), cpuPerWorker, demandPerWorker, system.averageIowaitPercent(),
                disk == null ? Double.NaN : disk.utilPercent(), memAvailable, system.durationMillis(), cores,
                otherCores);
    }
}
