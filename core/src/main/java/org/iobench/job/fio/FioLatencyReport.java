package org.iobench.job.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iobench.job.BlockSizeMix;

/**
 * What fio's report shows of a job's latencies ({@code stat.c}): which of the submission (slat), completion (clat)
 * and total (lat) latencies get percentiles ({@code slat_percentiles}, {@code clat_percentiles},
 * {@code lat_percentiles}), which percentiles ({@code percentile_list}, sorted as fio sorts it), whether the
 * directions are reported apart, as one {@code mixed} direction, or both ({@code unified_rw_reporting}), and the
 * digits of the normal text's IOPS, bandwidths and sizes ({@code significant_figures}). Only what is printed changes;
 * the I/O and what is measured do not.
 *
 * @param percentiles the percentiles in ascending order, each in 0 < p <= 100 (fio's list ends at its first 0)
 * @param precision   the decimals the normal text prints them with: the most any value of the list was written with
 *                    (fio's {@code percentile_precision}; 2 for its default list)
 * @param figures     the most digits of a number {@code num2str} prints in the normal text (fio's
 *                    {@code significant_figures}, 1..10, default 4)
 * @param blockSizes  the smallest and largest request of reads, writes and trims (six values), as the job line fio
 *                    prints when it sets a job up shows them ({@code min_bs}, {@code max_bs})
 * @param binary      sizes in that line with IEC prefixes (KiB: {@code kb_base=1024}, fio's default) or SI ones
 */
public record FioLatencyReport(boolean slat, boolean clat, boolean lat, List<Double> percentiles, int precision,
                               Unified unified, int figures, List<Long> blockSizes, boolean binary) {
    /** fio's {@code unified_rw_reporting}. */
    public enum Unified {
        /** Each direction on its own (fio's {@code none}, {@code 0}). */
        SPLIT,
        /** Every direction summed into one {@code mixed} (fio's {@code mixed}, {@code 1}). */
        MIXED,
        /** Each direction and the {@code mixed} sum (fio's {@code both}, {@code 2}). */
        BOTH
    }

    /** fio's default {@code percentile_list}. */
    public static final List<Double> FIO_PERCENTILES = List.of(1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0,
            80.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99);
    /** fio's {@code FIO_IO_U_LIST_MAX_LEN}. */
    static final int MAX_PERCENTILES = 20;

    /** fio's defaults: completion latency percentiles, its list, directions apart. */
    public static final FioLatencyReport DEFAULT = new FioLatencyReport(false, true, false, FIO_PERCENTILES, 2,
            Unified.SPLIT, 4, List.of(4096L, 4096L, 4096L, 4096L, 4096L, 4096L), true);

    public FioLatencyReport {
        percentiles = List.copyOf(percentiles);
        blockSizes = List.copyOf(blockSizes);
    }

    /** The settings of a job's options (its section's over its globals), bad values refused naming the option. */
    static FioLatencyReport of(FioJobOptions o) {
        return new FioLatencyReport(o.flag("slat_percentiles", false), o.flag("clat_percentiles", true),
                o.flag("lat_percentiles", false), o.setting("percentile_list").map(FioLatencyReport::list)
                .orElse(FIO_PERCENTILES), o.setting("percentile_list").map(FioLatencyReport::precision).orElse(2),
                o.setting("unified_rw_reporting").map(FioLatencyReport::unified).orElse(Unified.SPLIT),
                figures(o), blockSizes(o), Integer.bitCount(o.kbBase()) == 1);
    }

    /** fio's {@code min_bs} and {@code max_bs} of each direction ({@code bs}, {@code bsrange} or {@code bssplit}). */
    private static List<Long> blockSizes(FioJobOptions o) {
        List<Long> out = new ArrayList<>();
        for (BlockSizeMix m : FioAccess.sizes(o)) {
            out.add(m.minBytes());
            out.add(m.maxBytes());
        }
        return out;
    }

    /** fio's {@code significant_figures}: an integer 1..10 (its {@code minval}, {@code maxval}). */
    private static int figures(FioJobOptions o) {
        FioSetting s = o.setting("significant_figures").orElse(null);
        if (s == null) {
            return 4;
        }
        long v = o.number(s);
        if (v < 1 || v > 10) {
            throw FioJobOptions.bad(s, "must be 1..10 (fio: \"value out of range\")");
        }
        return (int) v;
    }

    /** fio's {@code percentile_precision}: the most digits after a point among the list's values. */
    private static int precision(FioSetting s) {
        int most = 0;
        for (String p : s.value().split(":", -1)) {
            int dot = p.indexOf('.');
            if (dot >= 0) {
                int n = 0;
                while (dot + 1 + n < p.length() && Character.isDigit(p.charAt(dot + 1 + n))) {
                    n++;
                }
                most = Math.max(most, n);
            }
        }
        return most;
    }

    /** fio's FIO_OPT_FLOAT_LIST: values separated by {@code :}, each 0..100, at most 20; sorted, ending at a 0. */
    private static List<Double> list(FioSetting s) {
        String[] parts = s.value().split(":", -1);
        if (parts.length > MAX_PERCENTILES) {
            throw FioJobOptions.bad(s, "more than " + MAX_PERCENTILES + " percentiles (fio: the list exceeding max"
                    + " length " + MAX_PERCENTILES + ")");
        }
        List<Double> out = new ArrayList<>();
        boolean ended = false;
        for (String p : parts) {
            double v;
            try {
                v = Double.parseDouble(p.strip());
            } catch (NumberFormatException e) {
                throw FioJobOptions.bad(s, "'" + p + "' is not a number (fio: not a floating point value)");
            }
            if (!(v >= 0 && v <= 100)) {
                throw FioJobOptions.bad(s, "'" + p + "' is not a percentile (0 to 100)");
            }
            ended |= v == 0; // fio's list ends at its first 0
            if (!ended) {
                out.add(v);
            }
        }
        out.sort(Double::compare);
        return out;
    }

    private static Unified unified(FioSetting s) {
        return switch (s.value().strip().toLowerCase(Locale.ROOT)) {
            case "none", "0" -> Unified.SPLIT;
            case "mixed", "1" -> Unified.MIXED;
            case "both", "2" -> Unified.BOTH;
            default -> throw FioJobOptions.bad(s, "not one of fio's values (none, mixed, both; 0, 1, 2)");
        };
    }
}
