package org.iobench.compare;

import java.util.List;

/**
 * Seed story 004 (LKML, RAID random-write patch): iot -d -W64 -b &lt;bs&gt; -t 180, three runs per
 * block size "w/o patch" and "with patch", KB/s. The post gives min/avg/max; each sample here is
 * {min, x, max} with x chosen so that the mean is the post's avg (clamped to [min, max]).
 */
final class Story004 {
    private Story004() {}

    static List<AbInput> inputs() {
        return List.of(
                new AbInput("4K", new double[] {317, 318, 319}, new double[] {417, 420, 423}),
                new AbInput("8K", new double[] {611, 614, 617}, new double[] {806, 822, 826}),
                new AbInput("16K", new double[] {1153, 1153, 1154}, new double[] {1504, 1519, 1531}),
                new AbInput("32K", new double[] {2239, 2257, 2263}, new double[] {2993, 2994, 3016}),
                new AbInput("64K", new double[] {3944, 3955, 3978}, new double[] {5396, 5492, 5543}),
                new AbInput("128K", new double[] {7792, 7856, 8025}, new double[] {8971, 9106, 9169}),
                new AbInput("256K", new double[] {15456, 15461, 15805}, new double[] {15406, 15478, 15751}),
                new AbInput("512K", new double[] {32406, 32487, 32799}, new double[] {32361, 32515, 32981}),
                new AbInput("1024K", new double[] {57378, 57967, 58550}, new double[] {58134, 58164, 58419}));
    }

    static AbTableLayout layout() {
        return new AbTableLayout("iot -d -W64 -t 180 /dev/md0, random write, 3 runs", "bsize", "w/o patch",
                "with patch", "KB/s");
    }
}
