package org.iobench.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.iobench.job.DataPattern;
import org.iobench.job.Durations;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.RateLimit;
import org.iobench.job.RwMode;
import org.iobench.job.SteadyCriterion;
import org.iobench.job.Submission;
import org.iobench.job.Sweep;
import org.iobench.job.SweepAxis;
import org.iobench.job.SyncMode;
import org.iobench.job.VerifyChecksum;
import picocli.CommandLine.Option;

/** The workload options shared by commands that run jobs ({@code run}, sweeps, suites). */
final class JobOptions {
    @Option(names = "--rw", paramLabel = "RW", converter = Converters.Rw.class,
            completionCandidates = Candidates.RwModes.class,
            description = "${COMPLETION-CANDIDATES} (copy with --source; the trim modes discard and need"
                    + " --allow-overwrite; default: read)")
    RwMode rw;

    @Option(names = "--mix", paramLabel = "READ_PERCENT", description = "reads in a mixed job, 0-100 (default: 50)")
    Integer mix;

    @Option(names = "--bs", paramLabel = "SIZE", converter = Converters.BsAxis.class,
            description = "block size: 512, 4k, 1m (powers of 1024; default: 1m); a sweep: 4k..1m, 4k,64k,1m")
    SweepAxis bs;

    @Option(names = "--size", paramLabel = "SIZE", converter = Converters.PositiveSize.class,
            description = "bytes of the target to use and to transfer (default: the file's or device's size,"
                    + " 1g for a new file)")
    Long size;

    @Option(names = "--offset", paramLabel = "SIZE", converter = Converters.Size.class,
            description = "start of the region in the target (default: 0)")
    Long offset;

    @Option(names = "--time", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "time-based: run this long (180s, 3m), going over the --size region (or the file) again"
                    + " and again (fio's time_based)")
    Long timeNanos;

    @Option(names = "--ramp", paramLabel = "DURATION", converter = Converters.Duration.class,
            description = "warm-up before measuring, excluded from the figures")
    Long rampNanos;

    @Option(names = "--threads", paramLabel = "N", converter = Converters.ThreadsAxis.class,
            description = "workers on the one target (default: 1); a sweep: 1..64, 1,2,4..64")
    SweepAxis threads;

    @Option(names = "--iodepth", paramLabel = "N", converter = Converters.IodepthAxis.class,
            description = "requests in flight per worker (async engines); a sweep: 1..32")
    SweepAxis iodepth;

    @Option(names = "--batch", paramLabel = "N", converter = Converters.Count.class, description = "requests per submission (async engines)")
    Integer batch;

    @Option(names = "--engine", paramLabel = "ENGINE", completionCandidates = Candidates.Engines.class, description = "I/O engine: ${COMPLETION-CANDIDATES}; psync is the default, uring"
                    + " (io_uring) and libaio (Linux native AIO) take --iodepth above 1, null does no I/O (iobench's own"
                    + " ceiling)")
    String engine;

    @Option(names = "--fixed-buffers", description = "register buffers and files with the kernel (io_uring)")
    boolean fixedBuffers;

    @Option(names = "--register-files", description = "register the job's files with the kernel, requests naming"
            + " them by index (io_uring; fio's registerfiles)")
    boolean registerFiles;

    @Option(names = "--sq-poll", description = "a kernel thread takes requests from the queue, no system call per"
            + " batch (io_uring SQPOLL; fio's sqthread_poll); registers the files too")
    boolean sqPoll;

    @Option(names = "--sq-poll-cpu", paramLabel = "CPU", converter = Converters.CountOrZero.class,
            description = "binds that kernel thread to CPU (implies --sq-poll; fio's sqthread_poll_cpu)")
    Integer sqPollCpu;

    @Option(names = "--hipri", description = "poll the device for completions instead of waiting for its interrupt;"
            + " direct I/O to a device with poll queues (io_uring IOPOLL; fio's hipri)")
    boolean hipri;

    @Option(names = "--reap-min", paramLabel = "N", converter = Converters.CountOrZero.class,
            description = "completions a worker waits for when its queue is full, 0: never wait in the kernel (fio's"
                    + " iodepth_batch_complete_min; default 1)")
    Integer reapMin;

    @Option(names = "--reap-max", paramLabel = "N", converter = Converters.CountOrZero.class,
            description = "completions taken per reap at most (fio's iodepth_batch_complete_max; default 0: all that"
                    + " are ready)")
    Integer reapMax;

    @Option(names = "--direct", arity = "0..1", fallbackValue = "1", paramLabel = "0|1",
            converter = Converters.FioBoolean.class,
            description = "O_DIRECT: bypass the page cache (fio's --direct=1 and --direct=0 work too)")
    Boolean direct;

    @Option(names = "--sync", paramLabel = "SYNC", converter = Converters.Sync.class,
            completionCandidates = Candidates.SyncModes.class,
            description = "${COMPLETION-CANDIDATES}: none is the default; dsync (O_DSYNC) and sync (O_SYNC) on"
                    + " every write; fdatasync and fsync once at the end, inside the measured time")
    SyncMode sync;

    @Option(names = "--fsync-every", paramLabel = "N", converter = Converters.CountOrZero.class,
            description = "an fsync after every N writes of a worker (0: never)")
    Integer fsyncEvery;

    @Option(names = "--runs", paramLabel = "N", converter = Converters.Count.class, description = "repetitions, summarised as min/avg/max (default: 1)")
    Integer runs;

    @Option(names = "--drop-cache", description = "evict the target's cached pages before each run")
    boolean dropCache;

