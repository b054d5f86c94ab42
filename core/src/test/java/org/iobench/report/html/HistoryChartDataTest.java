package org.iobench.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.iobench.compare.Metric;
import org.iobench.history.ChangePointOptions;
import org.iobench.history.Histories;
import org.iobench.history.HistoryOrder;
import org.iobench.history.HistorySet;
import org.iobench.store.Sample;
import org.iobench.store.WorkloadKey;
import org.junit.jupiter.api.Test;

class HistoryChartDataTest {
    static final Instant T0 = Instant.parse("2026-11-02T10:00:00Z");

    /** 30 runs of a workload that drops 20 % after the 18th, 25 of a steady one, and one single run. */
    static HistorySet history() {
        Random random = new Random(8);
        List<Sample> samples = new ArrayList<>();
        Map<Long, Instant> times = new HashMap<>();
        WorkloadKey[] keys = {new WorkloadKey("randread", 4096, 1, 1, true, "none"),
                new WorkloadKey("write", 1 << 20, 1, 1, false, "fdatasync"),
                new WorkloadKey("read", 1 << 20, 4, 1, true, "none")};
        long id = 1;
        for (int i = 0; i < 30; i++) {
            for (int w = 0; w < keys.length; w++) {
                if ((w == 1 && i >= 25) || (w == 2 && i > 0)) {
                    continue;
                }
                double mean = 100e6 * (w + 1) * (w == 0 && i >= 18 ? 0.8 : 1);
                times.put(id, T0.plusSeconds(3600L * i + w));
                for (int r = 1; r <= 3; r++) {
                    double v = mean * (1 + 0.02 * random.nextGaussian());
                    samples.add(new Sample(id, r, keys[w], Map.of(), v, v / keys[w].blockSize()));
                }
                id++;
            }
        }
        return Histories.build(samples, times, HistoryOrder.TIME, Metric.MB_S, ChangePointOptions.DEFAULTS);
    }

    @Test
    void eachWorkloadWithTwoOrMorePointsIsAChartWithTimesSegmentMeansAndItsChangePoints() {
        JsonNode charts = HistoryChartData.of(history());

        assertThat(charts).hasSize(2); // the single run has no chart
        JsonNode c = charts.get(0);
        // named by what differs between the workloads (all are qd1): the parts of the key that vary
        assertThat(c.path("label").asText()).isEqualTo("randread 4KiB 1 thread direct sync none");
        assertThat(charts.get(1).path("label").asText()).isEqualTo("write 1MiB 1 thread buffered sync fdatasync");
        assertThat(c.path("time").asBoolean()).isTrue();
        assertThat(c.path("x")).hasSize(30);
        assertThat(c.path("x").get(1).asDouble() - c.path("x").get(0).asDouble()).isEqualTo(3600.0);
        assertThat(c.path("mean").get(0).asDouble()).isBetween(95.0, 105.0);
        assertThat(c.path("segment").get(0).asDouble()).isEqualTo(c.path("segment").get(17).asDouble());
        assertThat(c.path("segment").get(18).asDouble()).isBetween(78.0, 82.0);
        assertThat(c.path("changes")).hasSize(1);
        assertThat(c.path("changes").get(0).path("index").asInt()).isEqualTo(18);
        assertThat(c.path("changes").get(0).path("worse").asBoolean()).isTrue();
        assertThat(c.path("changes").get(0).path("text").asText()).matches("-(1[89]|2[01])\\.\\d% worse \\(p 0\\.005\\)");
        assertThat(charts.get(1).path("changes")).isEmpty();
        assertThat(HistoryChartData.of(null)).isEmpty();
    }
}
