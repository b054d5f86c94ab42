package org.iobench.micro;

/**
 * Two-sided 95 % quantiles of Student's t distribution, for confidence intervals of a mean.
 * Degrees of freedom 1..30 come from the standard table; above 30 the Cornish-Fisher expansion around the normal
 * quantile (three terms) is used, which agrees with the table to 4 decimals from 30 on.
 */
final class StudentT {

    /** t(0.975, df) for df = 1..30; index 0 unused. */
    private static final double[] T975 = {
        Double.NaN,
        12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
        2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
        2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
    };

    /** Normal quantile z(0.975). */
    static final double Z975 = 1.959963984540054;

    private StudentT() {
    }

    /** @return t such that P(|T| &lt;= t) = 0.95 for {@code df} degrees of freedom; NaN when df &lt; 1 */
    static double quantile95(int df) {
        if (df < 1) {
            return Double.NaN;
        }
        if (df < T975.length) {
            return T975[df];
        }
        double z = Z975;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        double z7 = z5 * z * z;
        double v = df;
        return z
                + (z3 + z) / (4 * v)
                + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v)
                + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v);
    }
}
