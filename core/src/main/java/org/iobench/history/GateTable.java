package org.iobench.history;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.iobench.compare.CompareTables;
import org.iobench.compare.Direction;
import org.iobench.store.WorkloadKey;
import org.iobench.table.Cell;
import org.iobench.table.Column;
import org.iobench.table.Formats;
import org.iobench.table.Row;
import org.iobench.table.Table;

/** The table {@code iobench check} prints: one row per judged workload, labelled as {@code compare} labels rows. */
public final class GateTable {
    private GateTable() {}

    /**
     * @param checkedName  how the checked runs are named in the header (the selector)
     * @param baselineName how the baseline is named
     */
    public static Table of(GateResult r, String checkedName, String baselineName) {
        String unit = r.metric().unit();
        List<WorkloadKey> keys = r.rows().stream().map(GateRow::workload).toList();
        Set<WorkloadKey.Part> varying = keys.isEmpty() ? Set.of() : WorkloadKey.varying(keys);
        List<Column> columns = List.of(
                Column.left("workload", keys.isEmpty() ? "workload" : CompareTables.header(keys, varying)),
                Column.right("base_mean", baselineName, "mean " + unit), Column.right("base_n", baselineName, "n"),
                Column.right("new_mean", checkedName, "mean " + unit), Column.right("new_n", checkedName, "n"),
                Column.right("gain_pct", "gain %"), Column.right("p", "p"), Column.left("test", "test"),
                Column.left("verdict", "verdict"));
        List<Row> rows = new ArrayList<>();
        List<String> labels = keys.isEmpty() ? List.of() : CompareTables.rowLabels(keys, varying);
        Map<String, Set<Long>> marked = new TreeMap<>();
        for (GateRow g : r.rows()) {
            int decimals = Formats.decimalsFor(g.baseline().mean(), g.candidate().mean());
            g.warnings().forEach((f, ids) -> marked.computeIfAbsent(f, x -> new TreeSet<>()).addAll(ids));
            String mark = g.warnings().keySet().stream().map(f -> " !" + f).collect(Collectors.joining());
            rows.add(Row.of(Cell.text(labels.get(rows.size()) + mark),
                    Cell.number(g.baseline().mean(), Formats.fixed(g.baseline().mean(), decimals)),
                    Cell.number(g.baseline().n(), Integer.toString(g.baseline().n())),
                    Cell.number(g.candidate().mean(), Formats.fixed(g.candidate().mean(), decimals)),
                    Cell.number(g.candidate().n(), Integer.toString(g.candidate().n())),
                    Cell.number(g.gainPercent(), Formats.signedPercent(g.gainPercent(), 1)),
                    Cell.number(g.judgement().pValue(), Formats.pValue(g.judgement().pValue())),
                    Cell.text(g.judgement().test().symbol()),
                    Cell.text(verdict(g))));
        }
        List<String> notes = new ArrayList<>();
        boolean higher = r.metric().direction() == Direction.HIGHER_IS_BETTER;
        notes.add("gain: change of the mean, positive is better (" + (higher ? "higher" : "lower")
                + " is better); REGRESSED: gain below -" + Formats.plain(r.gate().maxRegressionPercent())
                + "% with p < " + Formats.plain(r.gate().alpha()));
        Set<GateSignificance> used = new LinkedHashSet<>();
        r.rows().forEach(g -> used.add(g.judgement().test()));
        used.remove(GateSignificance.NONE);
        if (!used.isEmpty()) {
            notes.add("test: " + used.stream().map(t -> t.symbol() + " " + t.title()).collect(Collectors.joining(", "))
                    + " (chosen by the number of repetitions; docs/history.md)");
        }
        marked.forEach((f, ids) -> notes.add("!" + f + ": the advisor's warning " + f + " on "
                + (ids.size() == 1 ? "run " : "runs ") + ids.stream().map(id -> "#" + id).collect(Collectors.joining(", "))
                + " of the marked rows: the figure may not measure what it seems to (iobench show ID says why)"
                + (r.gate().failOn().contains(f) ? "; --fail-on " + f + " fails the gate on them" : "")));
        r.rows().stream().filter(g -> g.verdict() == GateRow.Verdict.INCONCLUSIVE).forEach(g ->
                notes.add("inconclusive: " + g.workload().label() + ": not significantly worse, but these "
                        + g.baseline().n() + " + " + g.candidate().n() + " repetitions cannot detect a loss of "
                        + Formats.plain(r.gate().maxRegressionPercent()) + "% at alpha " + Formats.plain(r.gate().alpha())
                        + " (the smallest they could is " + Formats.fixed(g.detectablePercent(), 1)
                        + "%); run more repetitions"));
        r.rows().stream().filter(g -> g.verdict() == GateRow.Verdict.NOT_JUDGED).forEach(g ->
                notes.add("not judged: " + g.workload().label() + ": " + g.judgement().reason()));
        if (!r.onlyInCandidate().isEmpty()) {
            notes.add("no baseline, not judged: " + names(r.onlyInCandidate()));
        }
        if (!r.onlyInBaseline().isEmpty()) {
            notes.add("only in the baseline: " + names(r.onlyInBaseline()));
        }
        String title = keys.isEmpty() ? unit + " per repetition" : CompareTables.title(keys, varying, r.metric());
        return new Table(title, columns, rows, notes);
    }

    private static String verdict(GateRow g) {
        return switch (g.verdict()) {
            case REGRESSED -> "REGRESSED";
            case FAILED_ON_FINDING -> "FAILED";
            case INCONCLUSIVE -> "inconclusive";
            case OK -> "ok";
            case NOT_JUDGED -> "n/a";
        };
    }

    private static String names(List<WorkloadKey> keys) {
        return keys.stream().map(WorkloadKey::label).collect(Collectors.joining("; "));
    }
}
