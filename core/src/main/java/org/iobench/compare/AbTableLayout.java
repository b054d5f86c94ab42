package org.iobench.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.iobench.table.Cell;
import org.iobench.table.Column;
import org.iobench.table.Formats;
import org.iobench.table.Row;
import org.iobench.table.Table;

/**
 * Lays an {@link AbComparison} out as a {@link Table}, LKML style:
 *
 * <pre>
 *          w/o patch KB/s          with patch KB/s
 * bsize    n    min    avg    max  n    min    avg    max   gain %       p
 * 4K       3    317    318    319  3    417    420    423  +32.1% *  &lt;0.001
 * 256K     3  15456  15574  15805  3  15406  15545  15751   -0.2% ~   0.862
 * geomean          4264                    5091            +19.4%
 * </pre>
 *
 * Min, avg and max share one number of decimals ({@link Formats#decimalsFor}). The gain of the mean is always
 * printed, with {@code *} beside it when the row's test is significant and {@code ~} when it is not; the footnote
 * names the test that ran. With {@code benchstat}, benchstat's form instead: median, the 95 % confidence interval's
 * half-width in % of it, n, and the change of the median, {@code ~} in its place when not significant. Warnings
 * become footnotes.
 *
 * @param title line above the table; {@code ""} for none
 * @param workloadHeader header of the first column, for example {@code "bsize"}
 * @param baseName group header of the base columns, for example {@code "w/o patch"}
 * @param candidateName group header of the new columns, for example {@code "with patch"}
 * @param unit unit of the values, appended to the group headers, for example {@code "KB/s"};
 *     {@code ""} for none
 * @param benchstat benchstat's presentation (median ± CI, {@code ~} instead of insignificant changes)
 */
