package org.iobench.micro.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import org.iobench.micro.RunOptions;
import org.iobench.micro.Suite;
import org.iobench.micro.SuiteResult;
import org.junit.jupiter.api.Test;

/**
 * Checks only orderings that hold on any JVM, JIT tier or machine load: a primitive loop over an array beats a
 * stream over boxed numbers. Medians, not means: on a shared machine one sample of a few ms can be descheduled for
 * a hundred, which moves a mean of a few samples by 10x but not a median. Exact ratios are for bench/micro-vs-jmh.sh.
 */
class SumSuitesTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final RunOptions SHORT = RunOptions.defaults().warmup(Duration.ofMillis(300)).samples(9)
            .sampleTime(Duration.ofMillis(5));

    @Test
    void everyVariantComputesTheExpectedSum() {
        SumSuites.doubles().verify();
        SumSuites.ints().verify();
    }

    @Test
    void primitiveArrayLoopsAreFasterThanBoxedStreamSumsOfDoubles() {
        SuiteResult r = SumSuites.doubles().run(SHORT, QUIET);
        assertThat(r.variant("double[] for").medianNanosPerOp())
                .isLessThan(r.variant("List<Double> stream").medianNanosPerOp());
        assertThat(r.variant("double[] forEach").medianNanosPerOp())
                .isLessThan(r.variant("List<Double> stream").medianNanosPerOp());
    }

    @Test
    void primitiveArrayLoopsAreFasterThanBoxedStreamSumsOfInts() {
        SuiteResult r = SumSuites.ints().run(SHORT, QUIET);
        assertThat(r.variant("int[] for").medianNanosPerOp())
                .isLessThan(r.variant("List<Integer> stream").medianNanosPerOp());
        assertThat(r.variant("int[] forEach").medianNanosPerOp())
                .isLessThan(r.variant("List<Integer> stream").medianNanosPerOp());
    }

    @Test
    void theExampleSuitesHaveTheStorysFiveLoopsForArraysAndLists() {
        Suite<?, ?> ints = SumSuites.ints();
        assertThat(ints.variantNames()).hasSize(10)
                .contains("int[] for", "int[] forHoistLength", "int[] forEach", "int[] iterator", "int[] stream")
                .contains("List<Integer> stream");
    }
}
