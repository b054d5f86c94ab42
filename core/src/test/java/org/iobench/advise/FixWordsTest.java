package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iobench.advise.Recorded.job;
import static org.iobench.advise.Recorded.result;

import java.util.ArrayList;
import java.util.List;
import org.iobench.advise.Recorded.Run;
import org.iobench.job.Dialect;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.TargetInfo;
import org.iobench.result.WorkerEvidence;
import org.junit.jupiter.api.Test;

/**
 * Every fix in the words of the command that ran: a dd command line gets dd operands (or, for what dd cannot do,
 * run flags said to be {@code iobench run}'s), a job file fio options, and a target without a device is never told
 * O_DIRECT "to measure the device".
 */
class FixWordsTest {
    private static final long MB32 = 32L << 20;
    private static final TargetInfo TMPFS = new TargetInfo("file", "/dev/shm/f", true, 1L << 30, 0, 0, null,
            "tmpfs");
    private static final TargetInfo EXT4 = new TargetInfo("file", "/data/x", false, 1L << 30, 512, 4096, "/dev/vda",
            "ext4");

    /** Results tripping read-modify-write, the page cache, unsynced writes, noise, CPU-bound and depth 1. */
    private static List<BenchmarkResult> traps(TargetInfo target) {
        JobSpec small = job("w").rw(RwMode.WRITE).blockSize(512).sizeBytes(MB32).sync(SyncMode.FDATASYNC).build();
        JobSpec unsynced = job("u").rw(RwMode.WRITE).blockSize(1 << 20).sizeBytes(MB32).build();
        JobSpec read = job("r").rw(RwMode.READ).blockSize(4096).sizeBytes(MB32).build();
        JobSpec direct = job("d").rw(RwMode.RANDREAD).blockSize(4096).direct(true).build();
        String w = WorkerEvidence.WORKER_THREADS;
        return List.of(result(small, target, w, Run.of(0, MB32).workers(MB32, MB32)),
                result(unsynced, target, w, Run.of(0, MB32).unwrittenAtStop(MB32)),
                result(read, target, w, Run.of(MB32, 0).workers(0, 0).cpu(0.95, 0.01, 0),
                        Run.of(MB32 * 2, 0).workers(0, 0).cpu(0.95, 0.01, 0)),
                result(direct, target, w, Run.of(MB32, 0).cpu(0.5, 0, 0)));
    }

    private static List<Finding> judged(Dialect d, TargetInfo target) {
        List<Finding> all = new ArrayList<>();
        for (BenchmarkResult b : traps(target)) {
            all.addAll(Advisor.standard().speaking(d).advise(b).findings());
        }
        return all;
    }

    /** What the fix asks the command itself to do: the part before "with iobench run". */
    private static String own(Finding f) {
        String fix = f.fix() == null ? "" : f.fix();
        int elsewhere = fix.indexOf("with iobench run");
        return elsewhere < 0 ? fix : fix.substring(0, elsewhere);
    }

    @Test
    void ddIsToldDdOperandsAndWhatDdCannotDoIsSaidToBeRunsFlags() {
        List<Finding> found = judged(Dialect.DD, EXT4);
        assertThat(found).extracting(Finding::id).contains("read-modify-write", "unsynced-writes", "page-cache",
                "noisy", "cpu-bound", "not-saturated");
        assertThat(found).allSatisfy(f -> assertThat(own(f)).as(f.id() + ": " + f.fix()).doesNotContain("--"));
        assertThat(found).filteredOn(f -> f.id().equals("read-modify-write")).singleElement()
                .extracting(Finding::fix).asString().contains("bs=1M count=32");
        assertThat(found).filteredOn(f -> f.id().equals("unsynced-writes")).singleElement()
                .extracting(Finding::fix).asString().contains("conv=fdatasync").contains("oflag=direct");
        assertThat(found).filteredOn(f -> f.id().equals("not-saturated")).singleElement()
                .extracting(Finding::fix).asString().startsWith("dd keeps one request in flight")
                .contains("with iobench run on the same target: raise the depth, e.g. --threads 16");
    }

    @Test
    void aJobFileIsToldFioOptions() {
        List<Finding> found = judged(Dialect.JOB_FILE, EXT4);
        assertThat(found).allSatisfy(f -> assertThat(f.fix().replace("iobench run FILE --runs N", ""))
                .as(f.id() + ": " + f.fix()).doesNotContain("--"));
        assertThat(found).filteredOn(f -> f.id().equals("unsynced-writes")).singleElement()
                .extracting(Finding::fix).asString().contains("end_fsync=1").contains("direct=1");
        assertThat(found).filteredOn(f -> f.id().equals("read-modify-write")).singleElement()
                .extracting(Finding::fix).asString().contains("bs=1m");
    }

    @Test
    void aTargetWithoutADeviceIsNeverToldDirectToMeasureTheDevice() {
        for (Dialect d : Dialect.values()) {
            List<Finding> found = judged(d, TMPFS);
            assertThat(found).extracting(Finding::id).contains("unsynced-writes", "page-cache", "cpu-bound");
            assertThat(found).allSatisfy(f -> assertThat(String.valueOf(f.fix())).as(d + " " + f.id())
                    .doesNotContain("direct"));
            assertThat(found).filteredOn(f -> f.id().equals("unsynced-writes")).singleElement()
                    .extracting(Finding::fix).asString().contains("tmpfs keeps written data in memory");
        }
    }
}
