package org.iobench.micro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SuiteTest {

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @Test
    void aMismatchFailsBeforeTimingNamingTheVariantAndBothValues() {
        AtomicInteger calls = new AtomicInteger();
        Suite<int[], Integer> suite = TinySuites.quick("sums").add("broken", a -> {
            calls.incrementAndGet();
            return 35;
        });
        assertThatThrownBy(() -> suite.run(RunOptions.defaults(), out))
                .isInstanceOf(VariantMismatchException.class)
                .hasMessage("suite 'sums': variant 'broken' returned 35 but expected 36");
        assertThat(calls).hasValue(1);
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void arrayResultsAreComparedByContentAndPrintedInFull() {
        Suite<String, int[]> suite = Suite.of("arrays", "abc", new int[] {1, 2})
                .add("same", s -> new int[] {1, 2});
        suite.verify();
        assertThatThrownBy(() -> suite.add("other", s -> new int[] {1, 3}).verify())
                .hasMessageContaining("variant 'other' returned [1, 3] but expected [1, 2]");
    }

    @Test
    void floatingPointResultsMayMatchWithinATolerance() {
        Suite<double[], Double> suite = Suite.of("d", new double[] {0.1, 0.2}, 0.3)
                .add("sum", a -> a[0] + a[1]);
        assertThatThrownBy(suite::verify).isInstanceOf(VariantMismatchException.class);
        suite.check(ResultCheck.within(1e-12)).verify();
    }

    @Test
    void aVariantThatThrowsIsNamed() {
        Suite<int[], Integer> suite = TinySuites.quick("t").add("boom", a -> {
            throw new ArithmeticException("nope");
        });
        assertThatThrownBy(suite::verify).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("variant 'boom' threw java.lang.ArithmeticException: nope");
    }

    @Test
    void runMeasuresEveryVariantAndPrintsTheTable() {
        SuiteResult r = TinySuites.quick("tiny").run(RunOptions.defaults(), out);
        assertThat(r.variants()).extracting(VariantResult::name).containsExactly("loop", "stream");
        assertThat(r.variants()).allSatisfy(v -> {
            assertThat(v.samplesNanosPerOp()).hasSize(3);
            assertThat(v.meanNanosPerOp()).isPositive();
        });
        assertThat(r.fastest()).isPresent();
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .startsWith("============ tiny ============\nvariant")
                .contains("\nloop ").contains("\nstream ");
    }

    @Test
    void runOptionsOverrideTheSuitesOwnSettings() {
        SuiteResult r = TinySuites.quick("tiny").run(RunOptions.defaults().samples(2).warmup(Duration.ZERO), out);
        assertThat(r.settings().samples()).isEqualTo(2);
        assertThat(r.variant("loop").samplesNanosPerOp()).hasSize(2);
    }

    @Test
    void builderMethodsReturnNewSuitesAndLeaveTheOriginalAlone() {
        Suite<int[], Integer> a = TinySuites.quick("a");
        Suite<int[], Integer> b = a.samples(7).add("third", x -> 36);
        assertThat(a.settings().samples()).isEqualTo(3);
        assertThat(a.variantNames()).containsExactly("loop", "stream");
        assertThat(b.settings().samples()).isEqualTo(7);
        assertThat(b.variantNames()).containsExactly("loop", "stream", "third");
    }

    @Test
    void badArgumentsAreRejectedNamingTheSetting() {
        assertThatThrownBy(() -> TinySuites.quick("x").add("loop", a -> 36))
                .hasMessage("suite 'x' already has a variant named 'loop'");
        assertThatThrownBy(() -> TinySuites.quick("x").samples(0)).hasMessage("samples must be >= 1: samples=0");
        assertThatThrownBy(() -> TinySuites.quick("x").sampleTime(Duration.ZERO))
                .hasMessage("sampleTime must be > 0: sampleTime=PT0S");
        assertThatThrownBy(() -> Suite.of("empty", 1, 1).verify()).hasMessageContaining("has no variants");
    }

    @Test
    void forkingASuiteThatAForkedJvmCannotRebuildIsAClearError() {
        assertThatThrownBy(() -> TinySuites.quick("adhoc").fork(1).run(RunOptions.defaults(), out))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("fork(1) needs a suite that a forked JVM can make again");
    }
}
