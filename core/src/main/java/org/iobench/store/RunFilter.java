package org.iobench.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The {@code WHERE} clause of a {@link RunQuery} over {@code runs}, with its arguments in order: conditions joined by
 * AND, the values of one condition by OR (or {@code IN}). Each condition is one an index answers (ids, labels,
 * targets, dates, sources, names, workloads: {@link Migrations} version 5), so a selection costs what it selects,
 * not what the store holds; {@code SqlitePlanTest} reads the plans.
 *
 * @param sql  {@code ""} for a query that selects every run, else {@code " WHERE ..."}
 * @param args the values of its placeholders, in order
 */
record RunFilter(String sql, List<Object> args) {
    RunFilter {
        args = List.copyOf(args);
    }

    /** @param dialect SQLite's targets are read by ranges of the index, PostgreSQL's by LIKE (its collation) */
    static RunFilter of(RunQuery q, SqlDialect dialect) {
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
            // the runs of the label from its index (run_labels_by_key_value), not a probe of every run
            and.add("id IN (SELECT run_id FROM run_labels WHERE label_key = ?"
                    + (values.isEmpty() ? "" : " AND label_value IN (" + Jdbc.placeholders(values.size()) + ")")
                    + ")");
        });
        if (!q.targets().isEmpty()) {
            List<String> or = new ArrayList<>();
            for (String t : q.targets()) {
                if (t.contains("*")) {
                    like(or, args, dialect, t.substring(0, t.indexOf('*')),
                            t.replace("!", "!!").replace("%", "!%").replace("_", "!_").replace('*', '%'));
                } else {
                    or.add("target = ?");
                    args.add(t);
                    // rows of earlier builds: the scratch file inside t
                    String dir = t.endsWith("/") ? t : t + "/";
                    like(or, args, dialect, dir + ".iobench-", StoredTarget.scratchPattern(t));
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

    /**
     * {@code target LIKE pattern} within the range of its literal {@code prefix}: the range is what the index
     * answers (SQLite's LIKE ignores ASCII case, so no index serves it alone), the pattern then picks within it;
     * paths match case-sensitively in both databases. An empty prefix (a pattern starting with {@code *}) reads
     * every target. PostgreSQL's LIKE is case-sensitive already, and its text order is its collation's (which
     * may order punctuation apart from bytes), so there the pattern alone is given.
     */
    private static void like(List<String> or, List<Object> args, SqlDialect dialect, String prefix, String pattern) {
        if (prefix.isEmpty() || dialect != SqlDialect.SQLITE) {
            or.add("target LIKE ? ESCAPE '!'");
            args.add(pattern);
            return;
        }
        char lastChar = prefix.charAt(prefix.length() - 1);
        String above = prefix.substring(0, prefix.length() - 1) + (char) (lastChar + 1);
        or.add("(target >= ? AND target < ? AND target LIKE ? ESCAPE '!')");
        args.add(prefix);
        args.add(above);
        args.add(pattern);
    }

    private static void in(List<String> and, List<Object> args, String column, Set<?> values) {
        if (!values.isEmpty()) {
            and.add(column + " IN (" + Jdbc.placeholders(values.size()) + ")");
            args.addAll(values);
        }
    }
}
