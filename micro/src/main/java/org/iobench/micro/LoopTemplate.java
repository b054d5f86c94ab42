package org.iobench.micro;

import java.util.function.Function;

/**
 * The timing loop. {@link Loops} defines a fresh hidden-class copy of this class for every variant, so each copy's
 * {@code body.apply} call site sees one receiver type only: the JIT inlines the variant into its own loop, as JMH's
 * generated code does, and one variant's type profile cannot slow another's.
 */
final class LoopTemplate implements OpTimer {

    private final Function<Object, Object> body;
    private final Object input;
    private final Blackhole sink;

    LoopTemplate(Function<Object, Object> body, Object input, Blackhole sink) {
        this.body = body;
        this.input = input;
        this.sink = sink;
    }

    @Override
    public long timeNanos(long ops) {
        Function<Object, Object> f = body;
        Object in = input;
        Blackhole bh = sink;
        long start = System.nanoTime();
        for (long i = 0; i < ops; i++) {
            bh.consume(f.apply(in));
        }
        return System.nanoTime() - start;
    }
}
