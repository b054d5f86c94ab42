package org.iobench.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.iobench.history.StoredChangePoints;

/**
 * What keeping change points costs a save (bench/changepoint-save.sh): a store holding {@code RUNS} runs of one
 * workload ({@link ScaleStore#run}: CI-like, 3 repetitions, CV 3 %), then 5 single saves of one more run each
 * through a store opened as the command line opens it (the change points of the shape's newest 1,000 runs
 * searched again), and 5 without. Prints
 * {@code runs=N save_ms=A plain_save_ms=B change_points=C}: medians, and the change points stored after.
 *
 * <pre>java -cp CLASSPATH org.iobench.store.ChangePointSaveCost JDBC_URL RUNS</pre>
 */
public final class ChangePointSaveCost {
    private static final int SINGLES = 5;

    private ChangePointSaveCost() {}

    public static void main(String[] args) {
        String url = args[0];
        int runs = Integer.parseInt(args[1]);
        Random random = new Random(42);
        int next = 0;
        try (ResultStore plain = ResultStore.open(url)) {
            List<NewRun> batch = new ArrayList<>();
            for (; next < runs; next++) {
                batch.add(ScaleStore.run(next, 0, random));
                if (batch.size() == 1000) {
                    plain.saveAll(batch);
                    batch.clear();
                }
            }
            if (!batch.isEmpty()) {
                plain.saveAll(batch);
            }
            long[] without = new long[SINGLES];
            for (int s = 0; s < SINGLES; s++) {
                NewRun one = ScaleStore.run(next++, 0, random);
                long a = System.nanoTime();
                plain.save(one);
                without[s] = System.nanoTime() - a;
            }
            Arrays.sort(without);
            long[] with = new long[SINGLES];
            int found;
            try (ResultStore store = ResultStore.open(url, StoredChangePoints.DEFAULTS)) {
                for (int s = 0; s < SINGLES; s++) {
                    NewRun one = ScaleStore.run(next++, 0, random);
                    long a = System.nanoTime();
                    ResultStore.Saved saved = store.saveAll(List.of(one), null);
                    with[s] = System.nanoTime() - a;
                    if (saved.changePointsFailure() != null) {
                        throw new IllegalStateException(saved.changePointsFailure());
                    }
                }
                found = store.changePoints().size();
            }
            Arrays.sort(with);
            System.out.printf("runs=%d save_ms=%.1f plain_save_ms=%.1f change_points=%d%n", next,
                    with[SINGLES / 2] / 1e6, without[SINGLES / 2] / 1e6, found);
        }
    }
}
