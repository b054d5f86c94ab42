package org.iobench.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.iobench.history.HistorySet;
import org.iobench.report.HistoryText;
import org.iobench.report.ReportItem;
import org.iobench.report.ResultsTable;
import org.iobench.table.TableFormat;

/**
 * A self-contained HTML page: uPlot (MIT, vendored from its npm package with its license) and the page's script
 * are inlined, the data is embedded as JSON, so the file opens with no network access.
 *
 * <p>Sections: the results table (and any comparison table, as the text {@code compare} prints it), throughput
 * and IOPS against block size with min-max whiskers, latency percentiles, each run's per-second series over the
 * system monitor's bi/bo, CPU and iowait, A/B gains as bars with significance told apart, the history of each
 * workload with its change points, the environment of each benchmark and the advisor's findings.
 */
public final class HtmlReport {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private HtmlReport() {}

    /**
     * @param compareText a comparison table as the text {@code compare} command prints it, or null
     * @param ab          A/B rows for the bar chart ({@code {alpha, rows:[{workload, gainPercent, significant}]}}),
     *                    or null
     */
    public static String render(String title, String generatedBy, List<ReportItem> items, String compareText,
                                ObjectNode ab) {
        return render(title, generatedBy, items, compareText, ab, null);
    }

    /**
     * @param history the stored runs' histories for the history section (one chart per workload with two or more
     *                points, change points marked, and the text {@code iobench history} prints), or null for none
     */
    public static String render(String title, String generatedBy, List<ReportItem> items, String compareText,
                                ObjectNode ab, HistorySet history) {
        StringBuilder h = new StringBuilder(120_000);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
                .append(esc(title)).append("</title>\n<style>\n").append(resource("uPlot.min.css"))
                .append('\n').append(resource("report.css")).append("</style>\n</head><body>\n");
        h.append("<h1>").append(esc(title)).append("</h1>\n<div class=\"meta\">").append(esc(generatedBy))
                .append(", ").append(items.size()).append(" benchmark(s)</div>\n");

        h.append("<h2>Results</h2>\n").append(tableHtml(items));
        h.append("<pre>").append(esc(TableFormat.TEXT.writer().render(ResultsTable.of(items)))).append("</pre>\n");
        if (compareText != null) {
            h.append("<h2>Comparison</h2>\n<pre>").append(esc(compareText)).append("</pre>\n");
            h.append("<div id=\"ab-chart\" class=\"chart\"></div>\n");
        }
        h.append("<h2>Throughput and IOPS by block size</h2>\n<div id=\"bs-charts\"></div>\n")
                .append("<p class=\"note\">Only workloads run at two or more block sizes appear here.</p>\n");
        h.append("<h2>Latency percentiles</h2>\n<div id=\"latency-chart\" class=\"chart\"></div>\n");
        h.append("<h2>Runs over time</h2>\n<div id=\"series-charts\"></div>\n");
        if (history != null && !history.workloads().isEmpty()) {
            h.append("<h2>History and change points</h2>\n<div id=\"history-charts\"></div>\n")
                    .append("<p class=\"note\">Each workload's stored runs in order (mean of the repetitions, whiskers"
                            + " min-max), the mean of each segment between change points, and the change points found by"
                            + " E-Divisive means (docs/history.md). Workloads with a single run have no chart.</p>\n")
                    .append("<pre>").append(esc(HistoryText.render(history, TableFormat.TEXT, false)))
                    .append("</pre>\n");
        }
        findings(h, items);
        environment(h, items);

        h.append("<pre id=\"selfcheck\"></pre>\n");
        h.append("<script type=\"application/json\" id=\"report-data\">")
                .append(json(ChartData.of(items, ab, history)).replace("</", "<\\/")).append("</script>\n");
        h.append("<script>").append(resource("uPlot.iife.min.js")).append("</script>\n");
        h.append("<script>").append(resource("report.js")).append("</script>\n");
        h.append("<!-- uPlot ").append("1.6.32 (c) Leon Sorokin, MIT License: ")
                .append(esc(resource("uPlot-LICENSE.txt").replace("--", "- -"))).append(" -->\n");
        h.append("</body></html>\n");
        return h.toString();
    }

    private static String tableHtml(List<ReportItem> items) {
        var t = ResultsTable.of(items);
        StringBuilder h = new StringBuilder("<table class=\"results\"><tr>");
        t.columns().forEach(c -> h.append("<th class=\"").append(c.align().name().equals("LEFT") ? "l" : "")
                .append("\">").append(esc(c.fullHeader())).append("</th>"));
        h.append("</tr>\n");
        for (var row : t.rows()) {
            h.append("<tr>");
            for (int i = 0; i < row.cells().size(); i++) {
                boolean left = t.columns().get(i).align().name().equals("LEFT");
                h.append("<td class=\"").append(left ? "l" : "").append("\">")
                        .append(esc(row.cells().get(i).text())).append("</td>");
            }
            h.append("</tr>\n");
        }
        return h.append("</table>\n").toString();
    }

    private static void findings(StringBuilder h, List<ReportItem> items) {
        h.append("<h2>Advisor</h2>\n");
        int n = 0;
        for (ReportItem i : items) {
            for (JsonNode f : i.benchmark().path("findings")) {
                n++;
                String severity = f.path("severity").asText("warning");
                String confidence = f.path("confidence").asText("");
                String subject = f.hasNonNull("group") ? "group " + f.path("group").asText() : i.id();
                h.append("<div class=\"finding ").append(esc(severity)).append("\"><b>")
                        .append(esc(f.path("id").asText())).append("</b> ").append(esc(severity)).append(", ")
                        .append(esc(subject)).append(": ").append(esc(f.path("message").asText()))
                        .append("<br>evidence: ").append(esc(f.path("evidence").asText()))
                        .append(confidence.isEmpty() ? "" : " (" + esc(confidence) + ")");
                if (f.hasNonNull("fix") && !f.path("fix").asText().isBlank()) {
                    h.append("<br>fix: ").append(esc(f.path("fix").asText()));
                }
                h.append("</div>\n");
            }
        }
        if (n == 0) {
            h.append("<p>No findings.</p>\n");
        }
    }

    private static void environment(StringBuilder h, List<ReportItem> items) {
        h.append("<h2>Environment</h2>\n");
        for (ReportItem i : items) {
            ObjectNode env = MAPPER.createObjectNode();
            env.set("target", i.benchmark().path("target"));
            env.set("job", i.benchmark().path("job"));
            JsonNode e = i.benchmark().path("environment");
            if (!e.isMissingNode()) {
                env.set("environment", e);
            }
            h.append("<h3>").append(esc(i.id() + " " + i.job().path("name").asText() + " "
                    + (i.labels().isEmpty() ? "" : "[" + i.labelText() + "]"))).append("</h3>\n<pre>")
                    .append(esc(pretty(env))).append("</pre>\n");
        }
    }

    private static String json(JsonNode n) {
        try {
            return MAPPER.writeValueAsString(n);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pretty(JsonNode n) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(n);
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
