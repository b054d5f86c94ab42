package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.iobench.job.JobSpec;
import org.iobench.job.Sizes;
import org.iobench.job.SyncMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.Stat;
import org.iobench.result.SteadyOutcome;
import org.iobench.result.SystemSummary;

/**
 * The classic traps of storage benchmarking, each detected from evidence the run collected. Thresholds are
 * constants here, named, so a finding's wording and its trigger are read in one place.
 */
public final class Rules {
    /** Device reads of at least this share of the bytes written mean the kernel read pages in to modify them. */
    static final double RMW_READ_SHARE = 0.10;
    /** A read job whose device reads are below this share of its own reads was served from memory. */
    static final double CACHE_DEVICE_SHARE = 0.10;
    /** A buffered write job whose device writes are below this share of its own writes left data in the cache. */
    static final double UNSYNCED_DEVICE_SHARE = 0.50;
    /** Direct I/O with the device busy less than this share of the time is not saturating it. */
    static final double SATURATION_UTIL_PERCENT = 50;
    /** A job of a parallel group with the device this busy is not called unsaturated for its own depth of 1. */
    static final double GROUP_BUSY_UTIL_PERCENT = 90;
    /** Coefficient of variation across runs above which the result is called noisy. */
    static final double NOISY_CV = 0.05;
    /** CPU use per worker (percent of one core) from which the CPU, not the storage, is the limit. */
    static final double CPU_BOUND_PERCENT = 85;
    private static final Set<String> NO_DIRECT_IO_FS = Set.of("tmpfs", "ramfs", "overlay", "fuse", "squashfs",
            "devtmpfs");

    private Rules() {}

    public static List<Rule> all() {
        return List.of(Rules::readModifyWrite, Rules::pageCache, Rules::unsyncedWrites, Rules::notSaturated,
                Rules::noisy, Rules::cpuBound, Rules::directNotHonoured, Rules::accountingMismatch, Rules::notSteady);
    }

    static boolean writeOnly(JobSpec j) {
        return j.rw().writes() && !j.rw().reads();
    }

    /** 1. A write-only job during which the device read >= 10 % of the bytes written. */
    static Optional<Finding> readModifyWrite(BenchmarkResult r) {
        JobSpec j = r.job();
        if (!writeOnly(j)) {
            return Optional.empty();
        }
        for (SystemSummary s : Evidence.summaries(r)) {
            if (s.deviceBytesRead() >= 0 && s.readAmplification() >= RMW_READ_SHARE) {
                long page = 4096;
                long unit = Math.max(page, r.target().physicalBlockSize());
                return Optional.of(new Finding("read-modify-write",
                        "the device read while iobench only wrote: partial-block writes made the kernel read"
                                + " blocks before modifying them",
                        s.device() + " read " + Evidence.mb(s.deviceBytesRead()) + " = "
                                + Evidence.pct(s.readAmplification()) + " of the bytes written, with --bs "
                                + Sizes.binary(j.blockSize()),
                        "use a block size that is a multiple of the page size and the device's physical block"
                                + " size (" + Sizes.binary(unit) + " or more, e.g. --bs 1m; dd: bs=1M)"));
            }
        }
        return Optional.empty();
    }

