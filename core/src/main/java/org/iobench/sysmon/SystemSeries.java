package org.iobench.sysmon;

import java.util.List;
import java.util.Optional;

/**
 * What a {@link SystemSampler} saw between start() and stop(): the periodic samples, and {@code window}, the single
 * sample from the first snapshot to the last, from which every total here is computed exactly (not by summing
 * rounded samples).
 *
 * @param samples         consecutive samples, oldest first (may be empty for a window shorter than one interval)
 * @param window          the whole window as one sample
 * @param failedSnapshots snapshots that threw and were skipped (normally 0)
 */
public record SystemSeries(List<SystemSample> samples, SystemSample window, int failedSnapshots) {

    public SystemSeries {
        samples = List.copyOf(samples);
    }

    /** Length of the window, ms. */
    public double durationMillis() {
        return window.intervalMillis();
    }

    /** Bytes read from {@code device} over the window; -1 if it was not sampled. */
    public long deviceBytesRead(String device) {
        return window.disk(device).map(DiskSample::bytesRead).orElse(-1L);
    }

    /** Bytes written to {@code device} over the window; -1 if it was not sampled. */
    public long deviceBytesWritten(String device) {
        return window.disk(device).map(DiskSample::bytesWritten).orElse(-1L);
    }

    /** Mean %util of {@code device} over the window; NaN if it was not sampled. */
    public double averageDeviceUtilPercent(String device) {
        return window.disk(device).map(DiskSample::utilPercent).orElse(Double.NaN);
    }

    /** The whole-window sample of one device. */
    public Optional<DiskSample> device(String device) {
        return window.disk(device);
    }

    /** This process's user CPU time over the window, seconds (all threads, all CPUs). */
    public double processUserSeconds() {
        return window.processUserSeconds();
    }

    /** This process's system CPU time over the window, seconds. */
    public double processSystemSeconds() {
        return window.processSystemSeconds();
    }

    /** Mean vmstat {@code wa} over the window, percent; NaN if no ticks elapsed. */
    public double averageIowaitPercent() {
        return window.iowaitPercent();
    }
}
