package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.Accounting;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;
import org.iobench.result.TargetInfo;
import org.iobench.result.Totals;
import org.junit.jupiter.api.Test;

/** The depth-1 clause of not-saturated, against the evidence a parallel group leaves (AdvisorTest covers real runs). */
class NotSaturatedRuleTest {

    private static BenchmarkResult direct(String group, double utilPercent) {
        JobSpec job = JobSpec.builder(Path.of("/x")).rw(RwMode.WRITE).blockSize(1 << 20).direct(true)
                .group(group).build();
        SystemSummary s = new SystemSummary("vda", 0, 1 << 30, 0, 1, 0.1, 0.2, 10, 12, 40, utilPercent, 1 << 20,
                1000);
        RunResult run = new RunResult(1, "2026-11-30T00:00:00Z", true, null, null,
                new Totals(0, 1L << 30, 0, 1024, 1_000_000_000L, 0, 0), LatencySummary.EMPTY, LatencySummary.EMPTY,
                LatencySummary.EMPTY, 1_000_000_000L, List.of(), List.of(),
                new Accounting(true, 0, 1L << 30, 0, 1L << 30, false, "ok"), List.of(), null, s);
        return BenchmarkResult.of(job, new TargetInfo("file", "/x", false, 1L << 30, 512, 4096, "/dev/vda", "ext4"),
                List.of(run));
    }

    @Test
    void aLoneJobAtDepthOneIsNotSaturatingWhateverTheUtilisation() {
        assertThat(Rules.notSaturated(direct("", 97))).isPresent();
    }

    @Test
    void aJobOfAGroupThatKeptTheDeviceBusyIsNotBlamedForItsOwnDepth() {
        assertThat(Rules.notSaturated(direct("dd3-dir", 97))).isEmpty();
        assertThat(Rules.notSaturated(direct("dd3-dir", 40))).as("low utilisation still counts").isPresent();
    }
}
