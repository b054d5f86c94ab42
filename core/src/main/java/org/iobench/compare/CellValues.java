package org.iobench.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.store.Sample;
import org.iobench.store.SampleTiming;

/**
 * The values a comparison works with for one workload in one selection (a side of an A/B table, a column of a
 * {@code --by} table), one per repetition. A run on its own or a test of one job gives its repetitions' values. A
 * test of a parallel group gives one value per execution and repetition: the group's aggregate, all members' bytes
 * over the longest member's time (the suite's "total"), and keeps each member's mean for the per-job figure
 * ({@code 2x44.5}).
 *
 * @param values      finite, one per repetition (per execution and repetition of a group), in the order taken
 * @param memberMeans the mean value of each group member over its repetitions, in member order; one value (the mean
 *                    of {@code values}) outside a group
 * @param leftOut     repetitions that could not be used: no time kept without the sync (runs saved before iobench
 *                    kept it), or an execution of a group that lacks a complete member
 */
public record CellValues(double[] values, double[] memberMeans, int leftOut) {

    /** The values of {@code samples} (one workload, one selection) in {@code metric}, with or without the sync. */
    public static CellValues of(List<Sample> samples, Metric metric, boolean withSync) {
        int members = samples.stream().mapToInt(s -> s.test() == null ? 1 : s.test().members()).max().orElse(1);
        return members > 1 ? group(samples, members, metric, withSync) : single(samples, metric, withSync);
    }

    private static CellValues single(List<Sample> samples, Metric metric, boolean withSync) {
        double[] values = samples.stream().mapToDouble(s -> metric.of(s, withSync)).filter(Double::isFinite)
                .toArray();
        return new CellValues(values, new double[] {Arrays.stream(values).average().orElse(Double.NaN)},
                samples.size() - values.length);
    }

    private static CellValues group(List<Sample> samples, int members, Metric metric, boolean withSync) {
        record Execution(long testRun, int repetition) {}
        Map<Execution, Sample[]> executions = new LinkedHashMap<>();
        for (Sample s : samples) {
            int m = s.test() == null ? 1 : s.test().member();
            executions.computeIfAbsent(new Execution(s.testRun(), s.repetition()), k -> new Sample[members])[m - 1] = s;
        }
        List<Double> values = new ArrayList<>();
        List<List<Double>> perMember = new ArrayList<>();
        for (int m = 0; m < members; m++) {
            perMember.add(new ArrayList<>());
        }
        int leftOut = 0;
        for (Sample[] run : executions.values()) {
            double value = aggregate(run, metric, withSync);
            if (!Double.isFinite(value)) {
                leftOut++;
                continue;
            }
            values.add(value);
            for (int m = 0; m < members; m++) {
                perMember.get(m).add(metric.of(run[m], withSync));
            }
        }
        double[] memberMeans = perMember.stream()
                .mapToDouble(v -> v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN)).toArray();
        return new CellValues(values.stream().mapToDouble(Double::doubleValue).toArray(), memberMeans, leftOut);
    }

    /** All members' bytes (and operations) over the longest member's time; NaN if a member or its time is missing. */
    private static double aggregate(Sample[] run, Metric metric, boolean withSync) {
        double bytes = 0;
        double ops = 0;
        long longest = 0;
        for (Sample s : run) {
            if (s == null || s.timing() == null) {
                return Double.NaN;
            }
            SampleTiming t = s.timing();
            bytes += t.bytes();
            ops += s.iops() * t.elapsedNanos() / 1e9;
            longest = Math.max(longest, t.nanos(withSync));
        }
        return longest <= 0 ? Double.NaN : metric.of(bytes * 1e9 / longest, ops * 1e9 / longest);
    }
}
