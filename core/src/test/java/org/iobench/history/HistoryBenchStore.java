package org.iobench.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iobench.store.NewRun;
import org.iobench.store.ResultStore;

/**
 * Fills a SQLite result database for bench/history.sh through the store's API: RUNS invocations × WORKLOADS
 * workloads, 3 repetitions each with CV 3 %; every workload but the third and sixth drops 10 % a third of the way
 * and gains 15 % two thirds of the way; the second workload is missing from every fifth invocation.
 *
 * <pre>java -cp CLASSPATH org.iobench.history.HistoryBenchStore FILE RUNS WORKLOADS</pre>
 */
public final class HistoryBenchStore {
    private HistoryBenchStore() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int runs = Integer.parseInt(args[1]);
        int workloads = Integer.parseInt(args[2]);
        Files.deleteIfExists(file);
        SyntheticHistory.Shape shape = (w, i) -> w == 2 || w == 5 ? 1 : i < runs / 3 ? 1 : i < 2 * runs / 3 ? 0.9
                : 0.9 * 1.15;
        List<NewRun> all = SyntheticHistory.runs(42, runs, workloads, 3, 0.03, shape, List.of(1), i -> Map.of());
        try (ResultStore store = ResultStore.open("jdbc:sqlite:" + file)) {
            for (int from = 0; from < all.size(); from += 1000) {
                store.saveAll(all.subList(from, Math.min(all.size(), from + 1000)));
            }
        }
        System.out.println("saved " + all.size() + " runs (" + runs + " invocations x " + workloads
                + " workloads) to " + file);
    }
}
