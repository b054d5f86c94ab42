package org.iobench.compare;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.iobench.store.Sample;
import org.iobench.store.SampleTiming;

/**
 * What a comparison compares, per repetition. For I/O runs: throughput in a named unit (MB = 10^6 bytes, MiB =
 * 2^20, as dd and STYLE.md print them) or operations per second, both higher-is-better. For micro-benchmark runs
 * (source {@code micro}), whose repetitions are the samples of one variant: nanoseconds per call (lower is better)
 * or calls per second (higher is better).
 */
public enum Metric {
    MB_S("MB/s", 1e6),
    MIB_S("MiB/s", 1 << 20),
    KB_S("KB/s", 1e3),
    KIB_S("KiB/s", 1 << 10),
    GB_S("GB/s", 1e9),
    IOPS("IOPS", 0),
    /** Micro-benchmarks: nanoseconds per call of the variant. */
    NS_OP("ns/op", 0),
    /** Micro-benchmarks: calls of the variant per second. */
    OPS_S("ops/s", 0);

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
        return this == NS_OP ? Direction.LOWER_IS_BETTER : Direction.HIGHER_IS_BETTER;
    }

    /** True for the metrics of micro-benchmark runs ({@link WorkloadKey#isMicro()}), false for those of I/O runs. */
    public boolean micro() {
        return this == NS_OP || this == OPS_S;
    }

    /**
     * The value of one repetition in this metric's unit. A micro-benchmark sample is stored as operations per
     * second ({@link Sample#iops()}), so ns/op is {@code 1e9 / iops}.
     */
    public double of(Sample s) {
        return of(s.bytesPerSecond(), s.iops());
    }

    /**
     * The value of one repetition with the final sync's time ({@code withSync}) or without it. Where the repetition's
     * bytes and times were kept ({@link Sample#timing()}), the rate is the bytes it counts (a copy's bytes copied)
     * over that time; else, with the sync, the stored rate, and without it NaN (not known).
     */
    public double of(Sample s, boolean withSync) {
        SampleTiming t = s.timing();
        if (t == null || micro()) {
            return withSync ? of(s) : Double.NaN;
        }
        long nanos = t.nanos(withSync);
        if (nanos <= 0) {
            return Double.NaN;
        }
        return of(t.bytes() * 1e9 / nanos, withSync ? s.iops() : s.iops() * t.elapsedNanos() / nanos);
    }

    /** The value of rates given as bytes and operations per second (micro-benchmarks: calls per second). */
    public double of(double bytesPerSecond, double opsPerSecond) {
        return switch (this) {
            case IOPS, OPS_S -> opsPerSecond;
            case NS_OP -> 1e9 / opsPerSecond;
            default -> bytesPerSecond / bytesPerUnit;
        };
    }

    /** {@code MB/s}, {@code mbps}, {@code iops}, {@code KiB/s}, {@code ns/op}, {@code ops/s}...: case-insensitive; {@code bw} is MB/s. */
    public static Metric parse(String text) {
        String raw = text.strip().toLowerCase(Locale.ROOT);
        if (raw.equals("ns/op") || raw.equals("ns")) {
            return NS_OP;
        }
        if (raw.equals("ops/s") || raw.equals("op/s") || raw.equals("ops")) {
            return OPS_S;
        }
        String t = raw.replace("ps", "/s").replace("//", "/");
        if (t.equals("bw") || t.equals("throughput")) {
            return MB_S;
        }
        if (t.equals("io/s") || t.equals("iops")) {
            return IOPS;
        }
        for (Metric m : values()) {
            if (m != IOPS && !m.micro() && m.unit.toLowerCase(Locale.ROOT).equals(t)) {
                return m;
            }
        }
        throw new IllegalArgumentException("--metric: '" + text + "' is not a metric ("
                + Arrays.stream(values()).map(Metric::unit).collect(Collectors.joining(", ")) + ")");
    }
}
