package org.iobench.report.html;

import static org.iobench.report.html.HtmlReport.esc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iobench.compare.AbRow;
import org.iobench.compare.Summary;
import org.iobench.report.EnvironmentDiff;
import org.iobench.report.ReportItem;
import org.iobench.report.ResultsTable;
import org.iobench.report.Units;
import org.iobench.result.TargetInfo;
import org.iobench.sysmon.env.Environment;
import org.iobench.table.Align;
import org.iobench.table.Table;

/** The page's HTML tables: results, the A/B comparison, what differs between the sides, environments. */
final class HtmlTables {
    private HtmlTables() {}

    /** The results, one row per benchmark (the table {@code report --format text} prints). */
    static String results(List<ReportItem> items) {
        return table(ResultsTable.of(items), "results");
    }

    /** Any {@link Table} as an HTML table, numbers right-aligned. */
    static String table(Table t, String cssClass) {
        StringBuilder h = new StringBuilder("<table class=\"" + cssClass + "\"><thead><tr>");
        t.columns().forEach(c -> h.append("<th").append(c.align() == Align.LEFT ? " class=\"l\"" : "").append('>')
                .append(esc(c.fullHeader())).append("</th>"));
        h.append("</tr></thead><tbody>\n");
        for (var row : t.rows()) {
            h.append("<tr>");
            for (int i = 0; i < row.cells().size(); i++) {
                h.append("<td").append(t.columns().get(i).align() == Align.LEFT ? " class=\"l\"" : "").append('>')
                        .append(esc(row.cells().get(i).text())).append("</td>");
            }
            h.append("</tr>\n");
        }
        return h.append("</tbody></table>\n").toString();
    }

    /**
     * The A/B comparison: per workload n, mean and min-max of each side, the gain of the mean and the p-value; a
     * significant gain is marked (green when better, red when worse), one that is not is grey with {@code ~}.
     */
    static String comparison(AbSection ab) {
        StringBuilder h = new StringBuilder("<table class=\"comparison\"><thead><tr><th class=\"l\" rowspan=\"2\">"
                + "workload</th><th colspan=\"3\">base: " + esc(ab.baseName()) + "</th><th colspan=\"3\">new: "
                + esc(ab.newName()) + "</th><th rowspan=\"2\">gain</th><th rowspan=\"2\">p</th>"
                + "<th class=\"l\" rowspan=\"2\">test</th></tr>\n<tr>");
        for (int side = 0; side < 2; side++) {
            h.append("<th>n</th><th>mean ").append(esc(ab.metric())).append("</th><th>min-max</th>");
        }
        h.append("</tr></thead><tbody>\n");
        for (AbRow r : ab.rows()) {
            String mark = !r.significant() ? "nsig" : r.gainPercent() >= 0 ? "sig better" : "sig worse";
            h.append("<tr class=\"").append(mark).append("\"><td class=\"l\">").append(esc(r.workload()))
                    .append("</td>");
            side(h, r.base());
            side(h, r.candidate());
            String gain = Double.isNaN(r.gainPercent()) ? "-"
                    : String.format(Locale.ROOT, "%+.1f %%", r.gainPercent());
            h.append("<td class=\"gain\" title=\"").append(r.significant() ? "significant" : "not significant")
                    .append(" at p &lt; ").append(number(ab.alpha())).append("\">").append(r.significant() ? "" : "~ ")
                    .append(esc(gain)).append("</td><td>").append(p(r.test().pValue())).append("</td><td class=\"l\">")
                    .append(esc(testName(r))).append("</td></tr>\n");
        }
        h.append("</tbody></table>\n<p class=\"note\">gain: change of the mean, positive when better; marked when"
                + " significant at p &lt; ").append(number(ab.alpha())).append(" (green better, red worse), <span"
                + " class=\"nsig\">~ grey</span> when not.</p>\n");
        ab.warnings().forEach(w -> h.append("<p class=\"note\">").append(esc(w)).append("</p>\n"));
        return h.toString();
    }

    private static void side(StringBuilder h, Summary s) {
        h.append("<td>").append(s.n()).append("</td><td>").append(Units.sig3(s.mean())).append("</td><td>")
                .append(s.n() == 0 ? "-" : Units.sig3(s.min()) + "-" + Units.sig3(s.max())).append("</td>");
    }

