package org.iobench.report.html;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iobench.report.ReportItem;
import org.iobench.result.RunSummary;

/**
 * The crystal suite as KDiskMark (and CrystalDiskMark) draws it: a grid of its four tests (rows SEQ1M Q8T1, SEQ1M
 * Q1T1, RND4K Q32T1, RND4K Q1T1) by Read and Write, each cell the mean MB/s in large figures with its IOPS under
 * it and a bar filled in proportion to the grid's fastest cell. One grid per execution of the suite (benchmarks
 * with the same labels and target); a cell the suite did not complete says so.
 */
final class CrystalGrid {
    static final List<String> TESTS = List.of("SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1");
    private static final Pattern NAME = Pattern.compile("(SEQ1M Q8T1|SEQ1M Q1T1|RND4K Q32T1|RND4K Q1T1) (read|write)");

    private CrystalGrid() {}

    /** The grids' HTML, empty when no benchmark is one of the crystal suite's. */
    static String of(List<ReportItem> items) {
        Map<String, Map<String, ReportItem>> runs = new LinkedHashMap<>();
        for (ReportItem i : items) {
            Matcher m = NAME.matcher(i.jobName());
            if (m.matches()) {
                String key = i.labelText().equals(i.jobName()) ? i.job().target().toString()
                        : i.labelText() + " " + i.job().target();
                runs.computeIfAbsent(key, k -> new LinkedHashMap<>()).putIfAbsent(m.group(1) + " " + m.group(2), i);
            }
        }
        StringBuilder h = new StringBuilder();
        runs.forEach((key, cells) -> {
            double fastest = cells.values().stream().mapToDouble(CrystalGrid::mbps).filter(Double::isFinite)
                    .max().orElse(1);
            h.append("<div class=\"crystal\"><div class=\"crystal-title\">").append(HtmlReport.esc(key.strip()))
                    .append("</div>\n<table class=\"crystal\"><tr><th></th><th>Read (MB/s)</th><th>Write (MB/s)</th></tr>\n");
            for (String t : TESTS) {
                h.append("<tr><th>").append(HtmlReport.esc(t)).append("</th>");
                for (String side : List.of("read", "write")) {
                    ReportItem i = cells.get(t + " " + side);
                    h.append(cell(i, fastest));
                }
                h.append("</tr>\n");
            }
            h.append("</table></div>\n");
        });
        return h.toString();
    }

    private static String cell(ReportItem i, double fastest) {
        if (i == null) {
            return "<td class=\"crystal-cell missing\">not run</td>";
        }
        double mbps = mbps(i);
        if (!Double.isFinite(mbps)) {
            return "<td class=\"crystal-cell missing\">no complete run</td>";
        }
        RunSummary summary = i.result().summary();
        double iops = summary == null || summary.iops() == null ? Double.NaN : summary.iops().mean();
        int fill = (int) Math.round(Math.max(0, Math.min(1, mbps / fastest)) * 100);
        return "<td class=\"crystal-cell\" style=\"--fill:" + fill + "%\"><span class=\"mbps\">"
                + String.format(Locale.ROOT, mbps >= 100 ? "%.0f" : "%.2f", mbps) + "</span><span class=\"iops\">"
                + (Double.isFinite(iops) ? String.format(Locale.ROOT, "%.0f IOPS", iops) : "") + "</span></td>";
    }

    private static double mbps(ReportItem i) {
        RunSummary summary = i.result().summary();
        return summary == null || summary.bytesPerSecond() == null ? Double.NaN
                : summary.bytesPerSecond().mean() / 1e6;
    }
}
