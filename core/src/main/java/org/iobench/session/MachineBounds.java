package org.iobench.session;

import java.util.Comparator;
import java.util.List;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Sizes;
import org.iobench.sysmon.ProcFs;
import org.iobench.sysmon.TaskLimits;
import org.iobench.workload.WorkerStats;

/**
 * What this machine can hold, decided before any I/O: the workers of the jobs that run together (one thread each,
 * against the kernel's task limits; their latency histograms, against this JVM's free heap; their request buffers,
 * against the memory the kernel says is available) and the jobs of one command (each result kept until the end).
 * A job beyond it would start thousands of threads or fill the heap with no output; it is refused, exit 2, naming
 * the option, its value and the machine's figure.
 *
 * @param freeTasks        threads this process may still start ({@link TaskLimits#freeTasks})
 * @param tasksLimit       the limit those come from, for the message ("kernel.pid_max 32768")
 * @param memAvailable     the kernel's MemAvailable, bytes ({@link Long#MAX_VALUE} when unknown)
 * @param heapFree         this JVM's heap still to be had: {@link Runtime#maxMemory} less what is used, bytes
 * @param workerHeap       the heap one worker's counters take ({@link WorkerStats#footprintBytes}), bytes
 */
public record MachineBounds(long freeTasks, String tasksLimit, long memAvailable, long heapFree, long workerHeap) {
    /**
     * The latency a worker's histograms are sized for: a slow device's tail (HdrHistograms grow with the largest
     * value recorded, to 32 times it; at 100 ms the nine of one worker take ~1.7 MB).
     */
    static final long SIZED_FOR_LATENCY_NANOS = 100_000_000L;

    /** This machine and this JVM, now. */
    public static MachineBounds system() {
        TaskLimits tasks = TaskLimits.system();
        long availKib = ProcFs.system().memInfo().memAvailableKib();
        Runtime rt = Runtime.getRuntime();
        long used = rt.totalMemory() - rt.freeMemory();
        return new MachineBounds(tasks.freeTasks(), tasks.tightest() + " less the " + tasks.tasksNow()
                + " tasks running", availKib < 0 ? Long.MAX_VALUE : availKib * 1024, rt.maxMemory() - used,
                WorkerStats.footprintBytes(SIZED_FOR_LATENCY_NANOS));
    }

    /** Checks the stages of one command (the jobs of a stage run together) against this machine. */
    public static void checkStages(List<List<JobSpec>> stages) {
        system().check(stages);
    }

    /**
     * Refuses what this machine cannot hold.
     *
     * @throws ExitException status 2, naming the option, its value and the machine's figure
     */
    public void check(List<List<JobSpec>> stages) {
        long jobs = stages.stream().mapToLong(List::size).sum();
        long heapBudget = heapFree / 4 * 3; // the rest: results, samples, the text and JSON made from them
        if (jobs > 1 && jobs * workerHeap > heapBudget) {
            throw ExitException.usage("jobs: " + jobs + " in one command; their results (about "
                    + Sizes.humanBinary(workerHeap) + " each) need more than the " + Sizes.humanBinary(heapFree)
                    + " of heap this JVM has free, which holds " + Math.max(1, heapBudget / workerHeap)
                    + " (IOBENCH_JAVA_OPTS=-Xmx... raises it)");
        }
        for (List<JobSpec> stage : stages) {
            checkStage(stage, heapBudget);
        }
    }

    private void checkStage(List<JobSpec> stage, long heapBudget) {
        long workers = 0;
        long buffers = 0;
        for (JobSpec spec : stage) {
            long w = workers(spec);
            workers += w;
            buffers = saturatedAdd(buffers, saturatedMultiply(w * spec.queue().iodepth(),
                    spec.access().maxBytes(spec.workload().blockSize())));
        }
        JobSpec largest = stage.stream().max(Comparator.comparingLong(MachineBounds::workers)).orElseThrow();
        String together = stage.size() > 1 ? " (" + workers + " workers in the " + stage.size()
                + " jobs that run together)" : "";
        if (workers > freeTasks) {
            throw ExitException.usage("--threads " + largest.queue().threads() + together + ": each worker is a"
                    + " thread, and this machine can start " + freeTasks + " more (" + tasksLimit + ")");
        }
        if (workers * workerHeap > heapBudget) {
            throw ExitException.usage("--threads " + largest.queue().threads() + together + ": each worker's latency"
                    + " histograms take about " + Sizes.humanBinary(workerHeap) + " of heap, and this JVM has "
                    + Sizes.humanBinary(heapFree) + " free, enough for " + Math.max(1, heapBudget / workerHeap)
                    + " workers (IOBENCH_JAVA_OPTS=-Xmx... raises it)");
        }
        if (buffers > memAvailable) {
            JobSpec deepest = stage.stream().max(Comparator.comparingLong(s -> workers(s)
                    * s.queue().iodepth() * s.access().maxBytes(s.workload().blockSize()))).orElseThrow();
            long bs = deepest.access().maxBytes(deepest.workload().blockSize());
            String option = deepest.queue().iodepth() > 1 ? "--iodepth " + deepest.queue().iodepth()
                    : workers(deepest) > 1 ? "--threads " + deepest.queue().threads() : "--bs " + Sizes.binary(bs);
            throw ExitException.usage(option + ": " + workers + " workers x " + deepest.queue().iodepth()
                    + (deepest.queue().iodepth() == 1 ? " request" : " requests") + " in flight x " + Sizes.binary(bs) + " buffers need " + Sizes.humanBinary(buffers)
                    + " of memory; this machine has " + Sizes.humanBinary(memAvailable) + " available (MemAvailable)");
        }
    }

    /** The threads a job starts: one per worker, one for a copy. */
    private static long workers(JobSpec spec) {
        return spec.workload().rw() == RwMode.COPY ? 1 : spec.queue().threads();
    }

    private static long saturatedMultiply(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
    }

    private static long saturatedAdd(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }
}
