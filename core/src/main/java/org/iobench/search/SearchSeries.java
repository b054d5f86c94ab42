package org.iobench.search;

import java.util.Arrays;
import java.util.Optional;

/**
 * The series label every step of one {@code saturate} search carries ({@code job.series}):
 * {@code saturate AXIS [TARGET] NAME WHEN}, for example {@code saturate threads randread-4KiB 2026-12-02T16:50:00Z}
 * or {@code saturate iodepth p99<=2ms randread-4KiB 2026-12-02T16:50:00Z}. It says what was searched, so a store's
 * steps can be concluded again as the search concluded them ({@link SearchReplay}).
 *
 * @param axis   what the search raised
 * @param target the latency target of a latency-targeted search; null for a saturation search (and for the steps
 *               of a latency-targeted search stored before the label named its target)
 * @param name   the job's name
 * @param when   when the search started (an instant, to the millisecond; to the second in searches stored before)
 */
public record SearchSeries(Axis axis, LatencyTarget target, String name, String when) {
    private static final String PREFIX = "saturate";

    /** The label, as {@link #parse} reads it. */
    public String label() {
        return PREFIX + " " + axis + (target == null ? "" : " " + target.label()) + " " + name + " " + when;
    }

    /** The label without the job's name, {@code saturate threads 2026-12-02T16:50:00.123Z}: what tells two searches of one job apart. */
    public String search() {
        return PREFIX + " " + axis + (target == null ? "" : " " + target.label()) + " " + when;
    }

    /** The search a series label names, or empty when it is not a search's. */
    public static Optional<SearchSeries> parse(String series) {
        if (series == null) {
            return Optional.empty();
        }
        String[] w = series.trim().split(" +");
        if (w.length < 4 || !w[0].equals(PREFIX)) {
            return Optional.empty();
        }
        Optional<Axis> axis = Axis.byLabel(w[1]);
        if (axis.isEmpty()) {
            return Optional.empty();
        }
        LatencyTarget target = null;
        int from = 2;
        if (w.length > 4 && w[2].startsWith("p") && w[2].contains("<=")) {
            try {
                target = LatencyTarget.parse(w[2]);
                from = 3;
            } catch (RuntimeException notATarget) {
                // a job whose name looks like one
            }
        }
        return Optional.of(new SearchSeries(axis.get(), target,
                String.join(" ", Arrays.copyOfRange(w, from, w.length - 1)), w[w.length - 1]));
    }
}
