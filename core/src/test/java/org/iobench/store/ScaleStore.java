package org.iobench.store;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;

/**
 * Grows a result database for bench/scale-store.sh through the store's API, as a team's CI fills one: invocation
 * {@code i} saves one run of each of {@code WORKLOADS} workloads (3 repetitions, CV 3 %), one minute after the
 * previous invocation, labelled {@code commit=c<i>}, {@code branch=b<i/100>} (100 invocations a branch),
 * {@code host=h<i%4>} and {@code kernel=6.<i/5000>}. Runs are saved 1,000 to a transaction. Run again with a larger
 * {@code RUNS} it appends to the same database, so one store is measured at each size; the invocation to continue
 * from is the newest run's {@code commit} label.
 *
 * <p>Prints one line per call: {@code runs=N saved=M seconds=S per_run_us=U single_save_ms=P}, the last being the
 * median of 20 saves of one run each (one transaction each), after the bulk: what a CI job's save costs at this size.
 *
 * <pre>java -cp CLASSPATH org.iobench.store.ScaleStore JDBC_URL RUNS [WORKLOADS]</pre>
 */
public final class ScaleStore {
    private static final RwMode[] RW = {RwMode.RANDREAD, RwMode.RANDWRITE, RwMode.READ, RwMode.WRITE};
    private static final long[] BS = {4096, 65536, 1 << 20};
    private static final int BATCH = 1000;
    private static final int SINGLES = 20;

    private ScaleStore() {}

    public static void main(String[] args) {
        String url = args[0];
        long runs = Long.parseLong(args[1]);
        int workloads = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        if (workloads < 1 || workloads > RW.length * BS.length) {
            throw new IllegalArgumentException("WORKLOADS: 1.." + RW.length * BS.length);
        }
        try (ResultStore store = ResultStore.open(url)) {
            long have = count(store);
            long next = nextInvocation(store);
            long target = runs - SINGLES;
            Random random = new Random(42 + have);
            long t0 = System.nanoTime();
            long saved = 0;
            List<NewRun> batch = new ArrayList<>(BATCH + workloads);
            while (have + saved + batch.size() < target) {
                for (int w = 0; w < workloads; w++) {
                    batch.add(run(next, w, random));
                }
                next++;
                if (batch.size() >= BATCH) {
                    store.saveAll(batch);
                    saved += batch.size();
                    batch.clear();
                }
            }
            if (!batch.isEmpty()) {
                store.saveAll(batch);
                saved += batch.size();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            // single saves: the cost of one CI job's save at this size (constant time is the goal)
            long[] single = new long[SINGLES];
            int w = 0;
            for (int s = 0; s < SINGLES; s++) {
                NewRun one = run(next, w, random);
                long a = System.nanoTime();
                store.save(one);
                single[s] = System.nanoTime() - a;
                if (++w == workloads) {
                    w = 0;
                    next++;
                }
            }
            java.util.Arrays.sort(single);
            saved += SINGLES;
            System.out.printf("runs=%d saved=%d seconds=%.1f per_run_us=%.0f single_save_ms=%.2f%n",
                    have + saved, saved, seconds, saved == SINGLES ? 0 : seconds * 1e6 / (saved - SINGLES),
                    single[SINGLES / 2] / 1e6);
        }
    }

    /** Run {@code w} of invocation {@code i}: the same workload name every invocation, rates with noise. */
    static NewRun run(long i, int w, Random random) {
        double mean = 100e6 * (1 + w);
        double[] reps = new double[3];
        for (int r = 0; r < reps.length; r++) {
            reps[r] = mean * (1 + 0.03 * random.nextGaussian());
        }
        BenchmarkResult result = StoreFixtures.result("/dev/md0", RW[w % RW.length], BS[w / RW.length], 1, true, reps);
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("commit", "c" + i);
        labels.put("branch", "b" + i / 100);
        labels.put("host", "h" + i % 4);
        labels.put("kernel", "6." + i / 5000);
        Instant at = StoreFixtures.T0.plus(Duration.ofMinutes(i)).plusMillis(w);
        return StoreFixtures.run(result, labels, at);
    }

    private static long count(ResultStore store) {
        return store.find(new RunQuery(List.of(), Map.of(), List.of(), null, null, java.util.Set.of(),
                java.util.Set.of(), java.util.Set.of(), java.util.Set.of(), 1)).stream().mapToLong(StoredRun::id)
                .findFirst().orElse(0);
    }

    private static long nextInvocation(ResultStore store) {
        return store.find(new RunQuery(List.of(), Map.of(), List.of(), null, null, java.util.Set.of(),
                java.util.Set.of(), java.util.Set.of(), java.util.Set.of(), 1)).stream()
                .map(r -> r.labels().get("commit")).filter(c -> c != null && c.startsWith("c"))
                .mapToLong(c -> Long.parseLong(c.substring(1)) + 1).findFirst().orElse(0);
    }
}
