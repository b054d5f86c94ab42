package org.iobench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EDivisiveTest {
    /** One run per point, three repetitions around {@code means[i]} with CV {@code cv}. */
    private static List<double[][]> runs(long seed, double cv, double... means) {
        Random random = new Random(seed);
        List<double[][]> points = new ArrayList<>();
        for (double m : means) {
            points.add(new double[][] {{m * (1 + cv * random.nextGaussian()), m * (1 + cv * random.nextGaussian()),
                    m * (1 + cv * random.nextGaussian())}});
        }
        return points;
    }

    private static double[] repeat(int times, double... pattern) {
        double[] out = new double[times * pattern.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = pattern[i / times];
        }
        return out;
    }

    @Test
    void aDropAndALaterRecoveryAreTwoChangePointsWithTheirShiftsAndPValues() {
        List<double[][]> points = runs(1, 0.02, repeat(15, 500, 400, 500));

        List<ChangePoint> found = EDivisive.detect(points, ChangePointOptions.DEFAULTS);

        assertThat(found).extracting(ChangePoint::index).containsExactly(15, 30);
        assertThat(found.get(0).changePercent()).isCloseTo(-20, within(2.0));
        assertThat(found.get(1).changePercent()).isCloseTo(25, within(2.5));
        assertThat(found).allSatisfy(c -> assertThat(c.pValue()).isEqualTo(1.0 / 200));
        assertThat(found.get(0).meanBefore()).isCloseTo(500, within(5.0));
        assertThat(found.get(0).meanAfter()).isCloseTo(400, within(5.0));
    }

    @Test
    void theMinimumMagnitudeDropsASmallSignificantShiftAndKeepsTheLargeOne() {
        List<double[][]> points = runs(2, 0.005, repeat(12, 1000, 1030, 700));
        assertThat(EDivisive.detect(points, ChangePointOptions.DEFAULTS)).extracting(ChangePoint::index)
                .containsExactly(12, 24);

        ChangePointOptions fivePercent = new ChangePointOptions(0.01, 0.05, 199, 1, Exchangeable.RUNS);
        List<ChangePoint> found = EDivisive.detect(points, fivePercent);

        assertThat(found).extracting(ChangePoint::index).containsExactly(24);
        // the mean before is now that of both earlier segments
        assertThat(found.getFirst().meanBefore()).isCloseTo(1015, within(5.0));
    }

    @Test
    void eachWorkloadIsJudgedAgainstItsOwnNoise() {
        // a 2 % shift where repetitions vary by 0.5 % is found; 40 % noise without a shift raises nothing
        assertThat(EDivisive.detect(runs(9, 0.005, repeat(15, 100, 98)), ChangePointOptions.DEFAULTS))
                .extracting(ChangePoint::index).containsExactly(15);
        assertThat(EDivisive.detect(runs(10, 0.40, repeat(30, 100)), ChangePointOptions.DEFAULTS)).isEmpty();
    }

    @Test
    void identicalValuesShortSeriesAndASinglePointHaveNoChangePoint() {
        assertThat(EDivisive.detect(runs(3, 0, repeat(20, 7)), ChangePointOptions.DEFAULTS)).isEmpty();
        assertThat(EDivisive.detect(runs(3, 0.01, 100), ChangePointOptions.DEFAULTS)).isEmpty();
        assertThat(EDivisive.detect(List.of(), ChangePointOptions.DEFAULTS)).isEmpty();
    }

    @Test
    void withWholeRunsShuffledThreeRunsPerSideCannotBeSignificantButShufflingRepetitionsCan() {
        // 3 runs before, 3 after: C(6,3) = 20 orderings of the runs, two of them (the observed one and its mirror)
        // as divergent as the truth, so p >= 0.1 however large the drop
        List<double[][]> points = runs(4, 0.01, 500, 500, 500, 300, 300, 300);

        assertThat(EDivisive.detect(points, ChangePointOptions.DEFAULTS)).isEmpty();
        ChangePointOptions repetitions = new ChangePointOptions(0.01, 0, 199, 1, Exchangeable.REPETITIONS);
        assertThat(EDivisive.detect(points, repetitions)).extracting(ChangePoint::index).containsExactly(3);
    }

    @Test
    void runToRunSpreadLargerThanTheRepetitionsIsNotChangeWhenRunsAreShuffled() {
        // 40 runs whose means wander by 3 % while each run's repetitions agree within 0.1 %
        Random random = new Random(5);
        List<double[][]> points = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            double m = 1000 * (1 + 0.03 * random.nextGaussian());
            points.add(new double[][] {{m * (1 + 0.001 * random.nextGaussian()), m * (1 + 0.001 * random.nextGaussian()),
                    m * (1 + 0.001 * random.nextGaussian())}});
        }
        assertThat(EDivisive.detect(points, ChangePointOptions.DEFAULTS)).isEmpty();
        ChangePointOptions repetitions = new ChangePointOptions(0.01, 0, 199, 1, Exchangeable.REPETITIONS);
        assertThat(EDivisive.detect(points, repetitions)).isNotEmpty(); // the reason RUNS is the default
    }

    @Test
    void pointsOfSeveralRunsSplitOnlyBetweenPoints() {
        // label values with three runs each: 2.6.9, 2.6.10, 2.6.19 at 100; 6.1 and 6.2 at 130
        Random random = new Random(6);
        List<double[][]> points = new ArrayList<>();
        for (double m : new double[] {100, 100, 100, 130, 130}) {
            double[][] point = new double[3][];
            for (int r = 0; r < 3; r++) {
                point[r] = new double[] {m * (1 + 0.01 * random.nextGaussian()), m * (1 + 0.01 * random.nextGaussian())};
            }
            points.add(point);
        }
        List<ChangePoint> found = EDivisive.detect(points, ChangePointOptions.DEFAULTS);

        assertThat(found).extracting(ChangePoint::index).containsExactly(3);
        assertThat(found.getFirst().changePercent()).isCloseTo(30, within(2.0));
    }

    @Test
    void aPointWithoutSamplesOrANonFiniteValueIsRejected() {
        assertThatThrownBy(() -> EDivisive.detect(List.of(new double[][] {{1}}, new double[][] {{}}),
                ChangePointOptions.DEFAULTS)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("point 1");
        assertThatThrownBy(() -> EDivisive.detect(List.<double[][]>of(new double[][] {{1, Double.NaN}}),
                ChangePointOptions.DEFAULTS)).hasMessageContaining("not finite");
    }
}
