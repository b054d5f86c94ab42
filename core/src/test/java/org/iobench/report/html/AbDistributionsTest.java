package org.iobench.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.iobench.measure.HistogramCodec;
import org.iobench.result.LatencyHistograms;
import org.junit.jupiter.api.Test;

/** An A/B's distributions: each side's runs added up, raw and corrected, on one axis; a side without any named. */
class AbDistributionsTest {
    private static LatencyHistograms run(long raw, long corrected, int count) {
        Map<String, String> m = new LinkedHashMap<>();
        Histogram h = new Histogram(3);
        h.recordValueWithCount(raw, count);
        m.put("all", HistogramCodec.encode(h));
        if (corrected > 0) {
            Histogram c = new Histogram(3);
            c.recordValueWithCount(corrected, count);
            m.put("allCorrected", HistogramCodec.encode(c));
        }
        return new LatencyHistograms(m);
    }

    @Test
    void eachSidesRunsArePooledRawAndCorrectedOnOneAxis() {
        // base: 2 runs at 100 us (300 and 100 requests); new: 1 run at 1 ms, paced, corrected at 10 ms
        List<LatencyHistograms> base = List.of(run(100_000, 0, 300), run(100_000, 0, 100));
        JsonNode d = AbDistributions.data(List.of(new AbDistributions.Row("4KiB", base,
                List.of(run(1_000_000, 10_000_000, 50)))), "kernel=6.1", "kernel=6.2");
        assertThat(d.path("notDrawn")).isEmpty();
        JsonNode row = d.path("rows").get(0);
        assertThat(row.path("workload").asText()).isEqualTo("4KiB");
        List<String> labels = new ArrayList<>();
        row.path("series").forEach(s -> labels.add(s.path("label").asText()));
        assertThat(labels).containsExactly("kernel=6.1 (2 runs)", "kernel=6.2 (1 run)",
                "kernel=6.2, from intended start (1 run)");
        JsonNode b = row.path("series").get(0);
        assertThat(b.path("count").asLong()).as("both runs' requests").isEqualTo(400);
        assertThat(row.path("x")).hasSize(3);
        assertThat(b.path("percent").get(0).asDouble()).isCloseTo(100, within(1e-9));
        assertThat(b.path("percent").get(1).isNull()).isTrue();
        for (JsonNode s : row.path("series")) {
            assertThat(s.path("cdf").get(s.path("cdf").size() - 1).asDouble()).isCloseTo(100, within(1e-9));
        }
        JsonNode corrected = row.path("series").get(2);
        assertThat(corrected.path("corrected").asBoolean()).isTrue();
        assertThat(corrected.path("cdf").get(1).asDouble()).as("none at or below 1 ms from the intended start")
                .isZero();
    }

    @Test
    void aSideWithoutKeptHistogramsIsNamedNotDrawn() {
        JsonNode d = AbDistributions.data(List.of(new AbDistributions.Row("64KiB", List.of(run(5, 0, 1)),
                java.util.Collections.singletonList(null))), "a", "b");
        assertThat(d.path("rows")).isEmpty();
        assertThat(d.path("notDrawn").get(0).asText()).startsWith("64KiB: no latency histogram kept on the new side");
    }
}
