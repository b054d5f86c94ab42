package org.iobench.compare;

/** How a p-value was obtained. */
public enum PValueMethod {
    /** Exact null distribution of the statistic (Mann-Whitney U, small samples without ties). */
    EXACT,
    /** Normal approximation with tie and continuity correction (Mann-Whitney U otherwise). */
    NORMAL_APPROXIMATION,
    /** Student t distribution with Welch-Satterthwaite degrees of freedom. */
    STUDENT_T,
    /** No p-value: too few values or no variation; the p-value is {@code NaN}. */
    UNDEFINED
}
