package org.iobench.advise;

import java.util.List;
import org.iobench.sysmon.LoopDirectIo;

/**
 * The classic traps of storage benchmarking, one class each, and their thresholds: named constants here, so a
 * finding's trigger and the docs (docs/advisor.md) are read in one place.
 */
final class Rules {
    /** Storage reads the workers caused of at least this share of the bytes they wrote: read-modify-write. */
    static final double RMW_READ_SHARE = 0.10;
    /** ... and at least this many bytes, so metadata reads of a small job are not called read-modify-write. */
    static final long RMW_FLOOR_BYTES = 256 * 1024;
    /** Storage reads the workers caused below this share of what they read: the page cache served the rest. */
    static final double CACHE_DEVICE_SHARE = 0.10;
    /** A buffered write job whose device wrote less than this share of its writes left data in the cache. */
    static final double UNSYNCED_DEVICE_SHARE = 0.50;
    /** Direct I/O with the device busy less than this share of the time is not saturating it. */
    static final double SATURATION_UTIL_PERCENT = 50;
    /** Coefficient of variation across runs above which the result is called noisy. */
    static final double NOISY_CV = 0.05;
    /** Workers blocked (waiting for the storage) less than this share of their window were CPU-bound. */
    static final double CPU_BOUND_BLOCKED_SHARE = 0.15;
    /** Workers that waited for a CPU at least this share of their window were slowed by CPU contention. */
    static final double CPU_CONTENDED_QUEUE_SHARE = 0.25;
    /** Other processes busy on at least this many CPUs (mean) make CPU contention theirs, not iobench's. */
    static final double OTHER_CPU_CORES = 0.5;
    /** The shortest measured window (all workers together) the CPU rule judges: JIT warm-up dominates below. */
    static final long CPU_MIN_WINDOW_NANOS = 100_000_000L;
    /** Device bytes beyond the job's own of at least this share of the job's bytes are worth telling ... */
    static final double SHARED_DEVICE_SHARE = 0.10;
    /** ... and at least this many bytes. */
    static final long SHARED_DEVICE_FLOOR_BYTES = 8L << 20;

    private Rules() {}

    /** The rules judged for every job. */
    static List<Rule> jobRules() {
        return List.of(new ReadModifyWrite(), new PageCache(), new UnsyncedWrites(), new NotSaturated(),
                new Noisy(), new CpuBound(), new DirectNotHonoured(), new AccountingMismatch(), new NotSteady(),
                new DeviceShared(), new LoopDirectIoOff(LoopDirectIo.system()::of));
    }

    /** The rules judged once per parallel group. */
    static List<GroupRule> groupRules() {
        return List.of(new GroupNotSaturated(), new GroupDeviceShared());
    }
}
