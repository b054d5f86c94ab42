package org.iobench.workload;

import org.iobench.job.JobFiles;
import org.iobench.workload.offsets.FioTausworthe;
import org.iobench.workload.offsets.FioZipf;

/**
 * fio 3.33's draw of the next file for {@code file_service_type=random}, {@code zipf}, {@code pareto} and
 * {@code normal} ({@code __get_next_fileno_rand}), value for value: random scales a Tausworthe draw from
 * {@code next_file_state} to the files; the others are fio's {@code lib/zipf.c} and {@code lib/gauss.c} over
 * {@code nrfiles << 10} ranges with the hash turned off, their own 32-bit generator seeded with the same seed, and the
 * range shifted back by 10 bits. Allocation-free after it is made; one per worker.
 */
final class FileDraws {
    private static final int FIO_FSERVICE_SHIFT = 10;
    private static final int GAUSS_ITERS = 12;
    private static final double FRAND32_MAX = 4294967295.0;

    private final JobFiles.Kind kind;
    private final int files;
    private final long ranges;
    private final FioTausworthe rand;
    private final double randMaxPlusOne;
    private long randOff;
    private double theta;
    private double zetan;
    private double zeta2;
    private double paretoPow;
    private long stddev;

    FileDraws(JobFiles.Service service, int files) {
        this.kind = service.kind();
        this.files = files;
        this.ranges = (long) files << FIO_FSERVICE_SHIFT;
        boolean wide = service.wide() && kind == JobFiles.Kind.RANDOM; // zipf's own state is always 32-bit
        this.rand = wide ? FioTausworthe.of64(service.seed()) : FioTausworthe.of32(service.seed() & 0xFFFFFFFFL);
        this.randMaxPlusOne = wide ? 18446744073709551616.0 : 4294967296.0;
        double center = service.center();
        switch (kind) {
            case ZIPF, PARETO -> {
                randOff = rand.next(); // fio's shared_rand_init draws it even when a center replaces it
                if (center != -1) {
                    randOff = (long) (ranges * center);
                }
                if (kind == JobFiles.Kind.ZIPF) {
                    theta = service.value();
                    zeta2 = Math.pow(1.0, theta) + Math.pow(0.5, theta);
                    for (long i = 0; i < Math.min(ranges, 10_000_000L); i++) {
                        zetan += Math.pow(1.0 / (i + 1), theta);
                    }
                } else {
                    paretoPow = Math.log(service.value()) / Math.log(1.0 - service.value());
                }
            }
            case NORMAL -> {
                if (service.value() != 0.0) {
                    stddev = Math.min((long) Math.ceil(ranges * service.value() / 100.0), ranges / 2);
                }
                randOff = center == -1 ? 0 : (long) (ranges * (center - 0.5));
            }
            default -> { }
        }
    }

    /** The next file's number, 0..files-1. */
    int next() {
        return switch (kind) {
            case RANDOM -> (int) ((double) files * (unsigned(rand.next()) / randMaxPlusOne));
            case ZIPF -> (int) (zipf() >>> FIO_FSERVICE_SHIFT);
            case PARETO -> (int) (pareto() >>> FIO_FSERVICE_SHIFT);
            case NORMAL -> (int) (gauss() >>> FIO_FSERVICE_SHIFT);
            default -> throw new IllegalStateException("not a drawn file service: " + kind);
        };
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : ((v >>> 1) | (v & 1)) * 2.0;
    }

    private long zipf() {
        long val = FioZipf.rank(rand.next() / FRAND32_MAX, ranges, theta, zetan, zeta2);
        return Long.remainderUnsigned(val - 1 + randOff, ranges);
    }

    private long pareto() {
        double u = rand.next() / FRAND32_MAX;
        long n = (long) ((ranges - 1) * Math.pow(u, paretoPow));
        return Long.remainderUnsigned(n + randOff, ranges);
    }

    private long gauss() {
        long sum = 0;
        for (int i = 0; i < GAUSS_ITERS; i++) {
            sum += Long.remainderUnsigned(rand.next(), ranges + 1);
        }
        sum = (sum + GAUSS_ITERS - 1) / GAUSS_ITERS;
        if (stddev != 0) {
            int vr = (int) (stddev * (rand.next() / 4294967296.0));
            long dev = vr - (int) (stddev / 2);
            while (Long.compareUnsigned(dev + sum, ranges) >= 0) {
                dev /= 2;
            }
            sum += dev;
        }
        return Long.remainderUnsigned(sum + randOff, ranges);
    }
}
