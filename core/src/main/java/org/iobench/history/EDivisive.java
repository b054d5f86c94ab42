package org.iobench.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points of a series by E-Divisive means (Matteson &amp; James, "A Nonparametric Approach for Multiple
 * Change Point Analysis of Multivariate Data", 2014), the method Apache Otava (Hunter) and MongoDB's CI use for
 * performance histories, adapted to points that each hold several samples.
 *
 * <ol>
 *   <li><b>Search.</b> In every segment (at first, the whole series) the split between two points with the largest
 *       divergence statistic Q ({@link EnergySweep}) is that segment's candidate; the candidate with the largest Q
 *       over all segments is tested. All samples of a point take part, so repetitions are weighed, not averaged.</li>
 *   <li><b>Permutation test.</b> The units of every segment ({@link Exchangeable}: whole runs by default) are
 *       shuffled within their segment {@code permutations} times with a seeded generator, and the largest Q of each
 *       shuffled series is recorded; the p-value is {@code (b + 1) / (R + 1)} for the b of R shuffles at least as
 *       divergent as the candidate. At most alpha: the split is kept and the search goes on in both halves (the
 *       hierarchy); otherwise the search stops. A test that can no longer reach alpha stops shuffling early.</li>
 *   <li><b>Minimum magnitude.</b> As in Hunter's merge step, the change point whose mean shift between its
 *       neighbouring segments is smallest is dropped while that shift is below {@code minChange}, and the shifts of
 *       its neighbours are recomputed.</li>
 * </ol>
 *
 * <p>Splits lie only between points, so a change is always between two runs (or two label values). Q is computed
 * against the rest of the segment ({@code κ} = the segment's end, the "E-Divisive means" variant), which keeps a
 * pass at {@code O(S log S)} for S samples. Deterministic: the same points and options give the same result.
 */
public final class EDivisive {
    /** Relative tolerance under which a shuffled Q counts as equal to the candidate's (sums in another order). */
    private static final double TIE = 1e-9;

    private EDivisive() {}

    /**
     * The change points of {@code points}, in index order.
     *
     * @param points for each point of the series in order, its runs, each an array of samples (one or more per
     *               point in all); values must be finite
     * @throws IllegalArgumentException if a point has no sample or a value is NaN or infinite
     */
    public static List<ChangePoint> detect(List<double[][]> points, ChangePointOptions options) {
        Series series = Series.of(points, options.exchangeable());
        List<Segment> segments = new ArrayList<>();
        segments.add(series.segment(0, points.size()));
        List<Found> found = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(options.seed());
        while (true) {
            Segment candidate = segments.stream().filter(s -> s.best.slot() >= 0)
                    .max(Comparator.comparingDouble(s -> s.best.q())).orElse(null);
            if (candidate == null) {
                break;
            }
            double p = permutationTest(segments, candidate.best.q(), random, options);
            if (!(p <= options.alpha())) {
                break;
            }
            int cut = candidate.pointAfter(candidate.best.slot());
            found.add(new Found(cut, p));
            int at = segments.indexOf(candidate);
            segments.set(at, series.segment(candidate.from, cut));
            segments.add(at + 1, series.segment(cut, candidate.to));
        }
        found.sort(Comparator.comparingInt(Found::index));
        dropSmallShifts(found, series, options.minChange());
        List<ChangePoint> out = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            int index = found.get(i).index();
            int from = i == 0 ? 0 : found.get(i - 1).index();
            int to = i == found.size() - 1 ? points.size() : found.get(i + 1).index();
            out.add(new ChangePoint(index, found.get(i).pValue(), series.mean(from, index), series.mean(index, to)));
        }
        return List.copyOf(out);
    }

    /**
     * The p-value of a candidate with statistic {@code q}, or a value above alpha as soon as the test can no longer
     * reach alpha.
     */
    private static double permutationTest(List<Segment> segments, double q, SplittableRandom random,
                                          ChangePointOptions options) {
        int r = options.permutations();
        double limit = options.alpha() * (r + 1);
        double threshold = q - TIE * Math.abs(q);
        int atLeast = 0;
        for (int i = 0; i < r; i++) {
            double max = Double.NEGATIVE_INFINITY;
            for (Segment s : segments) {
                if (s.best.slot() >= 0) {
                    max = Math.max(max, s.sweep.best(s.shuffled(random)).q());
                }
            }
            if (max >= threshold) {
                atLeast++;
                if (atLeast + 1 > limit) {
                    return (atLeast + 1.0) / (r + 1);
                }
            }
        }
        return (atLeast + 1.0) / (r + 1);
    }

    /** Hunter's merge: drops the weakest change point while its shift is below {@code minChange}. */
    private static void dropSmallShifts(List<Found> found, Series series, double minChange) {
        while (!found.isEmpty()) {
            int weakest = -1;
            double smallest = Double.POSITIVE_INFINITY;
            for (int i = 0; i < found.size(); i++) {
                int index = found.get(i).index();
                int from = i == 0 ? 0 : found.get(i - 1).index();
                int to = i == found.size() - 1 ? series.points() : found.get(i + 1).index();
                double before = series.mean(from, index);
                double shift = before == 0 ? Double.POSITIVE_INFINITY
                        : Math.abs(series.mean(index, to) / before - 1);
                if (shift < smallest) {
                    smallest = shift;
                    weakest = i;
                }
            }
            if (smallest >= minChange) {
                return;
            }
            found.remove(weakest);
        }
    }

    /** A kept split: the first point after it and the p-value of its test. */
    private record Found(int index, double pValue) {}

    /** The points as exchangeable units (scaled to a mean of about 1) and per-point prefix sums of the samples. */
    private record Series(List<List<double[]>> unitsByPoint, double[] prefixSum, long[] prefixCount) {
        static Series of(List<double[][]> points, Exchangeable exchangeable) {
            double sum = 0;
            long count = 0;
            double[] prefixSum = new double[points.size() + 1];
            long[] prefixCount = new long[points.size() + 1];
            for (int p = 0; p < points.size(); p++) {
                long n = 0;
                for (double[] run : points.get(p)) {
                    for (double v : run) {
                        if (!Double.isFinite(v)) {
                            throw new IllegalArgumentException("point " + p + ": value " + v + " is not finite");
                        }
                        sum += v;
                        n++;
                    }
                }
                if (n == 0) {
                    throw new IllegalArgumentException("point " + p + " has no sample");
                }
                count += n;
                prefixSum[p + 1] = sum;
                prefixCount[p + 1] = count;
            }
            double scale = count == 0 || sum == 0 ? 1 : Math.abs(sum / count);
            List<List<double[]>> units = new ArrayList<>();
            for (double[][] point : points) {
                List<double[]> u = new ArrayList<>();
                for (double[] run : point) {
                    if (run.length == 0) {
                        continue;
                    }
                    double[] scaled = new double[run.length];
                    for (int i = 0; i < run.length; i++) {
                        scaled[i] = run[i] / scale;
                    }
                    if (exchangeable == Exchangeable.RUNS) {
                        u.add(scaled);
                    } else {
                        for (double v : scaled) {
                            u.add(new double[] {v});
                        }
                    }
                }
                units.add(u);
            }
            return new Series(units, prefixSum, prefixCount);
        }

        int points() {
            return unitsByPoint.size();
        }

        /** Mean of every sample of points {@code from..to-1}, in the original unit. */
        double mean(int from, int to) {
            return (prefixSum[to] - prefixSum[from]) / (prefixCount[to] - prefixCount[from]);
        }

        Segment segment(int from, int to) {
            List<double[]> units = new ArrayList<>();
            List<Boolean> cuts = new ArrayList<>();
            List<Integer> after = new ArrayList<>();
            for (int p = from; p < to; p++) {
                List<double[]> u = unitsByPoint.get(p);
                for (int i = 0; i < u.size(); i++) {
                    units.add(u.get(i));
                    cuts.add(i == u.size() - 1 && p < to - 1);
                    after.add(p + 1);
                }
            }
            boolean[] cutAfter = new boolean[cuts.size()];
            int[] pointAfter = new int[after.size()];
            for (int i = 0; i < cutAfter.length; i++) {
                cutAfter[i] = cuts.get(i);
                pointAfter[i] = after.get(i);
            }
            return new Segment(from, to, new EnergySweep(units.toArray(double[][]::new), cutAfter), pointAfter);
        }
    }

    /** Points {@code from..to-1}, their sweep and best split in the observed order. */
    private static final class Segment {
        final int from;
        final int to;
        final EnergySweep sweep;
        final EnergySweep.Split best;
        private final int[] pointAfter;
        private final int[] order;

        Segment(int from, int to, EnergySweep sweep, int[] pointAfter) {
            this.from = from;
            this.to = to;
            this.sweep = sweep;
            this.pointAfter = pointAfter;
            this.order = new int[sweep.slots()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            this.best = sweep.best(order.clone());
        }

        int pointAfter(int slot) {
            return pointAfter[slot];
        }

        /** A uniformly random order of this segment's units (Fisher-Yates, in place over the previous order). */
        int[] shuffled(SplittableRandom random) {
            for (int i = order.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            return order;
        }
    }
}