public record AbTableLayout(String title, String workloadHeader, String baseName, String candidateName, String unit,
                            boolean benchstat) {

    public AbTableLayout {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(workloadHeader, "workloadHeader");
        Objects.requireNonNull(baseName, "baseName");
        Objects.requireNonNull(candidateName, "candidateName");
        Objects.requireNonNull(unit, "unit");
    }

    /** The iot sweep's presentation (the mailing-list layout): n, min, avg, max per side and the gain with its mark. */
    public AbTableLayout(String title, String workloadHeader, String baseName, String candidateName, String unit) {
        this(title, workloadHeader, baseName, candidateName, unit, false);
    }

    public Table toTable(AbComparison comparison) {
        return benchstat ? benchstatTable(comparison) : seedTable(comparison);
    }

    private Table seedTable(AbComparison comparison) {
        String baseGroup = group(baseName);
        String newGroup = group(candidateName);
        List<Column> columns = List.of(
                Column.left("workload", workloadHeader),
                Column.right("base_n", baseGroup, "n"),
                Column.right("base_min", baseGroup, "min"),
                Column.right("base_avg", baseGroup, "avg"),
                Column.right("base_max", baseGroup, "max"),
                Column.right("new_n", newGroup, "n"),
                Column.right("new_min", newGroup, "min"),
                Column.right("new_avg", newGroup, "avg"),
                Column.right("new_max", newGroup, "max"),
                Column.right("gain_pct", "gain %"),
                Column.right("p", "p"));
        int decimals = decimals(comparison);
        List<Row> rows = new ArrayList<>();
        for (AbRow r : comparison.rows()) {
            rows.add(Row.of(
                    Cell.text(r.workload()),
                    count(r.base().n()),
                    number(r.base().min(), decimals),
                    number(r.base().mean(), decimals),
                    number(r.base().max(), decimals),
                    count(r.candidate().n()),
                    number(r.candidate().min(), decimals),
                    number(r.candidate().mean(), decimals),
                    number(r.candidate().max(), decimals),
                    Cell.number(r.gainPercent(), Formats.signedPercent(r.gainPercent(), 1) + " " + mark(r)),
                    Cell.number(r.test().pValue(), Formats.pValue(r.test().pValue()))));
        }
        Geomean g = comparison.geomean();
        rows.add(Row.of(
                Cell.text("geomean"),
                Cell.empty(), Cell.empty(), number(g.base(), decimals), Cell.empty(),
                Cell.empty(), Cell.empty(), number(g.candidate(), decimals), Cell.empty(),
                Cell.number(g.gainPercent(), Formats.signedPercent(g.gainPercent(), 1) + "  "),
                Cell.empty()));
        List<String> notes = new ArrayList<>();
        AbOptions o = comparison.options();
        notes.add("gain: change of the mean, positive is better (" + better(o) + " is better); *: significant at"
                + " alpha " + Formats.plain(o.alpha()) + ", ~: not (p: " + testsThatRan(comparison) + ", two-sided)");
        notes.addAll(footnotes(comparison));
        return new Table(title, columns, rows, notes);
    }

    private Table benchstatTable(AbComparison comparison) {
        String baseGroup = group(baseName);
        String newGroup = group(candidateName);
        List<Column> columns = List.of(
                Column.left("workload", workloadHeader),
                Column.right("base_median", baseGroup, "median"),
                Column.right("base_ci_pct", baseGroup, "+/-"),
                Column.right("base_n", baseGroup, "n"),
                Column.right("new_median", newGroup, "median"),
                Column.right("new_ci_pct", newGroup, "+/-"),
                Column.right("new_n", newGroup, "n"),
                Column.right("delta_pct", "delta"),
                Column.right("p", "p"));
        List<Double> medians = new ArrayList<>();
        comparison.rows().forEach(r -> medians.addAll(List.of(r.base().median(), r.candidate().median())));
        int decimals = Formats.decimalsFor(medians.stream().mapToDouble(Double::doubleValue).toArray());
        Direction direction = comparison.options().direction();
        List<Row> rows = new ArrayList<>();
        for (AbRow r : comparison.rows()) {
            double delta = direction.gainPercent(r.base().median(), r.candidate().median());
            rows.add(Row.of(
                    Cell.text(r.workload()),
                    number(r.base().median(), decimals), ci(r.base()), count(r.base().n()),
                    number(r.candidate().median(), decimals), ci(r.candidate()), count(r.candidate().n()),
                    Cell.number(delta, r.significant() ? Formats.signedPercent(delta, 1) : "~"),
                    Cell.number(r.test().pValue(), Formats.pValue(r.test().pValue()))));
        }
        double base = geomean(comparison.rows().stream().mapToDouble(r -> r.base().median()).toArray());
        double candidate = geomean(comparison.rows().stream().mapToDouble(r -> r.candidate().median()).toArray());
        double gain = direction.gainPercent(base, candidate);
        rows.add(Row.of(Cell.text("geomean"), number(base, decimals), Cell.empty(), Cell.empty(),
                number(candidate, decimals), Cell.empty(), Cell.empty(),
                Cell.number(gain, Formats.signedPercent(gain, 1)), Cell.empty()));
        AbOptions o = comparison.options();
        List<String> notes = new ArrayList<>();
        notes.add("median +/- half-width of the 95% confidence interval of the mean (Student t), in % of the median;"
                + " delta: change of the median, positive is better (" + better(o) + " is better); ~: not significant"
                + " at alpha " + Formats.plain(o.alpha()) + " (p: " + testsThatRan(comparison) + ", two-sided)");
        notes.addAll(footnotes(comparison).stream().filter(n -> !n.startsWith("geomean:")).toList());
        notes.add("geomean: geometric mean of the medians over " + comparison.rows().size() + " workloads");
        return new Table(title, columns, rows, notes);
    }

    /** The geometric mean of the positive values; NaN when there are none. */
    private static double geomean(double[] values) {
        double[] positive = Arrays.stream(values).filter(v -> v > 0).toArray();
        return positive.length == 0 ? Double.NaN
                : Math.exp(Arrays.stream(positive).map(Math::log).average().orElse(Double.NaN));
    }

    private String group(String name) {
        return unit.isEmpty() ? name : name + " " + unit;
    }

    private static String better(AbOptions o) {
        return o.direction() == Direction.HIGHER_IS_BETTER ? "higher" : "lower";
    }

    /** {@code *} significant, {@code ~} not, a blank where there is no p-value. */
    private static String mark(AbRow r) {
        return r.significant() ? "*" : Double.isNaN(r.test().pValue()) ? " " : "~";
    }

    private static Cell ci(Summary s) {
        double pct = (s.ci95High() - s.mean()) / Math.abs(s.median()) * 100;
        return Cell.number(pct, Double.isFinite(pct) ? String.format(Locale.ROOT, "%.0f%%", pct)
                : Formats.ABSENT);
    }

    private static Cell count(int n) {
        return Cell.number(n, Integer.toString(n));
    }

    /** The tests the rows ran, in order of first use, with why and what they assume. */
    private static String testsThatRan(AbComparison c) {
        List<SignificanceTest> ran = c.rows().stream().map(r -> r.test().test()).distinct().toList();
        if (ran.isEmpty()) {
            return c.options().test().label();
        }
        List<String> parts = new ArrayList<>();
        for (SignificanceTest t : ran) {
            String which = ran.size() == 1 ? "" : " (" + rowsWith(c, t) + ")";
            parts.add(t.label() + which);
        }
        return String.join("; ", parts);
    }

    private static String rowsWith(AbComparison c, SignificanceTest t) {
        return String.join(", ", c.rows().stream().filter(r -> r.test().test() == t).map(AbRow::workload).toList());
    }

    private static int decimals(AbComparison comparison) {
        List<Double> values = new ArrayList<>();
        for (AbRow r : comparison.rows()) {
            values.addAll(List.of(r.base().min(), r.base().mean(), r.base().max(),
                    r.candidate().min(), r.candidate().mean(), r.candidate().max()));
        }
        return Formats.decimalsFor(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static Cell number(double value, int decimals) {
        return Cell.number(value, Formats.fixed(value, decimals));
    }

    private static List<String> footnotes(AbComparison c) {
        List<String> notes = new ArrayList<>();
        if (c.options().test() == SignificanceTest.AUTOMATIC
                && c.rows().stream().anyMatch(r -> r.test().test() == SignificanceTest.WELCH_T_LOG)) {
            notes.add("Welch's t-test on log values for fewer than " + AbComparison.MIN_RUNS + " runs a side, where"
                    + " Mann-Whitney U cannot reach 0.05; it assumes each run's noise is a share of its rate"
                    + " (--stats benchstat: Mann-Whitney U, --assume normal: Welch's t-test)");
        }
        notes.add("geomean: geometric mean over " + c.geomean().rows() + " workloads");
        c.warnings().forEach(w -> notes.add("warning: " + w));
        return notes;
    }
}
