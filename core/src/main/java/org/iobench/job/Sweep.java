package org.iobench.job;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The cartesian product of block sizes, thread counts and queue depths over a base job: one job per point, in
 * order (block size outermost), all carrying the same {@link JobSpec#series} label so the points are stored and
 * shown together.
 */
public final class Sweep {
    private Sweep() {}

    /** The points; axes that are null keep the base's value. A single point is the base job, unlabelled. */
    public static List<JobSpec> expand(JobSpec base, SweepAxis bs, SweepAxis threads, SweepAxis iodepth) {
        List<Long> bsValues = bs == null ? List.of(base.workload().blockSize()) : bs.values();
        List<Long> threadValues = threads == null ? List.of((long) base.queue().threads()) : threads.values();
        List<Long> depthValues = iodepth == null ? List.of((long) base.queue().iodepth()) : iodepth.values();
        long points = (long) bsValues.size() * threadValues.size() * depthValues.size();
        if (points > SweepAxis.MAX_POINTS) {
            throw new InvalidJobException("sweep of " + points + " points is more than " + SweepAxis.MAX_POINTS);
        }
        String label = label(base, bs, threads, iodepth);
        List<JobSpec> out = new ArrayList<>();
        for (long b : bsValues) {
            for (long t : threadValues) {
                for (long q : depthValues) {
                    JobSpec.Builder j = base.toBuilder().blockSize(b).threads(Math.toIntExact(t))
                            .iodepth(Math.toIntExact(q)).batch(Math.min(base.queue().batch(), Math.toIntExact(q)));
                    if (points > 1) {
                        j.series(label).name(pointName(base, b, t, q, bs, threads, iodepth));
                    }
                    out.add(j.build());
                }
            }
        }
        return out;
    }

    /** {@code "randwrite bs=4k..1m threads=64"}: the series label, from the options as typed. */
    static String label(JobSpec base, SweepAxis bs, SweepAxis threads, SweepAxis iodepth) {
        return Stream.of(base.workload().rw().label(), part("bs", bs), part("threads", threads), part("iodepth",
                iodepth))
                .filter(s -> !s.isEmpty()).collect(Collectors.joining(" "));
    }

    private static String part(String key, SweepAxis axis) {
        return axis == null ? "" : key + "=" + axis.text();
    }

    /** The point's own name: only the axes that vary ({@code "4KiB"}, {@code "4KiB T2"}, {@code "T4 Q8"}). */
    public static String pointName(JobSpec base, long bs, long threads, long depth, SweepAxis bsAxis,
                                   SweepAxis threadAxis, SweepAxis depthAxis) {
        List<String> parts = new ArrayList<>();
        if (bsAxis != null && bsAxis.sweeps()) {
            parts.add(Sizes.binary(bs));
        }
        if (threadAxis != null && threadAxis.sweeps()) {
            parts.add("T" + threads);
        }
        if (depthAxis != null && depthAxis.sweeps()) {
            parts.add("Q" + depth);
        }
        return String.join(" ", parts);
    }
}
