package org.iobench.report;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.iobench.store.StoredRun;
import org.iobench.table.Cell;
import org.iobench.table.Column;
import org.iobench.table.Formats;
import org.iobench.table.Row;
import org.iobench.table.Table;

/** The table of {@code iobench runs}: one row per stored run, newest first as given. */
public final class RunsTable {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private RunsTable() {}

    public static Table of(List<StoredRun> runs) {
        List<Column> columns = List.of(
                Column.right("id", "id"),
                Column.left("date", "date (UTC)"),
                Column.left("workload", "workload"),
                Column.left("target", "target"),
                Column.right("runs", "runs"),
                Column.right("mb_per_s", "MB/s"),
                Column.right("iops", "IOPS"),
                Column.left("labels", "labels"),
                Column.left("source", "source"),
                Column.left("note", "note"));
        List<Row> rows = new ArrayList<>();
        boolean incomplete = false;
        for (StoredRun r : runs) {
            incomplete |= !r.complete();
            double mb = r.meanBytesPerSecond() / 1e6;
            rows.add(Row.of(
                    Cell.number(r.id(), Long.toString(r.id())),
                    Cell.text(DATE.format(r.createdAt())),
                    Cell.text(r.workload().label()),
                    Cell.text(r.target()),
                    Cell.number(r.repetitions(), r.repetitions() + (r.complete() ? "" : "*")),
                    Cell.number(mb, Formats.fixed(mb, 1)),
                    Cell.number(r.meanIops(), Formats.fixed(r.meanIops(), 0)),
                    Cell.text(labels(r.labels())),
                    Cell.text(r.source()),
                    Cell.text(r.note() == null ? "" : r.note())));
        }
        List<String> notes = new ArrayList<>();
        if (incomplete) {
            notes.add("*: not every repetition completed; MB/s and IOPS are over the complete ones");
        }
        if (runs.isEmpty()) {
            notes.add("no runs match");
        }
        return new Table("", columns, rows, notes);
    }

    static String labels(Map<String, String> labels) {
        return labels.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
