package org.iobench.micro;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class LoopsTest {

    @Test
    void everyVariantGetsATimingLoopOfItsOwnHiddenClass() {
        Blackhole sink = new Blackhole();
        OpTimer a = Loops.newLoop((Function<String, Integer>) String::length, "abc", sink);
        OpTimer b = Loops.newLoop((Function<String, Integer>) String::hashCode, "abc", sink);
        assertThat(Loops.ownClassPerVariant()).isTrue();
        assertThat(a.getClass().isHidden()).isTrue();
        assertThat(a.getClass()).isNotEqualTo(b.getClass());
    }

    @Test
    void theLoopCallsTheBodyOncePerOperationWithTheInput() {
        AtomicLong calls = new AtomicLong();
        OpTimer loop = Loops.newLoop((Function<String, Integer>) s -> {
            calls.incrementAndGet();
            return s.length();
        }, "abc", new Blackhole());
        assertThat(loop.timeNanos(1000)).isPositive();
        assertThat(calls).hasValue(1000);
    }
}
