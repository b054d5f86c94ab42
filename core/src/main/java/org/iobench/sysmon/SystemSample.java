package org.iobench.sysmon;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The system's activity between two {@link SystemSnapshot}s, with procps {@code vmstat}'s meanings, plus per-device
 * {@link DiskSample}s and this process's CPU time. Gauges (procs, memory) are the later snapshot's values; rates
 * are per second of the measured interval (vmstat divides by the nominal delay instead). KiB = 1024 bytes.
 *
 * @param endNanos                 monotonic time of the later snapshot
 * @param intervalMillis           measured interval, ms
 * @param procsRunning             vmstat {@code r}: runnable tasks (running or waiting for a CPU); -1 if unknown
 * @param procsBlocked             vmstat {@code b}: tasks in uninterruptible sleep, mostly waiting for I/O; -1 if unknown
 * @param swapUsedKib              vmstat {@code swpd}
 * @param freeKib                  vmstat {@code free}: MemFree
 * @param buffersKib               vmstat {@code buff}: Buffers (block-device page cache)
 * @param cacheKib                 vmstat {@code cache}: Cached + SReclaimable
 * @param swapInKibPerSecond       vmstat {@code si}
 * @param swapOutKibPerSecond      vmstat {@code so}
 * @param blockInKibPerSecond      vmstat {@code bi}: pgpgin delta per second, KiB read from all block devices
 * @param blockOutKibPerSecond     vmstat {@code bo}: pgpgout delta per second, KiB written to all block devices
 * @param interruptsPerSecond      vmstat {@code in}
 * @param contextSwitchesPerSecond vmstat {@code cs}
 * @param cpu                      CPU ticks spent in the interval, all CPUs together (see {@link CpuTicks} for us/sy/...)
 * @param disks                    the sampled devices present in both snapshots
 * @param processUserSeconds       this process's user CPU time in the interval, s (all threads); NaN if unknown
 * @param processSystemSeconds     this process's system CPU time in the interval, s; NaN if unknown
 */
public record SystemSample(long endNanos, double intervalMillis, long procsRunning, long procsBlocked,
                           long swapUsedKib, long freeKib, long buffersKib, long cacheKib,
                           double swapInKibPerSecond, double swapOutKibPerSecond, double blockInKibPerSecond,
                           double blockOutKibPerSecond, double interruptsPerSecond, double contextSwitchesPerSecond,
                           CpuTicks cpu, List<DiskSample> disks, double processUserSeconds,
                           double processSystemSeconds) {

    public SystemSample {
        disks = List.copyOf(disks);
    }

    /**
     * The activity from {@code earlier} to {@code later}.
     *
     * @param constants page size (for si/so) and USER_HZ (for the process's CPU seconds)
     */
    public static SystemSample between(SystemSnapshot earlier, SystemSnapshot later, Auxv constants) {
        double millis = (later.monotonicNanos() - earlier.monotonicNanos()) / 1e6;
        double seconds = millis / 1000.0;
        double kibPerPage = constants.pageSizeBytes() / 1024.0;
        List<DiskSample> disks = new ArrayList<>(later.disks().size());
        for (DiskCounters after : later.disks()) {
            earlier.disk(after.name()).ifPresent(before -> disks.add(DiskSample.between(before, after, millis)));
        }
        VmCounters a = earlier.vm();
        VmCounters b = later.vm();
        return new SystemSample(later.monotonicNanos(), millis,
                later.stat().procsRunning(), later.stat().procsBlocked(),
                later.mem().swapUsedKib(), later.mem().memFreeKib(), later.mem().buffersKib(), later.mem().cacheKib(),
                rate((b.swappedInPages() - a.swappedInPages()) * kibPerPage, seconds),
                rate((b.swappedOutPages() - a.swappedOutPages()) * kibPerPage, seconds),
                rate(b.pagedInKib() - a.pagedInKib(), seconds),
                rate(b.pagedOutKib() - a.pagedOutKib(), seconds),
                rate(later.stat().interrupts() - earlier.stat().interrupts(), seconds),
                rate(later.stat().contextSwitches() - earlier.stat().contextSwitches(), seconds),
                later.stat().cpu().minus(earlier.stat().cpu()),
                disks,
                ticksToSeconds(earlier.process().userTicks(), later.process().userTicks(), constants),
                ticksToSeconds(earlier.process().systemTicks(), later.process().systemTicks(), constants));
    }

    private static double rate(double delta, double seconds) {
        return delta < 0 || !(seconds > 0) ? Double.NaN : delta / seconds;
    }

    private static double ticksToSeconds(long before, long after, Auxv constants) {
        return before < 0 || after < 0 ? Double.NaN : (double) (after - before) / constants.clockTicksPerSecond();
    }

    /** vmstat {@code us}, percent of all CPUs' time, NaN if no ticks elapsed. */
    public double userPercent() {
        return cpu.userPercent();
    }

    /** vmstat {@code sy}, percent. */
    public double systemPercent() {
        return cpu.systemPercent();
    }

    /** vmstat {@code id}, percent. */
    public double idlePercent() {
        return cpu.idlePercent();
    }

    /** vmstat {@code wa}, percent. */
    public double iowaitPercent() {
        return cpu.iowaitPercent();
    }

    /** vmstat {@code st}, percent. */
    public double stealPercent() {
        return cpu.stealPercent();
    }

    /** The sample of one device, by kernel name. */
    public Optional<DiskSample> disk(String name) {
        for (DiskSample d : disks) {
            if (d.name().equals(name)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }
}
