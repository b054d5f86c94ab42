package org.iobench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.compare.Metric;
import org.iobench.store.Sample;
import org.iobench.store.WorkloadKey;
import org.junit.jupiter.api.Test;

class RegressionGateTest {
    static final WorkloadKey READ = new WorkloadKey("read", 4096, 1, 1, true, "none");
    static final WorkloadKey WRITE = new WorkloadKey("write", 1 << 20, 1, 1, false, "fdatasync");
    static final WorkloadKey MICRO = WorkloadKey.micro("sum", "loop");

    static List<Sample> samples(long firstRun, WorkloadKey key, double... bytesPerSecond) {
        List<Sample> out = new ArrayList<>();
        for (int i = 0; i < bytesPerSecond.length; i++) {
            out.add(new Sample(firstRun + i, 1, key, Map.of(), bytesPerSecond[i], bytesPerSecond[i] / 4096));
        }
        return out;
    }

    static List<Sample> concat(List<Sample> a, List<Sample> b) {
        List<Sample> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    @Test
    void aSignificantDropBeyondTheThresholdRegressesAndASmallerOneDoesNot() {
        List<Sample> base = concat(samples(1, READ, 100e6, 101e6, 99e6, 100e6, 102e6),
                samples(10, WRITE, 200e6, 202e6, 198e6, 201e6, 199e6));
        List<Sample> now = concat(samples(20, READ, 90e6, 91e6, 89e6, 90e6, 91e6), // -10 %
                samples(30, WRITE, 196e6, 197e6, 195e6, 196e6, 197e6)); // -2 %, significant but within 5 %

        GateResult r = new RegressionGate(5, 0.05).check(now, base, Metric.MB_S);

        assertThat(r.rows()).extracting(GateRow::workload).containsExactly(READ, WRITE);
        assertThat(r.rows()).extracting(GateRow::verdict)
                .containsExactly(GateRow.Verdict.REGRESSED, GateRow.Verdict.OK);
        assertThat(r.rows().get(0).gainPercent()).isBetween(-11.0, -9.0);
        assertThat(r.rows().get(1).judgement().pValue()).isLessThan(0.05);
        assertThat(r.passed()).isFalse();
        assertThat(new RegressionGate(1, 0.05).check(now, base, Metric.MB_S).regressions()).hasSize(2);
    }

    @Test
    void aRunComparedWithItselfAndAnImprovementPass() {
        List<Sample> base = samples(1, READ, 100e6, 101e6, 99e6, 100e6);
        assertThat(new RegressionGate(5, 0.05).check(base, base, Metric.MB_S).passed()).isTrue();
        List<Sample> faster = samples(5, READ, 150e6, 151e6, 149e6, 150e6);
        GateResult r = new RegressionGate(5, 0.05).check(faster, base, Metric.MB_S);
        assertThat(r.passed()).isTrue();
        assertThat(r.rows().getFirst().gainPercent()).isGreaterThan(45);
    }

    @Test
    void lowerIsBetterMetricsRegressWhenTheyRise() {
        // micro-benchmark samples are stored as ops/s; ns/op = 1e9 / ops/s
        List<Sample> base = new ArrayList<>();
        List<Sample> now = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            base.add(new Sample(1, i + 1, MICRO, Map.of(), Double.NaN, 1e9 / (100 + i)));
            now.add(new Sample(2, i + 1, MICRO, Map.of(), Double.NaN, 1e9 / (120 + i)));
        }
        GateResult r = new RegressionGate(5, 0.05).check(now, base, Metric.NS_OP);
        assertThat(r.rows().getFirst().verdict()).isEqualTo(GateRow.Verdict.REGRESSED);
        assertThat(r.rows().getFirst().changePercent()).isBetween(19.0, 21.0);
        assertThat(r.rows().getFirst().gainPercent()).isBetween(-21.0, -19.0);
    }

    @Test
    void workloadsOnOneSideAndTooFewRepetitionsAreReportedButDoNotFail() {
        List<Sample> base = concat(samples(1, READ, 100e6), samples(2, WRITE, 100e6, 100e6));
        List<Sample> now = samples(3, READ, 10e6);
        GateResult r = new RegressionGate(5, 0.05).check(now, base, Metric.MB_S);
        assertThat(r.rows()).singleElement().extracting(GateRow::verdict).isEqualTo(GateRow.Verdict.NOT_JUDGED);
        assertThat(r.onlyInBaseline()).containsExactly(WRITE);
        assertThat(r.passed()).isTrue();
        assertThat(r.notJudged()).isEqualTo(1);
    }

    @Test
    void badThresholdsAreRejectedNamingTheOption() {
        assertThatThrownBy(() -> new RegressionGate(-1, 0.05)).hasMessageStartingWith("--max-regression");
        assertThatThrownBy(() -> new RegressionGate(5, 1)).hasMessageStartingWith("--alpha");
    }
}
