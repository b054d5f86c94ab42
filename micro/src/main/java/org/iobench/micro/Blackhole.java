package org.iobench.micro;

/**
 * Consumes results so the JIT cannot prove them unused and delete the work that made them.
 *
 * <p>The idea is JMH's: every call advances a cheap pseudo-random number and reads a volatile mask; only when the
 * two line up (almost never, and ever more rarely) is the value stored. The JIT cannot predict the branch, so it must
 * compute every result; the volatile read also stops it from hoisting loads of the input out of the timing loop.
 */
final class Blackhole {

    private volatile int mask = 1;
    private int seed = (int) System.nanoTime();
    @SuppressWarnings("unused") // written so the JIT must keep the value
    private Object kept;

    void consume(Object value) {
        int m = mask;
        int s = seed = seed * 1664525 + 1013904223;
        if ((s & m) == 0) {
            kept = value;
            mask = (m << 1) + 1;
        }
    }
}
