package org.iobench.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Detection rates of {@link EDivisive} with its defaults (alpha 0.01, 199 permutations of whole runs), measured
 * over random series: 16 to 120 runs of 2 to 5 repetitions each (as {@code --runs N} stores them), Gaussian noise
 * of CV 2-5 % per repetition, and for the step a 10 % shift up or down at a random run with at least 4 runs on
 * either side (fewer runs cannot reach p 0.01 when whole runs are shuffled: see docs/history.md). Each property
 * asserts a rate over its tries (jqwik statistics), not every try; the seeds are fixed, so the rates repeat.
 */
class EDivisivePropertiesTest {
    private static final String FOUND = "step found within 1 run";
    private static final String QUIET = "no change point in noise";

    /** Runs of 2-5 repetitions; the mean is 1000 before {@code step} and 1000 * (1 + shift) from it on. */
    static List<double[][]> series(long seed, int runs, int step, double shift, double cv) {
        Random random = new Random(seed);
        List<double[][]> points = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            double mean = 1000 * (i >= step ? 1 + shift : 1);
            double[] repetitions = new double[2 + random.nextInt(4)];
            for (int j = 0; j < repetitions.length; j++) {
                repetitions[j] = mean * (1 + cv * random.nextGaussian());
            }
            points.add(new double[][] {repetitions});
        }
        return points;
    }

    @Property(tries = 200, seed = "19", generation = GenerationMode.RANDOMIZED, edgeCases = EdgeCasesMode.NONE,
            shrinking = ShrinkingMode.OFF)
    void aTenPercentStepIsSplitWithinOneRunInAtLeast95PercentOfSeries(
            @ForAll @IntRange(min = 16, max = 120) int runs, @ForAll @DoubleRange(min = 0, max = 1) double where,
            @ForAll boolean up, @ForAll @DoubleRange(min = 0.02, max = 0.05) double cv, @ForAll long noise) {
        int step = 4 + (int) Math.floor(where * (runs - 7)); // 4 .. runs - 4
        List<ChangePoint> found = EDivisive.detect(series(noise, runs, step, up ? 0.10 : -0.10, cv),
                ChangePointOptions.DEFAULTS);

        Statistics.label(FOUND).collect(found.stream().anyMatch(c -> Math.abs(c.index() - step) <= 1));
        Statistics.label(FOUND).coverage(c -> c.check(true).percentage(
                (Double p) -> assertThat(p).as("percent of series split within 1 run of the step").isGreaterThanOrEqualTo(95.0)));
    }

    @Property(tries = 200, seed = "20", generation = GenerationMode.RANDOMIZED, edgeCases = EdgeCasesMode.NONE,
            shrinking = ShrinkingMode.OFF)
    void pureNoiseHasNoChangePointInAtLeast95PercentOfSeries(
            @ForAll @IntRange(min = 16, max = 120) int runs, @ForAll @DoubleRange(min = 0.02, max = 0.05) double cv,
            @ForAll long noise) {
        List<ChangePoint> found = EDivisive.detect(series(noise, runs, runs, 0, cv), ChangePointOptions.DEFAULTS);

        Statistics.label(QUIET).collect(found.isEmpty());
        Statistics.label(QUIET).coverage(c -> c.check(true).percentage(
                (Double p) -> assertThat(p).as("percent of noise series without a change point").isGreaterThanOrEqualTo(95.0)));
    }

    @Property(tries = 20, seed = "21", edgeCases = EdgeCasesMode.NONE, shrinking = ShrinkingMode.OFF)
    void theSameSeedGivesTheSameChangePointsAndPValues(@ForAll @IntRange(min = 3, max = 60) int runs,
                                                        @ForAll @DoubleRange(min = 0, max = 1) double where,
                                                        @ForAll long noise, @ForAll long seed) {
        int step = 1 + (int) (where * (runs - 2));
        List<double[][]> points = series(noise, runs, step, 0.06, 0.05);
        ChangePointOptions options = ChangePointOptions.DEFAULTS.withSeed(seed);
        assertThat(EDivisive.detect(points, options)).isEqualTo(EDivisive.detect(points, options));
    }
}
