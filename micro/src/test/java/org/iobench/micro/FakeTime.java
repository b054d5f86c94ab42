package org.iobench.micro;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;

/** A clock that only moves when fake variants "run", and a log of which variant ran when. */
final class FakeTime {

    long nowNanos;
    final List<String> calls = new ArrayList<>();

    long now() {
        return nowNanos;
    }

    /** A variant whose {@code k}-th sample (counting from 0) costs {@code nanosPerOp.applyAsLong(k)} per call. */
    OpTimer variant(String name, LongUnaryOperator nanosPerOp) {
        long[] k = {0};
        return ops -> {
            calls.add(name);
            long elapsed = ops * nanosPerOp.applyAsLong(k[0]++);
            nowNanos += elapsed;
            return elapsed;
        };
    }

    OpTimer constant(String name, long nanosPerOp) {
        return variant(name, k -> nanosPerOp);
    }
}
