package org.iobench.report.fio;

import java.util.List;
import org.iobench.result.QueueDepths;
import org.iobench.result.RunResult;
import org.iobench.result.ThreadUsage;
import org.iobench.result.WorkerEvidence;

/**
 * What fio reports of one job's threads besides its I/O ({@code show_thread_status}): their CPU time, context switches
 * and page faults, and the job's queue depth distributions, summed over the runs reported as one job (fio's
 * {@code sum_thread_stats} adds them up). Each part is null where a run did not measure it (an older result).
 *
 * @param usage  the worker threads' own getrusage over their windows
 * @param depths fio's {@code io_u_map}, {@code io_u_submit}, {@code io_u_complete}
 */
record FioJobUsage(ThreadUsage usage, QueueDepths depths) {
    /** fio's names of the depth levels ({@code iodepth_level}, {@code IO depths}). */
    static final String[] LEVEL_NAMES = {"1", "2", "4", "8", "16", "32", ">=64"};
    /** fio's names of the submission and completion batches ({@code iodepth_submit}, {@code submit}). */
    static final String[] BATCH_NAMES = {"0", "4", "8", "16", "32", "64", ">=64"};

    static FioJobUsage of(List<RunResult> runs) {
        ThreadUsage usage = runs.isEmpty() ? null : ThreadUsage.ZERO;
        QueueDepths depths = runs.isEmpty() ? null : QueueDepths.none();
        for (RunResult r : runs) {
            WorkerEvidence e = r.evidence().workerThreads();
            usage = usage == null || e == null || e.usage() == null ? null : usage.plus(e.usage());
            depths = depths == null || e == null || e.depths() == null ? null : depths.plus(e.depths());
        }
        return new FioJobUsage(usage, depths);
    }

    /** fio's {@code usr_time}: whole ms of user CPU time. */
    long userMillis() {
        return usage.userNanos() / 1_000_000;
    }

    long systemMillis() {
        return usage.systemNanos() / 1_000_000;
    }

    /**
     * fio's {@code stat_calc_dist}: each bucket as a percent of the whole, a bucket with any count shown as at least
     * 0.1 %; all 0 when there is nothing.
     */
    static double[] percents(List<Long> counts) {
        long total = counts.stream().mapToLong(Long::longValue).sum();
        double[] out = new double[counts.size()];
        for (int i = 0; i < out.length; i++) {
            long c = counts.get(i);
            if (total > 0) {
                out[i] = (double) c / (double) total * 100.0; // fio's order of operations
                if (out[i] < 0.1 && c > 0) {
                    out[i] = 0.1;
                }
            }
        }
        return out;
    }
}
