package org.iobench.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.history.HistorySet;
import org.iobench.report.HistoryText;
import org.iobench.report.ReportItem;
import org.iobench.report.Subjects;
import org.iobench.result.Finding;
import org.iobench.table.TableFormat;

/**
 * A self-contained HTML page: uPlot (MIT, vendored from its npm package with its license) and the page's script
 * are inlined, the data is embedded as JSON, so the file opens with no network access.
 *
 * <p>Sections (each a {@code <section>}, one printed page each; a section with nothing to show is left out): the
 * results table; with an A/B, the comparison as a table with significance marked, the gains as bars and what
 * differs between the two sides' environments; throughput and IOPS against block size with min-max whiskers;
 * latency percentiles; latency distributions (histogram and CDF, runs overlaid); each run's per-second series over the system monitor's bi/bo, CPU and iowait; the history
 * of each workload with its change points; the advisor's findings; the targets and environments.
 */
public final class HtmlReport {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private HtmlReport() {}

    /**
     * @param ab      the A/B comparison with its environment differences, or null
     * @param history the stored runs' histories for the history section (one chart per workload with two or more
     *                points, change points marked, and the text {@code iobench history} prints), or null for none
     */
    public static String render(String title, String generatedBy, List<ReportItem> items, AbSection ab,
                                HistorySet history) {
        return render(title, generatedBy, items, ab, history, List.of());
    }

