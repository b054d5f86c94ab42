package org.iobench.report.fio;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * fio's latency bins ({@code stat.c}'s {@code plat_val_to_idx} and {@code plat_idx_to_val}, {@code FIO_IO_U_PLAT_BITS}
 * = 6): values below 128 ns have a bin each; above, each power of two is cut into 64 bins, so a bin spans 1/64 of
 * its power of two (1.6 %). fio names a bin by the middle of its range; {@code json+}'s {@code bins} object maps that
 * name to the bin's count. iobench's histograms (3 significant digits, finer than fio's bins) are re-binned here by
 * the middle of each of their own ranges.
 */
final class FioPlat {
    static final int BITS = 6;
    static final int VAL = 1 << BITS;
    /** fio's {@code FIO_IO_U_PLAT_NR}: 29 groups of 64. */
    static final int NR = 29 * VAL;

    private FioPlat() {}

    static int index(long value) {
        int msb = value == 0 ? 0 : 63 - Long.numberOfLeadingZeros(value);
        if (msb <= BITS) {
            return (int) value;
        }
        int errorBits = msb - BITS;
        int base = (errorBits + 1) << BITS;
        int offset = (int) ((VAL - 1) & (value >>> errorBits));
        return Math.min(base + offset, NR - 1);
    }

    static long value(int index) {
        if (index < (VAL << 1)) {
            return index;
        }
        int errorBits = (index >> BITS) - 1;
        long base = 1L << (errorBits + BITS);
        int k = index % VAL;
        return base + (long) ((k + 0.5) * (1L << errorBits));
    }

    /** fio's bins of {@code h}: bin value (the middle of its range, ns) to count, ascending, empty bins left out. */
    static Map<Long, Long> bins(Histogram h) {
        TreeMap<Integer, Long> counts = new TreeMap<>();
        for (HistogramIterationValue v : h.recordedValues()) {
            counts.merge(index(h.medianEquivalentValue(v.getValueIteratedTo())), v.getCountAtValueIteratedTo(),
                    Long::sum);
        }
        TreeMap<Long, Long> out = new TreeMap<>();
        counts.forEach((i, c) -> out.put(value(i), c));
        return out;
    }
}
