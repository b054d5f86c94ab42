package org.iobench.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The {@code WHERE} clause of a {@link RunQuery} over {@code runs}, with its arguments in order: conditions joined by
 * AND, the values of one condition by OR (or {@code IN}).
 *
 * @param sql  {@code ""} for a query that selects every run, else {@code " WHERE ..."}
 * @param args the values of its placeholders, in order
 */
record RunFilter(String sql, List<Object> args) {
    RunFilter {
        args = List.copyOf(args);
    }

    static RunFilter of(RunQuery q) {
        List<String> and = new ArrayList<>();
        List<Object> args = new ArrayList<>();
        if (!q.ids().isEmpty()) {
            List<String> or = new ArrayList<>();
            for (long[] r : q.ids()) {
                or.add("id BETWEEN ? AND ?");
                args.add(r[0]);
                args.add(r[1]);
            }
            and.add("(" + String.join(" OR ", or) + ")");
        }
        q.labels().forEach((key, values) -> {
            args.add(key);
            args.addAll(values);
            and.add("EXISTS (SELECT 1 FROM run_labels l WHERE l.run_id = runs.id AND l.label_key = ?"
                    + (values.isEmpty() ? "" : " AND l.label_value IN (" + Jdbc.placeholders(values.size()) + ")")
                    + ")");
        });
        if (!q.targets().isEmpty()) {
            List<String> or = new ArrayList<>();
            for (String t : q.targets()) {
                if (t.contains("*")) {
                    or.add("target LIKE ? ESCAPE '!'");
                    args.add(t.replace("!", "!!").replace("%", "!%").replace("_", "!_").replace('*', '%'));
                } else {
                    or.add("target = ?");
                    args.add(t);
                    or.add("target LIKE ? ESCAPE '!'"); // rows of earlier builds: the scratch file inside t
                    args.add(StoredTarget.scratchPattern(t));
                }
            }
            and.add("(" + String.join(" OR ", or) + ")");
        }
        if (q.since() != null) {
            and.add("created_at >= ?");
            args.add(RunRow.CREATED_AT.format(q.since()));
        }
        if (q.until() != null) {
            and.add("created_at < ?");
            args.add(RunRow.CREATED_AT.format(q.until()));
        }
        in(and, args, "source", q.sources());
        in(and, args, "name", q.names());
        in(and, args, "rw", q.rws());
        in(and, args, "block_size", q.blockSizes());
        return new RunFilter(and.isEmpty() ? "" : " WHERE " + String.join(" AND ", and), args);
    }

    private static void in(List<String> and, List<Object> args, String column, Set<?> values) {
        if (!values.isEmpty()) {
            and.add(column + " IN (" + Jdbc.placeholders(values.size()) + ")");
            args.addAll(values);
        }
    }
}
