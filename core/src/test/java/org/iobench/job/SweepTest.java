package org.iobench.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SweepTest {
    @Test
    void aBlockSizeRangeDoublesFromTheFirstToTheLast() {
        assertThat(SweepAxis.sizes("--bs", "4k..1m").values()).containsExactly(4096L, 8192L, 16384L, 32768L,
                65536L, 131072L, 262144L, 524288L, 1048576L);
        assertThat(SweepAxis.sizes("--bs", "4k,64k,1m").values()).containsExactly(4096L, 65536L, 1048576L);
        assertThat(SweepAxis.counts("--threads", "1,2,4..64").values()).containsExactly(1L, 2L, 4L, 8L, 16L, 32L,
                64L);
    }

    @Property
    void rangePointsDoubleAndStayWithinTheBounds(@ForAll @IntRange(min = 1, max = 1 << 20) int from,
                                                 @ForAll @IntRange(min = 0, max = 12) int steps) {
        long to = (long) from << steps;
        List<Long> v = SweepAxis.counts("--iodepth", from + ".." + to).values();
        assertThat(v).hasSize(steps + 1);
        for (int i = 1; i < v.size(); i++) {
            assertThat(v.get(i)).isEqualTo(v.get(i - 1) * 2);
        }
        assertThat(v.getFirst()).isEqualTo(from);
        assertThat(v.getLast()).isEqualTo(to);
    }

    @Test
    void badAxesNameTheOptionAndValue() {
        assertThatThrownBy(() -> SweepAxis.sizes("--bs", "1m..4k")).hasMessageStartingWith("--bs 1m..4k:");
        assertThatThrownBy(() -> SweepAxis.sizes("--bs", "4k..3q")).hasMessageContaining("'3q' is not a size");
        assertThatThrownBy(() -> SweepAxis.counts("--threads", "1,,2")).hasMessageStartingWith("--threads 1,,2");
    }

    @Test
    void theCartesianProductHasOnePointPerCombinationAllInOneSeries() {
        JobSpec base = JobSpec.builder(Path.of("/tmp/x")).rw(RwMode.RANDWRITE).runs(3).build();
        List<JobSpec> points = Sweep.expand(base, SweepAxis.sizes("--bs", "4k..16k"),
                SweepAxis.counts("--threads", "1,2"), null);
        assertThat(points).hasSize(6);
        assertThat(points).extracting(s -> s.grouping().series()).containsOnly("randwrite bs=4k..16k threads=1,2");
        assertThat(points).extracting(JobSpec::name).containsExactly("4KiB T1", "4KiB T2", "8KiB T1", "8KiB T2",
                "16KiB T1", "16KiB T2");
        assertThat(points).extracting(s -> s.timing().runs()).containsOnly(3);
        assertThat(Sweep.expand(base, SweepAxis.sizes("--bs", "4k"), null, null)).singleElement()
                .extracting(s -> s.grouping().series()).isEqualTo("");
    }
}
