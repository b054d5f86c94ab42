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

    /** True if every value equals the first one (also for 0 or 1 values). */
    static boolean allEqual(double[] a, double[] b) {
        double first = a.length > 0 ? a[0] : b.length > 0 ? b[0] : 0;
        for (double v : a) if (v != first) return false;
        for (double v : b) if (v != first) return false;
        return true;
    }
}