    /** 2. A read job served from memory, or a data set that fits in memory without --direct/--drop-cache. */
    static Optional<Finding> pageCache(BenchmarkResult r) {
        JobSpec j = r.job();
        if (!j.rw().reads() || j.direct()) {
            return Optional.empty();
        }
        for (SystemSummary s : Evidence.summaries(r)) {
            if (s.deviceBytesRead() >= 0 && j.rw().reads() && !j.rw().writes()
                    && s.readAmplification() < CACHE_DEVICE_SHARE) {
                return Optional.of(new Finding("page-cache",
                        "the reads were served from the page cache, not the device",
                        "the device read " + Evidence.mb(s.deviceBytesRead()) + " = "
                                + Evidence.pct(s.readAmplification()) + " of what iobench read",
                        "add --direct, or --drop-cache to start each run cold, or use a data set larger than"
                                + " memory"));
            }
        }
        if (!j.dropCache()) {
            for (SystemSummary s : Evidence.summaries(r)) {
                if (s.memAvailableKib() > 0 && r.target().regionBytes() < s.memAvailableKib() * 1024) {
                    return Optional.of(new Finding("page-cache",
                            "the data set fits in memory, so reads may come from the page cache",
                            "region " + Sizes.binary(r.target().regionBytes()) + " < " + (s.memAvailableKib() >> 10)
                                    + " MiB free or cached",
                            "add --direct or --drop-cache, or use --size larger than memory"));
                }
            }
        }
        return Optional.empty();
    }

    /** 3. A buffered write job without a sync mode whose device writes lag the app's. */
    static Optional<Finding> unsyncedWrites(BenchmarkResult r) {
        JobSpec j = r.job();
        if (!j.rw().writes() || j.direct() || j.sync() != SyncMode.NONE || j.fsyncEvery() > 0) {
            return Optional.empty();
        }
        for (SystemSummary s : Evidence.summaries(r)) {
            if (s.deviceBytesWritten() >= 0 && s.writeAmplification() < UNSYNCED_DEVICE_SHARE) {
                return Optional.of(new Finding("unsynced-writes",
                        "most written data was still in the page cache when the clock stopped: the rate is the"
                                + " cache's, not the device's",
                        "the device wrote " + Evidence.mb(s.deviceBytesWritten()) + " = "
                                + Evidence.pct(s.writeAmplification()) + " of what iobench wrote, no sync",
                        "add --sync fdatasync (the final sync counts in the time, like dd conv=fdatasync) or"
                                + " --direct"));
            }
        }
        return Optional.empty();
    }

    /** 4. Direct I/O with low device utilisation or a single worker at depth 1. */
    static Optional<Finding> notSaturated(BenchmarkResult r) {
        JobSpec j = r.job();
        if (!j.direct()) {
            return Optional.empty();
        }
        int inFlight = j.threads() * j.iodepth();
        for (SystemSummary s : Evidence.summaries(r)) {
            boolean lowUtil = !Double.isNaN(s.deviceUtilPercent()) && s.deviceUtilPercent() < SATURATION_UTIL_PERCENT;
            // a job of a parallel group shares the device with the others: their sum is what the device saw
            boolean busyGroup = j.group() != null && !j.group().isBlank()
                    && s.deviceUtilPercent() >= GROUP_BUSY_UTIL_PERCENT;
            if ((inFlight == 1 && !busyGroup) || lowUtil) {
                String util = Double.isNaN(s.deviceUtilPercent()) ? "utilisation unknown"
                        : "device busy " + Evidence.f1(Math.min(100, s.deviceUtilPercent())) + "% of the time";
                return Optional.of(new Finding("not-saturated",
                        "the device was not pushed to its limit: one request at a time measures latency, not"
                                + " throughput",
                        inFlight + " request(s) in flight (" + j.threads() + " thread(s) x iodepth " + j.iodepth()
                                + "), " + util,
                        "raise --threads (e.g. --threads 16) or --iodepth with --engine uring; iobench saturate"
                                + " finds the knee"));
            }
        }
        if (Evidence.summaries(r).isEmpty() && inFlight == 1) {
            return Optional.of(new Finding("not-saturated", "a single worker at depth 1 cannot saturate a device",
                    "1 request in flight", "raise --threads or --iodepth with --engine uring"));
        }
        return Optional.empty();
    }