    /**
     * @param searches the {@code saturate} searches among the items ({@link SearchCurves#of}): a chart each with
     *                 its knee and best marked, and the text {@code saturate} printed
     */
    public static String render(String title, String generatedBy, List<ReportItem> items, AbSection ab,
                                HistorySet history, List<SearchCurves.Search> searches) {
        ChartData.Page data = ChartData.page(items, ab, history, searches);
        StringBuilder h = new StringBuilder(120_000);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
                .append(esc(title)).append("</title>\n<style>\n").append(resource("uPlot.min.css"))
                .append('\n').append(resource("report.css")).append("</style>\n</head><body>\n");
        h.append("<header><h1>").append(esc(title)).append("</h1>\n<div class=\"meta\">").append(esc(generatedBy))
                .append(", ").append(items.size()).append(items.size() == 1 ? " benchmark" : " benchmarks")
                .append("</div></header>\n");

        section(h, "results", "Results", collapsed(HtmlTables.results(items), items.size(), "benchmarks"));
        if (ab != null) {
            section(h, "comparison", "Comparison: " + ab.newName() + " against " + ab.baseName(),
                    collapsed(HtmlTables.comparison(ab), ab.rows().size(), "workloads") + (ab.rows().isEmpty() ? "" : "<div id=\"ab-chart\" class=\"chart\"></div>\n"));
            if (data.abDistributionRows() > 0 || !data.abNotDrawn().isEmpty()) {
                StringBuilder body = new StringBuilder("<div id=\"ab-distribution-charts\"></div>\n<p class=\"note\">"
                        + "Per workload of the comparison, every request of each side's runs (their kept histograms"
                        + " added up): the share per latency bin (10 bins per decade, log axis) and the cumulative"
                        + " share (CDF), base and new overlaid, the two charts side by side; under --rate also from"
                        + " each request's intended start (dashed: coordinated omission corrected).</p>\n");
                notDrawn(body, data.abNotDrawn());
                section(h, "ab-distributions", "Latency distributions: " + ab.newName() + " against "
                        + ab.baseName(), body.toString());
            }
            section(h, "environment-diff", "What differs between base and new", HtmlTables.environmentDiff(ab));
        }
        String crystal = CrystalGrid.of(items);
        if (!crystal.isEmpty()) {
            section(h, "crystal", "CrystalDiskMark's grid", crystal + "<p class=\"note\">The crystal suite as"
                    + " KDiskMark draws it: mean MB/s (10^6 B/s) over the runs with IOPS under it; each bar is filled"
                    + " in proportion to the grid's fastest cell.</p>\n");
        }
        if (data.sweeps()) {
            section(h, "sweeps", "Throughput and IOPS per sweep axis", "<div id=\"sweep-charts\"></div>\n"
                    + "<p class=\"note\">A chart per axis that was swept (block size, queue depth, threads, rate,"
                    + " read mix): each line holds everything else the same, and is named by what differs from the"
                    + " other lines; points are the mean of the runs, whiskers min-max.</p>\n");
        }
        if (data.searches()) {
            section(h, "searches", "Saturation and latency-target searches", "<div id=\"search-charts\"></div>\n"
                    + "<p class=\"note\">Each saturate search: IOPS per step (left axis) and the latency it was"
                    + " judged by (right axis, log scale), the knee (the lowest load with nearly all the throughput"
                    + " there is) and the best step marked, the latency target drawn as a line; under each chart the"
                    + " table saturate printed. The knee and best are concluded from the stored steps by the"
                    + " search's own rules (docs/limits.md).</p>\n");
        }
        if (data.latency()) {
            section(h, "latency", "Latency percentiles", "<div id=\"latency-chart\" class=\"chart\"></div>\n");
        }
        if (data.distributionCharts() > 0 || !data.distributionsNotDrawn().isEmpty()) {
            StringBuilder body = new StringBuilder("<div id=\"distribution-charts\"></div>\n<p class=\"note\">"
                    + "Each benchmark's last complete run: the share of all its requests per latency bin (10 bins per"
                    + " decade, log axis) and the cumulative share (CDF), at most " + ChartData.PER_CHART
                    + " benchmarks a chart, named by what differs between them.</p>\n");
            notDrawn(body, data.distributionsNotDrawn());
            section(h, "distributions", "Latency distributions", body.toString());
        }
        if (data.series()) {
            section(h, "series", "Runs over time", "<div id=\"series-charts\"></div>\n"
                    + "<p class=\"note\">Each point is the mean rate of one interval, drawn at the middle of the"
                    + " interval (a last, shorter interval at the middle of its own span).</p>\n");
        }
        if (history != null && !history.workloads().isEmpty()) {
            StringBuilder body = new StringBuilder("<div id=\"history-charts\"></div>\n"
                    + "<p class=\"note\">Each workload's stored runs in order (mean of the repetitions, whiskers"
                    + " min-max), the mean of each segment between change points, and the change points found by"
                    + " E-Divisive means (docs/history.md).</p>\n");
            List<String> single = new ArrayList<>();
            List<String> labels = history.labels();
            for (int w = 0; w < history.workloads().size(); w++) {
                if (history.workloads().get(w).points().size() < 2) {
                    single.add(labels.get(w) + ": a single run, no chart");
                }
            }
            notDrawn(body, single);
            String text = "<pre>" + esc(HistoryText.render(history, TableFormat.TEXT, false)) + "</pre>\n";
            int n = history.workloads().size();
            // the text of many workloads is as long as the charts: one group, after them
            body.append(n <= 6 ? text : "<details class=\"group\"><summary>iobench history's text of the " + n
                    + " workloads</summary>\n" + text + "</details>\n");
            section(h, "history", "History and change points", body.toString());
        }
        section(h, "advisor", "Advisor", findings(items));
        section(h, "environment", "Targets and environment", HtmlTables.environments(items));

        h.append("<pre id=\"selfcheck\"></pre>\n");
        h.append("<script type=\"application/json\" id=\"report-data\">")
                .append(json(data.json()).replace("</", "<\\/")).append("</script>\n");
        h.append("<script>").append(resource("uPlot.iife.min.js")).append("</script>\n");
        h.append("<script>").append(resource("report.js")).append("</script>\n");
        h.append("<!-- uPlot ").append("1.6.32 (c) Leon Sorokin, MIT License: ")
                .append(esc(resource("uPlot-LICENSE.txt").replace("--", "- -"))).append(" -->\n");
        h.append("</body></html>\n");
        return h.toString();
    }

