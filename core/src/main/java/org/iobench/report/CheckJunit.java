package org.iobench.report;

import java.util.Locale;
import org.iobench.history.GateResult;
import org.iobench.history.GateRow;
import org.iobench.store.WorkloadKey;
import org.iobench.table.Formats;

/**
 * {@code iobench check --format junit}: the JUnit XML report that CI systems (Jenkins, GitLab, GitHub Actions
 * reporters) read, one {@code testcase} per workload: a regression is a {@code failure}, a workload that cannot be
 * judged (too few repetitions, or no baseline) is {@code skipped}.
 */
public final class CheckJunit {
    private CheckJunit() {}

    public static String render(GateResult r, String checked, String baseline) {
        int skipped = (int) r.notJudged() + r.inconclusive().size() + r.onlyInCandidate().size();
        int tests = r.rows().size() + r.onlyInCandidate().size();
        int failures = r.regressions().size() + r.failedOnFindings().size();
        String counts = " tests=\"" + tests + "\" failures=\"" + failures + "\" errors=\"0\" skipped=\"" + skipped
                + "\" time=\"0\"";
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<testsuites name=\"iobench check\"").append(counts).append(">\n");
        x.append("  <testsuite name=\"iobench check\"").append(counts).append(">\n");
        x.append("    <properties>\n");
        property(x, "checked", checked);
        property(x, "baseline", baseline);
        property(x, "metric", r.metric().unit());
        property(x, "maxRegressionPercent", Formats.plain(r.gate().maxRegressionPercent()));
        property(x, "alpha", Formats.plain(r.gate().alpha()));
        x.append("    </properties>\n");
        for (GateRow g : r.rows()) {
            x.append("    <testcase classname=\"iobench.check\" name=\"").append(esc(g.workload().label()))
                    .append("\" time=\"0\"");
            String detail = detail(r, g);
            switch (g.verdict()) {
                case OK -> x.append(">\n      <system-out>").append(esc(detail)).append("</system-out>\n")
                        .append("    </testcase>\n");
                case REGRESSED -> x.append(">\n      <failure type=\"regression\" message=\"").append(esc(detail))
                        .append("\">").append(esc(detail)).append("</failure>\n    </testcase>\n");
                case FAILED_ON_FINDING -> x.append(">\n      <failure type=\"finding\" message=\"")
                        .append(esc("--fail-on: the runs carry " + String.join(", ", g.warnings().keySet()) + "; "
                                + detail)).append("\">").append(esc(detail)).append("</failure>\n    </testcase>\n");
                case INCONCLUSIVE -> x.append(">\n      <skipped message=\"").append(esc("inconclusive: these"
                        + " repetitions cannot detect a loss of " + Formats.plain(r.gate().maxRegressionPercent())
                        + "% (the smallest they could is " + Formats.fixed(g.detectablePercent(), 1) + "%); " + detail))
                        .append("\"/>\n    </testcase>\n");
                case NOT_JUDGED -> x.append(">\n      <skipped message=\"")
                        .append(esc("not judged: " + g.judgement().reason())).append("\"/>\n    </testcase>\n");
            }
        }
        for (WorkloadKey k : r.onlyInCandidate()) {
            x.append("    <testcase classname=\"iobench.check\" name=\"").append(esc(k.label()))
                    .append("\" time=\"0\">\n      <skipped message=\"no baseline runs of this workload\"/>\n")
                    .append("    </testcase>\n");
        }
        x.append("  </testsuite>\n</testsuites>\n");
        return x.toString();
    }

    private static String detail(GateResult r, GateRow g) {
        int d = Formats.decimalsFor(g.baseline().mean(), g.candidate().mean());
        return String.format(Locale.ROOT, "%s %s -> %s (%s, gain %s; n %d -> %d), p %s (%s); threshold -%s%% at p < %s",
                r.metric().unit(), Formats.fixed(g.baseline().mean(), d), Formats.fixed(g.candidate().mean(), d),
                Formats.signedPercent(g.changePercent(), 1), Formats.signedPercent(g.gainPercent(), 1),
                g.baseline().n(), g.candidate().n(), Formats.pValue(g.judgement().pValue()),
                g.judgement().test().title(), Formats.plain(r.gate().maxRegressionPercent()),
                Formats.plain(r.gate().alpha()));
    }

    private static void property(StringBuilder x, String name, String value) {
        x.append("      <property name=\"").append(esc(name)).append("\" value=\"").append(esc(value)).append("\"/>\n");
    }

    /** XML text and attribute escaping; characters XML 1.0 forbids become U+FFFD. */
    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                default -> b.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? '\uFFFD' : c);
            }
        }
        return b.toString();
    }
}
