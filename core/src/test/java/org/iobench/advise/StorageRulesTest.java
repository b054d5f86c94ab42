package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iobench.advise.Recorded.job;
import static org.iobench.advise.Recorded.result;

import java.util.List;
import org.iobench.advise.Recorded.Run;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.WorkerEvidence;
import org.junit.jupiter.api.Test;

/**
 * The storage rules judge the workers' own counters: another process's reads or writes on the device can neither
 * cause nor hide read-modify-write or page-cache findings, and the fixes never suggest what the job already does.
 */
class StorageRulesTest {
    private static final long MB32 = 32L << 20;

    private static List<Finding> findings(BenchmarkResult b) {
        return Advisor.standard().advise(b).findings();
    }

    private static Finding only(BenchmarkResult b, String id) {
        List<Finding> f = findings(b).stream().filter(x -> x.id().equals(id)).toList();
        assertThat(f).as(id).hasSize(1);
        return f.getFirst();
    }

    private static List<String> ids(BenchmarkResult b) {
        return findings(b).stream().map(Finding::id).toList();
    }

    @Test
    void readsTheWorkersCausedWhileOnlyWritingAreReadModifyWriteNamedByJobAndRun() {
        JobSpec j = job("seed000").rw(RwMode.WRITE).blockSize(512).sync(SyncMode.FDATASYNC).build();
        Finding f = only(result(j, Run.of(0, MB32).workers(MB32, MB32).device(MB32 + (5 << 20), MB32, 90)),
                "read-modify-write");
        assertThat(f.job()).isEqualTo("seed000");
        assertThat(f.runs()).containsExactly(1);
        assertThat(f.confidence()).isEqualTo(Finding.Confidence.CERTAIN);
        assertThat(f.evidence()).contains("the workers caused 33.6 MB of storage reads = 100%")
                .contains("512 B requests").contains("vda read");
        assertThat(f.fix()).contains("--bs 1m");
    }

    @Test
    void deviceReadsOfOtherProcessesAreNotReadModifyWrite() {
        JobSpec big = job("bs1m").rw(RwMode.WRITE).blockSize(1 << 20).sync(SyncMode.FDATASYNC).build();
        JobSpec truncating = job("dd").rw(RwMode.WRITE).blockSize(512).truncate(true).allowOverwrite(true).build();
        assertThat(ids(result(big, Run.of(0, MB32).workers(0, MB32).device(150L << 20, MB32, 90))))
                .doesNotContain("read-modify-write");
        assertThat(ids(result(truncating, Run.of(0, MB32).workers(140_000, MB32).device(355L << 20, MB32, 90))))
                .doesNotContain("read-modify-write");
    }

    @Test
    void aRunThatMeasuredNothingIsNotJudged() {
        JobSpec ramped = job("ramped").rw(RwMode.WRITE).blockSize(512).rampNanos(10 * Recorded.SECOND).build();
        assertThat(findings(result(ramped, Run.of(0, 0).workers(MB32, 0).device(0, 0, 0)))).isEmpty();
    }

    @Test
    void readsTheWorkersDidNotSendToStorageWereThePageCachesAndTheFixSkipsWhatTheJobDoes() {
        JobSpec cold = job("cold").rw(RwMode.RANDREAD).blockSize(4096).dropCache(true).timeNanos(1).build();
        Finding f = only(result(cold, Run.of(MB32, 0).workers(0, 0).device(300L << 20, 0, 90)), "page-cache");
        assertThat(f.evidence()).contains("the workers caused 0.0 MB of storage reads for the 33.6 MB read");
        assertThat(f.fix()).contains("--direct").doesNotContain("--drop-cache");
        JobSpec plain = job("plain").rw(RwMode.READ).blockSize(1 << 20).build();
        assertThat(ids(result(plain, Run.of(MB32, 0).workers(MB32 + (8 << 20), 0)))).doesNotContain("page-cache");
    }

    @Test
    void processWideCountsOfAnEngineThatLeavesTheThreadAreOnlyLikely() {
        JobSpec uring = job("uring").rw(RwMode.WRITE).blockSize(512).engine("uring").iodepth(8)
                .sync(SyncMode.FDATASYNC).build();
        Finding f = only(result(uring, WorkerEvidence.PROCESS, Run.of(0, MB32).workers(MB32, MB32)),
                "read-modify-write");
        assertThat(f.confidence()).isEqualTo(Finding.Confidence.LIKELY);
        assertThat(f.evidence()).startsWith("iobench caused");
        assertThat(ids(result(uring, WorkerEvidence.NONE, Run.of(0, MB32).workers(MB32, MB32))))
                .as("unknown counts: silence").doesNotContain("read-modify-write");
    }

    @Test
    void unsyncedWritesNeedTheDeviceToHaveWrittenLessThanHalfAndOthersCanOnlyHideIt() {
        JobSpec j = job("unsynced").rw(RwMode.WRITE).blockSize(1 << 20).build();
        assertThat(only(result(j, Run.of(0, MB32).device(0, 0, 5)), "unsynced-writes").fix())
                .contains("--sync fdatasync");
        assertThat(ids(result(j, Run.of(0, MB32).device(0, 400L << 20, 90)))).doesNotContain("unsynced-writes");
        JobSpec synced = job("synced").rw(RwMode.WRITE).blockSize(1 << 20).sync(SyncMode.FDATASYNC).build();
        assertThat(ids(result(synced, Run.of(0, MB32).device(0, 0, 5)))).doesNotContain("unsynced-writes");
    }

    @Test
    void theTargetsOwnDirtyPagesDecideUnsyncedWritesWhateverTheDeviceDid() {
        JobSpec j = job("unsynced").rw(RwMode.WRITE).blockSize(1 << 20).build();
        Finding f = only(result(j, Run.of(0, MB32).device(0, 400L << 20, 90).unwrittenAtStop(30L << 20)),
                "unsynced-writes");
        assertThat(f.evidence()).contains("31.5 MB of the 33.6 MB written (94%) were still dirty");
        assertThat(ids(result(j, Run.of(0, MB32).device(0, 0, 5).unwrittenAtStop(1 << 20))))
                .as("written back during the run").doesNotContain("unsynced-writes");
    }

    @Test
    void theDeviceDoingMuchMoreThanTheJobCausedIsContextNotBlame() {
        JobSpec j = job("seq-read").rw(RwMode.READ).blockSize(1 << 20).dropCache(true).build();
        Finding f = only(result(j, Run.of(MB32, 0).device(MB32 + (150L << 20), 20L << 20, 95)), "device-shared");
        assertThat(f.severity()).isEqualTo(Finding.Severity.CONTEXT);
        assertThat(f.evidence()).startsWith("vda also read 157.3 MB and wrote 21.0 MB that this job did not cause");
        assertThat(ids(result(j, Run.of(MB32, 0).device(MB32 + (1 << 20), 0, 95)))).doesNotContain("device-shared");
    }

    @Test
    void aMiscountIsOneFindingAndNoRunWarning() {
        JobSpec j = job("w").rw(RwMode.WRITE).blockSize(1 << 20).sync(SyncMode.FDATASYNC).build();
        BenchmarkResult b = Advisor.standard().advise(result(j, Run.of(0, MB32).miscounted()));
        assertThat(b.findings()).extracting(Finding::id).containsOnlyOnce("accounting-mismatch");
        assertThat(b.runs().getFirst().outcome().warnings()).isEmpty();
    }
}