    @Option(names = "--pattern", paramLabel = "P", converter = Converters.Pattern.class,
            completionCandidates = Candidates.Patterns.class,
            description = "data written: ${COMPLETION-CANDIDATES} (zero is the default; random is incompressible)")
    DataPattern pattern;

    @Option(names = "--allow-overwrite", description = "consent to write to an existing file or a block device")
    boolean allowOverwrite;

    @Option(names = "--keep", description = "keep a file iobench created")
    boolean keep;

    @Option(names = "--name", paramLabel = "NAME", description = "a name for the job in reports")
    String name;

    @Option(names = "--seed", paramLabel = "N", description = "seed of random offsets and data")
    Long seed;

    @Option(names = "--source", paramLabel = "PATH", description = "--rw copy: the file or device to read from"
            + " (/dev/zero is not read: zeros are written)")
    Path source;
    @Option(names = "--verify", paramLabel = "CHECKSUM", converter = Converters.Verify.class,
            completionCandidates = Candidates.Checksums.class,
            description = "stamp every written block with a header and a checksum: ${COMPLETION-CANDIDATES}; mixed jobs"
                    + " check reads of blocks they wrote (docs/verify.md)")
    VerifyChecksum verify;

    @Option(names = "--verify-after", description = "read every written block back after the run and check it,"
            + " outside the measured time (needs --verify)")
    boolean verifyAfter;

    @Option(names = "--rate", paramLabel = "RATE", description = "pace the job (all threads together) at this rate:"
            + " 5000 (IOPS), 200MB/s, 50MiB/s; latency is also reported from each request's intended start")
    String rate;

    @Option(names = "--steady", paramLabel = "METRIC:BOUND", description = "end a time-based run once the last"
            + " --steady-window of per-second values lies within BOUND of their mean: iops:2%%, bw:5%%")
    String steady;

    @Option(names = "--steady-window", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "the window --steady judges (default: 5s)")
    Long steadyWindowNanos;

    /** Applies the options given on top of {@code base}; options not given keep the base's values. */
    JobSpec.Builder applyTo(JobSpec.Builder b) {
        if (rw != null) b.rw(rw);
        if (mix != null) b.mixReadPercent(mix);
        if (bs != null) b.blockSize(bs.single());
        if (size != null) b.sizeBytes(size);
        if (offset != null) b.offsetBytes(offset);
        if (timeNanos != null) b.timeNanos(timeNanos).loopRegion(true); // over --size (or the file) for that long
        if (rampNanos != null) b.rampNanos(rampNanos);
        if (threads != null) b.threads(Math.toIntExact(threads.single()));
        if (iodepth != null) b.iodepth(Math.toIntExact(iodepth.single()));
        if (batch != null) b.batch(batch);
        if (engine != null) b.engine(engine);
        if (fixedBuffers) b.fixedBuffers(true);
        if (registerFiles || sqPoll || sqPollCpu != null || hipri || reapMin != null || reapMax != null) {
            Submission s = b.submission();
            boolean thread = sqPoll || sqPollCpu != null || s.submitThread();
            b.submission(s.withRegisterFiles(registerFiles || thread || s.registerFiles())
                    .withSubmitThread(thread, sqPollCpu != null ? sqPollCpu : s.submitThreadCpu())
                    .withPolledCompletions(hipri || s.polledCompletions())
                    .withReaping(reapMin != null ? reapMin : s.reapMin(), reapMax != null ? reapMax : s.reapMax(),
                            s.reapEachSubmit()));
        }
        if (direct != null) b.direct(direct);
        if (sync != null) b.sync(sync);
        if (fsyncEvery != null) b.fsyncEvery(fsyncEvery);
        if (runs != null) b.runs(runs);
        if (dropCache) b.dropCache(true);
        if (pattern != null) b.pattern(pattern);
        if (allowOverwrite) b.allowOverwrite(true);
        if (keep) b.keep(true);
        if (name != null) b.name(name);
        if (seed != null) b.seed(seed);
        if (source != null) b.source(source);
        if (verify != null) b.verify(verify);
        if (verifyAfter) b.verifyAfter(true);
        if (rate != null) b.rate(RateLimit.parse(rate));
        if (steadyWindowNanos != null && steady == null) {
            throw new InvalidJobException("--steady-window", Durations.format(Duration.ofNanos(
                    steadyWindowNanos)), "applies only with --steady (e.g. --steady iops:2%)");
        }
        if (steady != null) {
            SteadyCriterion c = SteadyCriterion.parse(steady, steadyWindowNanos != null ? steadyWindowNanos
                    : SteadyCriterion.DEFAULT_WINDOW_NANOS);
            // iobench's own --steady asks for a window that fits; a fio job runs one that does not, never steady
            if (timeNanos != null && c.windowNanos() > timeNanos) {
                throw new InvalidJobException("--steady-window", Durations.format(Duration.ofNanos(
                        c.windowNanos())), "is longer than --time " + Durations.format(Duration.ofNanos(
                        timeNanos)) + ": steady state could never be seen");
            }
            b.steady(c);
        }
        return b;
    }

    /**
     * One job, or one per point when {@code --bs}, {@code --threads} or {@code --iodepth} sweep, with fio's option
     * names of {@code iobench run} applied too.
     */
    List<JobSpec> toSpecs(Path target, FioAliases fio) {
        return Sweep.expand(fio.applyTo(applyTo(JobSpec.builder(target)), this).build(), bs, threads, iodepth);
    }
}
