package org.iobench.workload.offsets;

/**
 * fio 3.33's {@code zipf_next} (lib/zipf.c) over {@code n} values from a uniform {@code u} in [0, 1): the 1-based
 * rank drawn, before fio's random offset is added. One draw for the offsets ({@link SkewedBlocks}) and the files a
 * job picks.
 */
public final class FioZipf {
    private FioZipf() {}

    /**
     * @param zetan fio's zeta over all {@code n} values for {@code theta}
     * @param zeta2 the zeta of the first two values
     */
    public static long rank(double u, long n, double theta, double zetan, double zeta2) {
        double alpha = 1.0 / (1.0 - theta);
        double eta = (1.0 - Math.pow(2.0 / n, 1.0 - theta)) / (1.0 - zeta2 / zetan);
        double z = u * zetan;
        if (z < 1.0) {
            return 1;
        } else if (z < 1.0 + Math.pow(0.5, theta)) {
            return 2;
        }
        return 1 + (long) (n * Math.pow(eta * u - eta + 1.0, alpha));
    }
}
