package org.iobench.store;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.iobench.compare.Direction;

/**
 * What a comparison compares, per repetition: throughput in a named unit (MB = 10^6 bytes, MiB = 2^20, as dd and
 * STYLE.md print them) or operations per second. Both are higher-is-better.
 */
public enum Metric {
    MB_S("MB/s", 1e6),
    MIB_S("MiB/s", 1 << 20),
    KB_S("KB/s", 1e3),
    KIB_S("KiB/s", 1 << 10),
    GB_S("GB/s", 1e9),
    IOPS("IOPS", 0);

    private final String unit;
    private final double bytesPerUnit;

    Metric(String unit, double bytesPerUnit) {
        this.unit = unit;
        this.bytesPerUnit = bytesPerUnit;
    }

    public String unit() {
        return unit;
    }

    public Direction direction() {
        return Direction.HIGHER_IS_BETTER;
    }

    /** The value of one repetition in this metric's unit. */
    public double of(Sample s) {
        return this == IOPS ? s.iops() : s.bytesPerSecond() / bytesPerUnit;
    }

    /** {@code MB/s}, {@code mbps}, {@code iops}, {@code KiB/s}...: case-insensitive; {@code bw} is MB/s. */
    public static Metric parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT).replace("ps", "/s").replace("//", "/");
        if (t.equals("bw") || t.equals("throughput")) {
            return MB_S;
        }
        if (t.equals("io/s") || t.equals("iops")) {
            return IOPS;
        }
        for (Metric m : values()) {
            if (m != IOPS && m.unit.toLowerCase(Locale.ROOT).equals(t)) {
                return m;
            }
        }
        throw new IllegalArgumentException("--metric: '" + text + "' is not a metric ("
                + Arrays.stream(values()).map(Metric::unit).collect(Collectors.joining(", ")) + ")");
    }
}
