package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;

class WorkerPlanTest {

    @Property
    void sequentialWorkersGetDisjointRegionsCoveringTheWhole(@ForAll @IntRange(min = 1, max = 64) int threads,
                                                             @ForAll @IntRange(min = 64, max = 5000) int blocks) {
        long bs = 4096;
        JobSpec spec = JobSpec.builder(Path.of("/x")).rw(RwMode.WRITE).blockSize(bs).threads(threads)
                .offsetBytes(8192).build();
        List<WorkerPlan> plans = WorkerPlan.split(spec, blocks * bs, true);
        long expectedStart = 8192;
        for (WorkerPlan p : plans) {
            assertThat(p.regionStart()).isEqualTo(expectedStart);
            assertThat(p.regionLength() % bs).isZero();
            assertThat(p.byteBudget()).isEqualTo(p.regionLength());
            expectedStart += p.regionLength();
        }
        assertThat(expectedStart - 8192).isEqualTo(blocks * bs);
    }

    @Property
    void randomWorkersShareTheRangeAndSplitTheBytes(@ForAll @IntRange(min = 1, max = 64) int threads,
                                                    @ForAll @IntRange(min = 64, max = 5000) int blocks) {
        long bs = 512;
        JobSpec spec = JobSpec.builder(Path.of("/x")).rw(RwMode.RANDREAD).blockSize(bs).threads(threads).build();
        List<WorkerPlan> plans = WorkerPlan.split(spec, blocks * bs, true);
        assertThat(plans).allSatisfy(p -> assertThat(p.regionLength()).isEqualTo(blocks * bs));
        assertThat(plans.stream().mapToLong(WorkerPlan::byteBudget).sum()).isEqualTo(blocks * bs);
    }

    @Property
    void timeBasedJobsWithoutASizeHaveNoByteBudget(@ForAll @IntRange(min = 1, max = 8) int threads) {
        JobSpec spec = JobSpec.builder(Path.of("/x")).rw(RwMode.READ).blockSize(4096).threads(threads)
                .timeNanos(1_000_000_000L).build();
        assertThat(WorkerPlan.split(spec, 1 << 20, false))
                .allSatisfy(p -> assertThat(p.byteBudget()).isEqualTo(Long.MAX_VALUE));
    }
}
