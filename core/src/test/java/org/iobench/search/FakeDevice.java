package org.iobench.search;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntToDoubleFunction;
import java.util.function.ToDoubleFunction;
import org.iobench.result.LatencySummary;

/**
 * A device whose curve is known: throughput and p99 as functions of the parallelism level (or of the rate), so a
 * search's answer can be checked exactly. Records the settings it was asked for.
 */
final class FakeDevice implements PointMeasurer {
    static final long BLOCK = 4096;
    private final Axis axis;
    private final ToDoubleFunction<Setting> iops;
    private final ToDoubleFunction<Setting> p99Ns;
    private final DoubleUnaryOperator rateP99Ns;
    final List<Setting> asked = new ArrayList<>();
    private int failAtCall = -1;

    private FakeDevice(Axis axis, ToDoubleFunction<Setting> iops, ToDoubleFunction<Setting> p99Ns,
                       DoubleUnaryOperator rateP99) {
        this.axis = axis;
        this.iops = iops;
        this.p99Ns = p99Ns;
        this.rateP99Ns = rateP99;
    }

    /** Throughput and p99 by level of {@code axis}, unthrottled. */
    static FakeDevice byLevel(Axis axis, IntToDoubleFunction iops, IntToDoubleFunction p99Ns) {
        return new FakeDevice(axis, s -> iops.applyAsDouble((int) s.level(axis)),
                s -> p99Ns.applyAsDouble((int) s.level(axis)), null);
    }

    /** Throughput and p99 as functions of the whole setting (threads and depth). */
    static FakeDevice bySetting(ToDoubleFunction<Setting> iops, ToDoubleFunction<Setting> p99Ns) {
        return new FakeDevice(Axis.AUTO, iops, p99Ns, null);
    }

    /**
     * A queue with a ceiling: unthrottled it does {@code maxIops} at {@code unthrottledP99Ns}; paced at r it does r,
     * with a corrected p99 of {@code rateP99(r)}.
     */
    static FakeDevice byRate(double maxIops, double unthrottledP99Ns, DoubleUnaryOperator rateP99) {
        return new FakeDevice(Axis.RATE, s -> maxIops, s -> unthrottledP99Ns, rateP99);
    }

    /** The n-th measurement (0-based) comes back incomplete, as after an I/O error. */
    FakeDevice failingAt(int call) {
        failAtCall = call;
        return this;
    }

    @Override
    public Point measure(Setting s) {
        asked.add(s);
        double rate = s.rateOpsPerSecond();
        double ops = rate > 0 ? Math.min(rate, iops.applyAsDouble(s)) : iops.applyAsDouble(s);
        long p99 = Math.round(rate > 0 ? rateP99Ns.applyAsDouble(rate) : p99Ns.applyAsDouble(s));
        LatencySummary l = new LatencySummary(1000, p99 / 10, p99 / 3.0, p99 / 3, p99 / 2, p99, p99, p99, p99);
        boolean complete = asked.size() - 1 != failAtCall;
        return new Point(s, ops, ops * BLOCK, l, rate > 0, complete, null);
    }

    List<Long> levelsAsked() {
        return asked.stream().map(s -> s.level(axis)).toList();
    }
}
