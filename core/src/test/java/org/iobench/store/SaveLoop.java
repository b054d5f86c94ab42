package org.iobench.store;

import java.time.Instant;
import java.util.Map;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;

/**
 * Child process of {@link StoreCrashTest}: opens the store at {@code args[0]}, prints {@code open}, then saves runs
 * of 50 repetitions as fast as it can, printing each id after its commit, until it is killed.
 */
public final class SaveLoop {
    private SaveLoop() {}

    public static void main(String[] args) {
        double[] rates = new double[50];
        for (int i = 0; i < rates.length; i++) {
            rates[i] = 1e6 + i;
        }
        BenchmarkResult r = StoreFixtures.result("/dev/md0", RwMode.RANDWRITE, 4096, 64, true, rates);
        try (ResultStore store = ResultStore.open(args[0])) {
            DocumentCodec.encode(r); // warm up Jackson so that the kills land in saves, not in its first use
            System.out.println("open");
            System.out.flush();
            for (int n = 0; ; n++) {
                long id = store.save(new NewRun(r, StoreFixtures.ENV, Map.of("a", "1", "b", "2", "loop", "" + n),
                        "crash test", "iobench", Instant.now()));
                System.out.println(id);
                System.out.flush();
            }
        }
    }
}
