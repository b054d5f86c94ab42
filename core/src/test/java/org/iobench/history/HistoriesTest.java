package org.iobench.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.iobench.compare.Metric;
import org.iobench.store.Sample;
import org.iobench.store.WorkloadKey;
import org.junit.jupiter.api.Test;

class HistoriesTest {
    static final WorkloadKey A = new WorkloadKey("randread", 4096, 1, 1, true, "none");
    static final WorkloadKey B = new WorkloadKey("write", 1 << 20, 1, 1, false, "fdatasync");
    static final Instant T0 = Instant.parse("2026-11-02T10:00:00Z");

    private final List<Sample> samples = new ArrayList<>();
    private final Map<Long, Instant> times = new HashMap<>();
    private final Random random = new Random(3);

    private void run(long id, WorkloadKey key, Map<String, String> labels, double mbPerSecond, int repetitions) {
        times.put(id, T0.plusSeconds(60 * id));
        for (int r = 1; r <= repetitions; r++) {
            double v = mbPerSecond * 1e6 * (1 + 0.01 * random.nextGaussian());
            samples.add(new Sample(id, r, key, labels, v, v / key.blockSize()));
        }
    }

    @Test
    void byTimeEachRunIsAPointAndAWorkloadMissingFromSomeRunsHasFewerPoints() {
        for (long id = 1; id <= 40; id++) {
            run(id, A, Map.of(), id <= 20 ? 500 : 400, 3);
            if (id % 4 != 0) {
                run(1000 + id, B, Map.of(), 100, 2);
            }
        }
        // B's runs were saved with later ids but earlier times than some A runs: order is by time
        times.replaceAll((id, t) -> id > 1000 ? T0.plusSeconds(60 * (id - 1000) + 1) : t);

        HistorySet set = Histories.build(samples, times, HistoryOrder.TIME, Metric.MB_S, ChangePointOptions.DEFAULTS);

        assertThat(set.workloads()).extracting(WorkloadHistory::workload).containsExactly(A, B);
        WorkloadHistory a = set.workloads().get(0);
        assertThat(a.points()).hasSize(40);
        assertThat(a.points().get(0).name()).isEqualTo("#1");
        assertThat(a.points().get(0).samples()).isEqualTo(3);
        assertThat(a.changePoints()).extracting(ChangePoint::index).containsExactly(20);
        assertThat(a.segments()).hasSize(2);
        assertThat(a.segments().get(1).change().changePercent()).isBetween(-21.0, -19.0);
        WorkloadHistory b = set.workloads().get(1);
        assertThat(b.points()).hasSize(30);
        assertThat(b.changePoints()).isEmpty();
    }

    @Test
    void byLabelThePointsAreTheValuesInNaturalOrderPoolingTheirRuns() {
        String[] kernels = {"6.1", "2.6.10", "2.6.9", "2.6.19"};
        long id = 1;
        for (String k : kernels) {
            for (int r = 0; r < 4; r++) {
                run(id++, A, Map.of("kernel", k), k.equals("2.6.9") || k.equals("2.6.10") ? 100 : 130, 2);
            }
        }
        run(id, A, Map.of("patch", "x"), 50, 2);

        HistorySet set = Histories.build(samples, times, HistoryOrder.byLabel("kernel"), Metric.MB_S,
                ChangePointOptions.DEFAULTS);

        WorkloadHistory h = set.workloads().getFirst();
        assertThat(h.points()).extracting(HistoryPoint::name).containsExactly("2.6.9", "2.6.10", "2.6.19", "6.1");
        assertThat(h.points().get(0).runIds()).hasSize(4);
        assertThat(h.points().get(0).samples()).isEqualTo(8);
        assertThat(set.unlabelledRuns()).isEqualTo(1);
        // 16 runs, 8 before and 8 after 2.6.19: C(16,8) = 12870 orderings of runs, p can reach 0.005
        assertThat(h.changePoints()).extracting(ChangePoint::index).containsExactly(2);
        assertThat(h.changePoints().getFirst().changePercent()).isBetween(28.0, 32.0);
    }

    @Test
    void aWorkloadsChangePointsDoNotDependOnWhichOtherWorkloadsWereSelected() {
        for (long id = 1; id <= 30; id++) {
            run(id, A, Map.of(), id <= 12 ? 500 : 470, 3);
            run(100 + id, B, Map.of(), 100, 3);
        }
        List<Sample> onlyA = samples.stream().filter(s -> s.workload().equals(A)).toList();
        HistorySet both = Histories.build(samples, times, HistoryOrder.TIME, Metric.MB_S, ChangePointOptions.DEFAULTS);
        HistorySet alone = Histories.build(onlyA, times, HistoryOrder.TIME, Metric.MB_S, ChangePointOptions.DEFAULTS);
        assertThat(alone.workloads().getFirst().changePoints()).isNotEmpty()
                .isEqualTo(both.workloads().getFirst().changePoints());
    }
}
