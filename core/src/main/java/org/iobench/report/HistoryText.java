package org.iobench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.iobench.compare.Direction;
import org.iobench.history.ChangePoint;
import org.iobench.history.ChangePointOptions;
import org.iobench.history.Exchangeable;
import org.iobench.history.HistoryPoint;
import org.iobench.history.HistorySet;
import org.iobench.history.HistoryTables;
import org.iobench.history.WorkloadHistory;
import org.iobench.table.Formats;
import org.iobench.table.Table;
import org.iobench.table.TableFormat;

/**
 * {@code iobench history} as text or Markdown: per workload a heading line, a sparkline of the point means with
 * {@code │} at each change point, and its segments (or, with {@code points}, every point); then the legend.
 *
 * <pre>
 * randread 4KiB 1 thread qd1 direct sync none: 40 runs by time, 1 change point
 *   ▇▇▇▆▇▇▇▇│▃▃▂▃▃▃▃▃  398.2 .. 531.0 MB/s
 * runs      first (UTC)  ...  mean MB/s    cv         change      p
 * #1..#20   ...                   512.3  2.1%
 * #21..#40  ...                   401.2  2.3%  -21.7% worse  0.005
 * </pre>
 */
public final class HistoryText {
    /** Characters of a sparkline; longer histories are averaged into this many. */
    public static final int SPARK_WIDTH = 72;

    private HistoryText() {}

    /** @param format {@link TableFormat#TEXT} or {@link TableFormat#MARKDOWN} */
    public static String render(HistorySet set, TableFormat format, boolean everyPoint) {
        boolean md = format == TableFormat.MARKDOWN;
        StringBuilder out = new StringBuilder();
        boolean bucketed = false;
        List<String> labels = set.labels();
        for (int w = 0; w < set.workloads().size(); w++) {
            WorkloadHistory h = set.workloads().get(w);
            int n = h.points().size();
            int changes = h.changePoints().size();
            String heading = labels.get(w) + ": " + n + (set.order().byTime() ? (n == 1 ? " run" : " runs")
                    : (n == 1 ? " value of " : " values of ") + set.order().label()) + " "
                    + (set.order().byTime() ? "by time" : "in natural order") + ", "
                    + (changes == 0 ? "no change point" : changes == 1 ? "1 change point" : changes + " change points");
            out.append(md ? "### " + heading : heading).append('\n');
            if (md) {
                out.append('\n');
            }
            double[] means = h.points().stream().mapToDouble(HistoryPoint::mean).toArray();
            bucketed |= n > SPARK_WIDTH;
            double min = Arrays.stream(means).min().orElse(Double.NaN);
            double max = Arrays.stream(means).max().orElse(Double.NaN);
            int decimals = Formats.decimalsFor(min, max);
            String spark = Sparkline.of(means, h.changePoints().stream().map(ChangePoint::index).toList(),
                    SPARK_WIDTH) + "  " + Formats.fixed(min, decimals) + " .. " + Formats.fixed(max, decimals) + " "
                    + set.metric().unit();
            out.append(md ? "`" + spark + "`\n\n" : "  " + spark + "\n");
            Table t = everyPoint ? HistoryTables.points(set, h) : HistoryTables.segments(set, h);
            out.append(format.writer().render(t));
            out.append('\n');
        }
        List<String> notes = legend(set, bucketed);
        for (String note : notes) {
            out.append(note).append(md ? "  \n" : "\n");
        }
        return out.toString();
    }

    static List<String> legend(HistorySet set, boolean bucketed) {
        List<String> notes = new ArrayList<>();
        ChangePointOptions o = set.options();
        notes.add(set.metric().unit() + " per repetition; change points by E-Divisive means: alpha "
                + Formats.plain(o.alpha()) + ", minimum magnitude " + Formats.plain(o.minChange() * 100) + "%, "
                + o.permutations() + " permutations of " + (o.exchangeable() == Exchangeable.RUNS ? "whole runs"
                : "single repetitions") + ", seed " + o.seed());
        boolean higher = set.metric().direction() == Direction.HIGHER_IS_BETTER;
        notes.add("change: shift of the mean from the previous segment (" + (higher ? "higher" : "lower")
                + " is better); p: permutation test when the change point was found");
        if (bucketed) {
            notes.add("sparklines of more than " + SPARK_WIDTH + " points average several points per character;"
                    + " │ marks the character holding the first point after a change");
        }
        if (set.unlabelledRuns() > 0) {
            notes.add(String.format(Locale.ROOT, "left out: %d selected run%s without the label %s",
                    set.unlabelledRuns(), set.unlabelledRuns() == 1 ? "" : "s", set.order().label()));
        }
        if (set.workloads().isEmpty()) {
            notes.add("no workload to show");
        }
        return notes;
    }
}
