package org.iobench.history;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;
import org.iobench.job.RwMode;
import org.iobench.store.NewRun;
import org.iobench.store.StoreFixtures;

/**
 * Stored runs with a known history, saved through the store's API: {@code runs} invocations, each saving one run
 * of every workload (a workload listed in {@code missing} skips every fifth invocation), one minute apart, with
 * {@code repetitions} repetitions of Gaussian noise (CV {@code cv}) around {@code 100 MB/s · (w + 1) · shape}.
 */
public final class SyntheticHistory {
    /** The mean of workload {@code w} at invocation {@code i}, relative to its base. */
    public interface Shape {
        double factor(int w, int i);
    }

    /** Ten distinct workloads (test identities). */
    private static final RwMode[] RW = {RwMode.RANDREAD, RwMode.RANDWRITE, RwMode.READ, RwMode.WRITE};
    private static final long[] BS = {4096, 65536, 1 << 20};

    private SyntheticHistory() {}

    /** @param labels invocation index to the labels of its runs (e.g. a kernel version); may give an empty map */
    public static List<NewRun> runs(long seed, int runs, int workloads, int repetitions, double cv, Shape shape,
                                    List<Integer> missing, IntFunction<Map<String, String>> labels) {
        if (workloads > RW.length * BS.length) {
            throw new IllegalArgumentException("at most " + RW.length * BS.length + " workloads");
        }
        Random random = new Random(seed);
        List<NewRun> out = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            for (int w = 0; w < workloads; w++) {
                if (missing.contains(w) && i % 5 == 4) {
                    continue;
                }
                double mean = 100e6 * (1 + w) * shape.factor(w, i);
                double[] reps = new double[repetitions];
                for (int r = 0; r < repetitions; r++) {
                    reps[r] = mean * (1 + cv * random.nextGaussian());
                }
                out.add(StoreFixtures.run(StoreFixtures.result("/dev/md0", RW[w % RW.length], BS[w / RW.length], 1,
                        true, reps), labels.apply(i), StoreFixtures.T0.plus(Duration.ofMinutes(i)).plusMillis(w)));
            }
        }
        return out;
    }
}