    private static String testName(AbRow r) {
        return r.test().test().label();
    }

    private static String p(double p) {
        return Double.isNaN(p) ? "-" : p < 0.001 ? "&lt;0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%s", v);
    }

    /** What differs between the sides' environments, the new side's changed values highlighted. */
    static String environmentDiff(AbSection ab) {
        if (ab.environment().isEmpty()) {
            return "<p class=\"same\">The recorded environments of the two sides do not differ ("
                    + esc(String.join(", ", EnvironmentDiff.fields())) + ").</p>\n";
        }
        StringBuilder h = new StringBuilder("<table class=\"envdiff\"><thead><tr><th class=\"l\"></th><th class=\"l\">"
                + "base: " + esc(ab.baseName()) + "</th><th class=\"l\">new: " + esc(ab.newName())
                + "</th></tr></thead><tbody>\n");
        for (EnvironmentDiff.Row r : ab.environment()) {
            h.append("<tr class=\"diff\"><th class=\"l\">").append(esc(r.field())).append("</th><td class=\"l\">")
                    .append(values(r.base(), r.candidate())).append("</td><td class=\"l\">")
                    .append(values(r.candidate(), r.base())).append("</td></tr>\n");
        }
        return h.append("</tbody></table>\n").toString();
    }

    /** {@code values}, those not on the other side marked. */
    private static String values(List<String> values, List<String> other) {
        List<String> out = new ArrayList<>();
        for (String v : values) {
            out.add(other.contains(v) ? esc(v) : "<mark>" + esc(v) + "</mark>");
        }
        return String.join("<br>", out);
    }

    /**
     * The environments the benchmarks ran in, one table per distinct environment (most reports have one), with
     * the benchmarks that ran there; and each benchmark's target.
     */
    static String environments(List<ReportItem> items) {
        StringBuilder h = new StringBuilder("<table class=\"targets\"><thead><tr><th class=\"l\">benchmark</th>"
                + "<th class=\"l\">target</th><th class=\"l\">kind</th><th class=\"l\">filesystem</th>"
                + "<th class=\"l\">device</th><th>logical/physical block</th></tr></thead><tbody>\n");
        Map<Environment, List<String>> byEnvironment = new LinkedHashMap<>();
        for (ReportItem i : items) {
            TargetInfo t = i.result().target();
            String path = t == null || t.path() == null ? String.valueOf(i.job().target()) : t.path();
            h.append("<tr><td class=\"l\">").append(esc(i.id() + " " + i.job().name()))
                    .append("</td><td class=\"l\">").append(esc(path))
                    .append("</td><td class=\"l\">").append(esc(t == null || t.kind() == null ? "" : t.kind()))
                    .append("</td><td class=\"l\">")
                    .append(esc(t == null || t.filesystem() == null ? "" : t.filesystem()))
                    .append("</td><td class=\"l\">").append(esc(t == null || t.device() == null ? "" : t.device()))
                    .append("</td><td>").append(t == null ? 0 : t.logicalBlockSize()).append('/')
                    .append(t == null ? 0 : t.physicalBlockSize()).append("</td></tr>\n");
            if (i.environment() != null) {
                byEnvironment.computeIfAbsent(i.environment(), k -> new ArrayList<>()).add(i.id());
            }
        }
        h.append("</tbody></table>\n");
        byEnvironment.forEach((env, ids) -> {
            h.append("<h3>").append(byEnvironment.size() == 1 && ids.size() == items.size() ? "All benchmarks"
                    : esc(String.join(", ", ids))).append("</h3>\n<table class=\"env\"><tbody>\n");
            EnvironmentDiff.describe(env).forEach((field, value) -> h.append("<tr><th class=\"l\">").append(esc(field))
                    .append("</th><td class=\"l\">").append(esc(value)).append("</td></tr>\n"));
            h.append("</tbody></table>\n");
        });
        if (byEnvironment.isEmpty()) {
            h.append("<p class=\"note\">No environment was recorded with these results (files written by"
                    + " <code>run -o</code> carry none; stored runs do).</p>\n");
        }
        return h.toString();
    }
}
