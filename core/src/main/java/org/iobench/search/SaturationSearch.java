package org.iobench.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Raises parallelism step by step (doubling) until throughput stops growing or latency explodes, like pushing a
 * device to its limits by hand with {@code iot -W1, -W2, ... -W64}.
 *
 * <p>Rules ({@link SaturationRules#DEFAULT}): stop when the last two steps each stayed below 105 % of the
 * throughput two steps back (the <em>knee</em> is that earlier point); stop when a step's p99 is more than 4 times
 * the previous step's (the knee is then the step before); stop at {@code max} or at a point cut short. The best
 * setting is the point with the highest throughput, a point whose latency exploded excluded.
 *
 * <pre>
 * Curve c = new SaturationSearch(measurer, SaturationRules.DEFAULT).run(new Setting(1, 1, 0), Axis.THREADS, 256);
 * c.knee().setting().threads();
 * </pre>
 */
public final class SaturationSearch {
    private final PointMeasurer measurer;
    private final SaturationRules rules;

    public SaturationSearch(PointMeasurer measurer, SaturationRules rules) {
        this.measurer = measurer;
        this.rules = rules;
    }

    /**
     * Searches {@code axis} from {@code start}'s level up to {@code max}. {@link Axis#AUTO} climbs threads first,
     * then queue depth at the knee's thread count (the best's when the threads never flattened), both up to
     * {@code max}.
     */
    public Curve run(Setting start, Axis axis, int max) throws IOException {
        if (axis == Axis.RATE) {
            throw new IllegalArgumentException("a saturation search raises parallelism, not a rate");
        }
        if (axis != Axis.AUTO) {
            return climb(axis, null, start, (int) start.level(axis), max);
        }
        Curve threads = climb(Axis.THREADS, null, start, start.threads(), max);
        Point base = threads.knee() != null ? threads.knee() : threads.best();
        if (threads.stop() == Stop.INCOMPLETE || base == null || base.setting().iodepth() * 2 > max) {
            return new Curve(Axis.AUTO, threads.points(), threads.knee(), threads.best(), threads.stop(), null);
        }
        Curve depth = climb(Axis.IODEPTH, base, base.setting(), base.setting().iodepth() * 2, max);
        List<Point> points = new ArrayList<>(threads.points());
        points.addAll(depth.points().subList(1, depth.points().size()));
        Point best = Stream.of(threads.best(), depth.best()).filter(Objects::nonNull)
                .max(Comparator.comparingDouble(Point::iops)).orElse(null);
        return new Curve(Axis.AUTO, points, depth.knee(), best, depth.stop(), null);
    }

    /** Doubles {@code axis} from {@code first}; {@code from}, if given, is an already measured point below it. */
    private Curve climb(Axis axis, Point from, Setting start, int first, int max) throws IOException {
        List<Point> points = new ArrayList<>();
        if (from != null) {
            points.add(from);
        }
        Stop stop = Stop.LIMIT;
        for (int level : Levels.doubling(first, Math.max(first, max))) {
            if (level > max) {
                break;
            }
            Point p = measurer.measure(start.with(axis, level));
            points.add(p);
            if (!p.complete()) {
                stop = Stop.INCOMPLETE;
                break;
            }
            if (rules.latencyExploded(points)) {
                stop = Stop.LATENCY_EXPLODED;
                break;
            }
            if (rules.plateau(points)) {
                stop = Stop.PLATEAU;
                break;
            }
        }
        List<Point> usable = points.stream().filter(Point::complete).toList();
        Point knee;
        if (stop == Stop.LATENCY_EXPLODED) {
            usable = usable.subList(0, usable.size() - 1);
            knee = usable.getLast();
        } else {
            knee = Knee.find(usable, rules);
        }
        Point best = usable.stream().max(Comparator.comparingDouble(Point::iops)).orElse(null);
        return new Curve(axis, points, knee, best, stop, null);
    }
}