    /** 5. Coefficient of variation across runs above 5 %. */
    static Optional<Finding> noisy(BenchmarkResult r) {
        Stat bw = r.summary().bytesPerSecond();
        if (bw.n() < 2 || Double.isNaN(bw.cv()) || bw.cv() <= NOISY_CV) {
            return Optional.empty();
        }
        return Optional.of(new Finding("noisy",
                "the runs disagree: the spread is too wide to trust small differences",
                "coefficient of variation " + Evidence.pct(bw.cv()) + " over " + bw.n() + " runs (min "
                        + Evidence.f1(bw.min() / 1e6) + ", max " + Evidence.f1(bw.max() / 1e6) + " MB/s)",
                "use more --runs, a longer --time, a --ramp warm-up, and a quiet machine"));
    }

    /** 6. iobench near 100 % of a core per worker. */
    static Optional<Finding> cpuBound(BenchmarkResult r) {
        for (SystemSummary s : Evidence.summaries(r)) {
            if (s.cpuDemandPerWorkerPercent() >= CPU_BOUND_PERCENT) {
                return Optional.of(new Finding("cpu-bound",
                        "iobench kept a CPU core busy per worker: the figure is the CPU's limit, not the storage's",
                        Evidence.f1(s.cpuDemandPerWorkerPercent()) + "% of a core wanted per worker ("
                                + Evidence.f1(s.cpuPerWorkerPercent()) + "% got; process user "
                                + Evidence.f1(s.processUserSeconds()) + " s, system "
                                + Evidence.f1(s.processSystemSeconds()) + " s)",
                        "this measures the page cache or syscall path; use --direct to measure the device, or"
                                + " larger --bs / more --threads if CPU is the subject"));
            }
        }
        return Optional.empty();
    }

    /** 7. --direct on a filesystem that accepts O_DIRECT without honouring it. */
    static Optional<Finding> directNotHonoured(BenchmarkResult r) {
        String fs = r.target().filesystem();
        if (!r.job().direct() || fs == null || NO_DIRECT_IO_FS.stream().noneMatch(fs::startsWith)) {
            return Optional.empty();
        }
        return Optional.of(new Finding("direct-not-honoured",
                "--direct was asked on " + fs + ", which accepts O_DIRECT but serves it from memory",
                "target " + r.target().path() + " is on " + fs + (r.target().device() == null ? " (no block device)" : ""),
                "run on a filesystem backed by the device you want to measure, or on the block device itself"));
    }

    /** 8. The bytes iobench counted disagree with the kernel's count for the process. */
    static Optional<Finding> accountingMismatch(BenchmarkResult r) {
        for (RunResult run : r.runs()) {
            if (run.accounting().mismatch()) {
                return Optional.of(new Finding("accounting-mismatch",
                        "iobench's byte counts disagree with the kernel's count for the process by more than 1%",
                        "run " + run.run() + ": " + run.accounting().note(),
                        "report this with the JSON output (--json FILE); the figures of this run are suspect"));
            }
        }
        return Optional.empty();
    }

    /** 9. A run with {@code --steady} whose time ran out before throughput settled. */
    static Optional<Finding> notSteady(BenchmarkResult r) {
        for (RunResult run : r.runs()) {
            SteadyOutcome s = run.steady();
            if (s == null || s.reached() || !run.complete()) {
                continue;
            }
            double dev = s.windowMaxDeviation();
            String seen = Double.isNaN(dev) ? "only " + s.window().size() + " interval(s) measured, fewer than the"
                    + " window"
                    : Double.isInfinite(dev) ? "nothing completed in the last window"
                    : "the last window's values deviated up to " + Evidence.pct(dev) + " from their mean";
            return Optional.of(new Finding("not-steady",
                    "the run ended before steady state: its figures may still be moving (warm-up, caches"
                            + " filling, a device throttling or garbage-collecting)",
                    "run " + run.run() + ": " + seen + "; asked " + s.criterion().label(),
                    "run longer (raise --time, the upper bound), add --ramp, or precondition the device;"
                            + " compare only steady runs"));
        }
        return Optional.empty();
    }
}
