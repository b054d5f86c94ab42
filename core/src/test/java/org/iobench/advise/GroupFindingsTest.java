package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iobench.advise.Recorded.job;
import static org.iobench.advise.Recorded.result;

import java.util.List;
import org.iobench.advise.Recorded.Run;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.report.FindingText;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.junit.jupiter.api.Test;

/**
 * In a parallel group every job is judged on its own workers' evidence and named; what the jobs did to the device
 * together is one finding about the group, printed once.
 */
class GroupFindingsTest {
    private static final long MB16 = 16L << 20;

    private static List<BenchmarkResult> group(String name, JobSpec.Builder b, Run rmw, Run clean) {
        return List.of(result(b.name("j1").group(name).build(), rmw), result(b.name("j2").group(name).build(), clean),
                result(b.name("j3").group(name).build(), clean), result(b.name("j4").group(name).build(), clean));
    }

    @Test
    void onlyTheJobWhoseWorkersReadIsReadModifyWriteWithItsOwnEvidence() {
        JobSpec.Builder w = job("x").rw(RwMode.WRITE).blockSize(512).sync(SyncMode.FDATASYNC);
        List<BenchmarkResult> judged = Advisor.standard().adviseGroup(group("g0", w,
                Run.of(0, MB16).workers(MB16, MB16).device(67L << 20, 64L << 20, 99),
                Run.of(0, MB16).workers(0, MB16).device(67L << 20, 64L << 20, 99)));
        List<Finding> rmw = judged.stream().flatMap(b -> b.findings().stream())
                .filter(f -> f.id().equals("read-modify-write")).toList();
        assertThat(rmw).singleElement().satisfies(f -> {
            assertThat(f.job()).isEqualTo("j1");
            assertThat(f.evidence()).contains("16.8 MB of storage reads = 100%");
        });
    }

    @Test
    void aGroupThatLeftTheDeviceIdleIsOneFindingAboutTheGroupPrintedOnce() {
        JobSpec.Builder d = job("x").rw(RwMode.WRITE).blockSize(1 << 20).direct(true);
        Run idle = Run.of(0, MB16).device(0, 64L << 20, 20).cpu(0.6, 0.1, 0);
        List<BenchmarkResult> judged = Advisor.standard().adviseGroup(group("dd3-dir", d, idle, idle));
        List<Finding> all = judged.stream().flatMap(b -> b.findings().stream()).toList();
        assertThat(all).filteredOn(f -> f.id().equals("not-saturated")).singleElement().satisfies(f -> {
            assertThat(f.group()).isEqualTo("dd3-dir");
            assertThat(f.job()).isNull();
            assertThat(f.evidence()).startsWith("up to 4 requests in flight over 4 jobs");
        });
        List<String> lines = FindingText.lines(judged);
        assertThat(lines).doesNotHaveDuplicates();
        assertThat(lines).filteredOn(l -> l.contains("[not-saturated]")).singleElement().asString()
                .startsWith("warning: group dd3-dir run 1: ");
    }

    @Test
    void aGroupOnASharedDeviceGetsOneContextLineAgainstAllItsJobsBytes() {
        JobSpec.Builder r = job("x").rw(RwMode.READ).blockSize(1 << 20).dropCache(true);
        Run busy = Run.of(MB16, 0).device(4 * MB16 + (150L << 20), 0, 99);
        List<BenchmarkResult> judged = Advisor.standard().adviseGroup(group("g1", r, busy, busy));
        assertThat(FindingText.lines(judged)).filteredOn(l -> l.contains("[device-shared]")).singleElement()
                .asString().startsWith("context: group g1 run 1: ").contains("vda also read 157.3 MB");
        Run quiet = Run.of(MB16, 0).device(4 * MB16, 0, 99);
        assertThat(FindingText.lines(Advisor.standard().adviseGroup(group("g1", r, quiet, quiet)))).isEmpty();
    }

    @Test
    void anUnsyncedJobOfAGroupIsNotHiddenByItsSyncedNeighboursWrites() {
        JobSpec unsynced = job("u").rw(RwMode.WRITE).blockSize(1 << 20).group("g").build();
        JobSpec synced = job("s").rw(RwMode.WRITE).blockSize(1 << 20).sync(SyncMode.FDATASYNC).group("g").build();
        Run device = Run.of(0, MB16).device(0, 2 * MB16 + (1 << 20), 99); // the synced jobs' data, and 1 MiB
        List<BenchmarkResult> judged = Advisor.standard().adviseGroup(List.of(result(unsynced, device),
                result(synced, device), result(synced.toBuilder().name("s2").build(), device)));
        assertThat(judged.getFirst().findings()).extracting(Finding::id).contains("unsynced-writes");
        assertThat(judged.get(1).findings()).extracting(Finding::id).doesNotContain("unsynced-writes");
    }
}
