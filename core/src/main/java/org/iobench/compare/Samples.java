package org.iobench.compare;

import java.util.Objects;

/** Argument checks shared by the statistics of this package. */
final class Samples {
    private Samples() {}

    /** Throws if {@code values} is null or holds a NaN or infinite value; names the argument. */
    static void checkFinite(String name, double[] values) {
        Objects.requireNonNull(values, name);
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(
                        name + "[" + i + "] is " + values[i] + "; samples must be finite numbers");
            }
        }
    }
}