    /** Tables longer than this start collapsed, so that the charts are within reach; nothing is left out. */
    static final int OPEN_ROWS = 20;

    /** A table of {@code rows} rows, inside a {@code <details>} that starts closed past {@link #OPEN_ROWS}. */
    private static String collapsed(String table, int rows, String what) {
        if (rows <= OPEN_ROWS) {
            return table;
        }
        return "<details class=\"table\"><summary>" + rows + " " + what + " (open to show the table)</summary>\n"
                + table + "</details>\n";
    }

    /** The list of what a section does not draw, with the reason of each; nothing when it draws everything. */
    private static void notDrawn(StringBuilder body, List<String> notDrawn) {
        if (notDrawn.isEmpty()) {
            return;
        }
        body.append("<p class=\"note not-drawn\">Not drawn (").append(notDrawn.size())
                .append("):</p>\n<ul class=\"not-drawn\">");
        notDrawn.forEach(n -> body.append("<li>").append(esc(n)).append("</li>"));
        body.append("</ul>\n");
    }

    private static void section(StringBuilder h, String id, String heading, String body) {
        h.append("<section id=\"").append(id).append("\">\n<h2>").append(esc(heading)).append("</h2>\n").append(body)
                .append("</section>\n");
    }

    /**
     * One card per rule and wording: findings of several benchmarks, runs or suite members that say the same thing
     * are one card naming them all ({@code lv0..lv9 run 1}), with each one's evidence listed under it.
     */
    private static String findings(List<ReportItem> items) {
        Map<List<String>, List<String[]>> alike = new LinkedHashMap<>();
        Map<List<String>, List<Subjects.Subject>> whom = new LinkedHashMap<>();
        for (ReportItem i : items) {
            for (Finding f : i.result().findings()) {
                List<String> key = List.of(f.severity() == null ? "warning" : f.severity().label(),
                        String.valueOf(f.id()), String.valueOf(f.message()), f.fix() == null ? "" : f.fix(),
                        f.confidence() == null ? "" : f.confidence().label());
                String who = f.group() != null ? "group " + f.group() : i.id();
                Subjects.Subject s = new Subjects.Subject(who, f.runs() == null ? List.of() : f.runs());
                if (whom.computeIfAbsent(key, k -> new ArrayList<>()).contains(s)) {
                    continue;
                }
                whom.get(key).add(s);
                alike.computeIfAbsent(key, k -> new ArrayList<>())
                        .add(new String[] {Subjects.name(List.of(s)), String.valueOf(f.evidence())});
            }
        }
        StringBuilder h = new StringBuilder();
        for (var e : alike.entrySet()) {
            List<String> k = e.getKey();
            String severity = k.get(0);
            String confidence = k.get(4);
            List<String[]> evidence = e.getValue();
            h.append("<div class=\"finding ").append(esc(severity)).append("\"><b>").append(esc(k.get(1)))
                    .append("</b> ").append(esc(severity)).append(", ").append(esc(Subjects.name(whom.get(k))))
                    .append(": ").append(esc(k.get(2)));
            if (evidence.size() == 1) {
                h.append("<br>evidence: ").append(esc(evidence.getFirst()[1]));
            } else {
                h.append("<br>evidence:");
                for (String[] one : evidence) {
                    h.append("<br>&nbsp;&nbsp;").append(esc(one[0])).append(": ").append(esc(one[1]));
                }
            }
            h.append(confidence.isEmpty() ? "" : " (" + esc(confidence) + ")");
            if (!k.get(3).isBlank()) {
                h.append("<br>fix: ").append(esc(k.get(3)));
            }
            h.append("</div>\n");
        }
        if (alike.isEmpty()) {
            h.append("<p>No findings: the advisor found none of the pitfalls it knows (docs/advisor.md).</p>\n");
        }
        return h.toString();
    }

    private static String json(ObjectNode n) {
        try {
            return MAPPER.writeValueAsString(n);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
