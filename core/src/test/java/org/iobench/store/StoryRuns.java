package org.iobench.store;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.job.RwMode;

/**
 * The seed stories as stored runs, with fixed dates so ids and tables are stable: story 004 (random writes, 64
 * threads, O_DIRECT, block sizes 4K..1024K, 3 runs "w/o patch" and "with patch", KB/s) and story 002 (dd MB/s under
 * three kernels).
 */
public final class StoryRuns {
    /** Story 004: {bs KiB, base min/x/max KB/s, new min/x/max KB/s}; x makes the mean the post's avg. */
    static final double[][] STORY_004 = {
            {4, 317, 318, 319, 417, 420, 423},
            {8, 611, 614, 617, 806, 822, 826},
            {16, 1153, 1153, 1154, 1504, 1519, 1531},
            {32, 2239, 2257, 2263, 2993, 2994, 3016},
            {64, 3944, 3955, 3978, 5396, 5492, 5543},
            {128, 7792, 7856, 8025, 8971, 9106, 9169},
            {256, 15456, 15461, 15805, 15406, 15478, 15751},
            {512, 32406, 32487, 32799, 32361, 32515, 32981},
            {1024, 57378, 57967, 58550, 58134, 58164, 58419}};

    /** Story 002: {threads, direct 0/1, MB/s per kernel 2.6.19.2, 2.6.22.6, 2.6.24-rc1} (dd2 = 2 x 16.5 ...). */
    static final double[][] STORY_002 = {
            {1, 0, 28, 50, 96},
            {1, 1, 88, 88, 86},
            {2, 0, 33, 22, 89},
            {2, 1, 88, 88, 86},
            {3, 0, 29.4, 26.1, 90},
            {3, 1, 88.5, 88.5, 85.5}};
    static final String[] KERNELS = {"2.6.19.2", "2.6.22.6", "2.6.24-rc1"};

    private StoryRuns() {}

    /** Saves story 004 as 18 runs (ids 1-9 without the patch, 10-18 with it), one a minute from StoreFixtures.T0. */
    public static void saveStory004(ResultStore store) {
        List<NewRun> runs = new ArrayList<>();
        Instant t = StoreFixtures.T0;
        for (int side = 0; side < 2; side++) {
            for (double[] row : STORY_004) {
                double[] bytesPerSecond = new double[3];
                for (int i = 0; i < 3; i++) {
                    bytesPerSecond[i] = row[1 + 3 * side + i] * 1000;
                }
                runs.add(new NewRun(StoreFixtures.result("/dev/md0", RwMode.RANDWRITE, (long) row[0] * 1024, 64, true,
                        bytesPerSecond), StoreFixtures.ENV, Map.of("patch", side == 0 ? "without" : "with"),
                        side == 0 ? "iot -d -W64 -b <bs> -t 180 /dev/md0" : null, "iobench", t));
                t = t.plus(Duration.ofMinutes(1));
            }
        }
        store.saveAll(runs);
    }

    /**
     * Saves story 002 as 18 runs, three repetitions each at 0.99, 1.00 and 1.01 times the post's figure, kernels in
     * the order 2.6.24-rc1, 2.6.19.2, 2.6.22.6 so that the table's natural order is visible.
     */
    public static void saveStory002(ResultStore store) {
        List<NewRun> runs = new ArrayList<>();
        Instant t = StoreFixtures.T0.plus(Duration.ofDays(1));
        for (int k : new int[] {2, 0, 1}) {
            for (double[] row : STORY_002) {
                double mb = row[2 + k];
                runs.add(new NewRun(StoreFixtures.result("/mnt/local/dd", RwMode.WRITE, 1 << 20, (int) row[0],
                        row[1] == 1, mb * 0.99e6, mb * 1e6, mb * 1.01e6), StoreFixtures.ENV,
                        Map.of("kernel", KERNELS[k]), null, "iobench", t));
                t = t.plus(Duration.ofMinutes(1));
            }
        }
        store.saveAll(runs);
    }
}
