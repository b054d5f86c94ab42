package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import org.iobench.job.JobSpec;
import org.iobench.job.SyncMode;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;
import org.iobench.result.WorkerEvidence;

/**
 * A buffered write job with no sync at all (no {@code --sync}, no {@code --fsync-every}) that stopped the clock with
 * most of its data still in the page cache (the RAID-1 mailing-list post). The evidence is the target's own pages when the workers
 * stopped ({@code cachestat(2)}): at least {@link Rules#UNSYNCED_DEVICE_SHARE} of the bytes written still dirty or
 * under writeback. Nothing else on the machine changes that count. On kernels without cachestat, the device's writes
 * over the window stand in: less than that share of what the job wrote (in a parallel group, what is left after the
 * synced and direct jobs' writes, against all unsynced jobs' writes); other processes' writes can only raise the
 * device's count, so they can hide the finding but never cause it.
 */
final class UnsyncedWrites implements Rule {

    @Override
    public Optional<Finding> check(Subject s) {
        JobSpec j = s.job();
        if (!unsynced(j)) {
            return Optional.empty();
        }
        return Evidence.perRun("unsynced-writes", s, UnsyncedWrites::run);
    }

    /** A buffered write job that never asks the kernel to write its data out. */
    static boolean unsynced(JobSpec j) {
        return j.workload().rw().writes() && !j.durability().direct() && j.durability().sync() == SyncMode.NONE
                && j.durability().fsyncEvery() == 0;
    }

    private static RunResult runOf(List<RunResult> runs, int number) {
        return runs.stream().filter(x -> x.run() == number && x.complete()).findFirst().orElse(null);
    }

    private static Optional<Hit> run(Subject s, RunResult r) {
        long mine = r.totals().bytesWritten();
        WorkerEvidence e = r.evidence().workerThreads();
        if (mine > 0 && e != null && e.targetUnwrittenBytes() >= 0) {
            return ownTarget(mine, e.targetUnwrittenBytes(), r.evidence().systemSummary(), fix(s));
        }
        return device(s, r);
    }

    /** The target's own pages at the stop: nothing else on the machine changes them. */
    private static Optional<Hit> ownTarget(long written, long unwritten, SystemSummary sys, String fix) {
        long left = Math.min(unwritten, written);
        if (left < Rules.UNSYNCED_DEVICE_SHARE * written) {
            return Optional.empty();
        }
        String device = sys == null || sys.device() == null ? "the device" : sys.device();
        return Optional.of(hit("no sync; " + Evidence.mb(left) + " of the " + Evidence.mb(written)
                + " written (" + Evidence.pct((double) left / written) + ") were still dirty in the page cache, not"
                + " on " + device + ", when the clock stopped", fix));
    }

    private static Hit hit(String evidence, String fix) {
        return Hit.warning("most written data was still in the page cache when the clock stopped: the rate is the"
                        + " cache's, not the device's", evidence, fix, Finding.Confidence.CERTAIN);
    }

    /** A final sync (counted in the time) or O_DIRECT, in the command's words. */
    static String fix(Subject s) {
        Fixes say = Fixes.of(s);
        if (say.deviceless()) {
            return "write to a filesystem backed by the device you want to measure: " + say.devicelessName()
                    + " keeps written data in memory, no sync moves it to a device";
        }
        return Fixes.either(say, List.of(say.finalSync().map(f -> f + " (the final sync counts in the time)"),
                        say.direct()), List.of(say.inRunFlags().finalSync()), "add ")
                .orElse("sync the data before the clock stops");
    }

    /** Where the target's own page state is unknown: the device's writes, which others can only raise. */
    private static Optional<Hit> device(Subject s, RunResult r) {
        SystemSummary sys = r.evidence().systemSummary();
        long mine = r.totals().bytesWritten();
        if (sys == null || sys.device() == null || sys.deviceBytesWritten() < 0 || mine <= 0) {
            return Optional.empty();
        }
        // in a group, jobs that synced or wrote directly had their data on the device within the window: what is
        // left of the device's count is all the unsynced jobs can claim
        long unsynced = 0;
        long synced = 0;
        int unsyncedJobs = 0;
        long device = sys.deviceBytesWritten();
        for (int i = 0; i < Math.max(1, s.group().size()); i++) {
            RunResult x = s.inGroup() ? runOf(s.group().get(i).runs(), r.run()) : r;
            JobSpec j = s.inGroup() ? s.group().get(i).job() : s.job();
            if (x == null) {
                continue;
            }
            if (unsynced(j)) {
                unsynced += x.totals().bytesWritten();
                unsyncedJobs++;
            } else {
                synced += x.totals().bytesWritten();
            }
            if (x.evidence().systemSummary() != null && x.evidence().systemSummary().deviceBytesWritten() > device) {
                device = x.evidence().systemSummary().deviceBytesWritten(); // the group's windows overlap: the longest
            }
        }
        long left = Math.max(0, device - synced);
        if (left >= Rules.UNSYNCED_DEVICE_SHARE * unsynced) {
            return Optional.empty();
        }
        String whose = unsyncedJobs > 1 ? "the group's " + unsyncedJobs + " unsynced jobs" : "the workers";
        String evidence = "no sync; " + sys.device() + " wrote " + Evidence.mb(device)
                + (synced > 0 ? ", " + Evidence.mb(left) + " beyond what the group's synced or direct jobs wrote," : "")
                + " while " + whose + " wrote " + Evidence.mb(unsynced) + " ("
                + Evidence.pct((double) left / unsynced) + ")" + (unsyncedJobs > 1 ? ", this job " + Evidence.mb(mine) : "");
        return Optional.of(hit(evidence, fix(s)));
    }
}
