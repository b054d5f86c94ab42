package org.iobench.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.iobench.advise.Advisor;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.report.JsonReport;
import org.iobench.report.JsonReportReader;
import org.iobench.report.ReportItem;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Interval;
import org.iobench.result.Intervals;
import org.iobench.result.Latencies;
import org.iobench.result.LatencySummary;
import org.iobench.result.Outcome;
import org.iobench.result.RunEvidence;
import org.iobench.result.RunResult;
import org.iobench.result.Totals;
import org.iobench.testing.Chromium;
import org.iobench.workload.Benchmark;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page opens in a real headless browser (Debian's chromium) with no network: no console errors, every chart's
 * canvas drawn. A screenshot is kept in target/report-test/ as a build artifact.
 */
class HtmlReportTest {
    private static final Path OUT = Path.of("target/report-test");

    @TempDir
    Path dir;

    private List<ReportItem> realResults() throws IOException {
        List<BenchmarkResult> results = new ArrayList<>();
        Benchmark benchmark = Benchmark.system(100);
        for (long bs : new long[] {4096, 65536, 1 << 20}) {
            JobSpec spec = JobSpec.builder(dir.resolve("f" + bs)).rw(RwMode.RANDREAD).blockSize(bs)
                    .sizeBytes(8 << 20).runs(2).build();
            results.add(Advisor.standard().advise(benchmark.execute(spec, new RunControl(), RunListener.NONE)));
        }
        JsonNode doc = new ObjectMapper().readTree(JsonReport.write(results, "test", Map.of()));
        List<ReportItem> items = new ArrayList<>();
        int n = 0;
        for (ReportItem b : JsonReportReader.items(doc, "test.json")) {
            items.add(new ReportItem("b" + (++n), b.result(), Map.of("disk", "vda")));
        }
        return items;
    }

    @Test
    void thePageIsSelfContainedWithTheResultsTableOnceAndNoEmptySection() throws IOException {
        List<ReportItem> one = realResults().subList(0, 1);
        String html = HtmlReport.render("t", "test", one, null, null);
        // uPlot's source names its home page and the SVG namespace in strings; nothing may be loaded from anywhere
        assertThat(html).doesNotContainPattern("(src|href)\\s*=\\s*[\"']?(https?:|//)")
                .doesNotContain("<link").doesNotContain("@import").doesNotContainPattern("url\\(\\s*['\"]?https?:")
                .doesNotContain("fetch(").doesNotContain("XMLHttpRequest")
                .contains("uPlot").contains("id=\"report-data\"");
        assertThat(count(html, "<table class=\"results\">")).isEqualTo(1);
        assertThat(count(html, "<pre>")).as("the results once, not again as a text block").isZero();
        assertThat(html).as("one block size: no sweep section").doesNotContain("id=\"sweeps\"")
                .contains("<section id=\"latency\">")
                .contains("<section id=\"series\">");
    }

    @Test
    void aShortLastIntervalIsDrawnAtItsOwnTimeNotOnTopOfTheOneBefore() throws IOException {
        List<Interval> series = new ArrayList<>();
        for (long d : new long[] {1_000_000_000L, 1_000_000_000L, 400_000L}) {
            series.add(new Interval(series.size(), d, d / 10, 0, d / 10_000_000, 0)); // 1e8 B/s, 100 IOPS
        }
        RunResult run = new RunResult(1, "2026-11-02T10:00:00Z", Outcome.COMPLETE,
                new Totals(240_040_000L, 0, 2400, 0, 2_000_400_000L, 0, 0),
                new Latencies(LatencySummary.EMPTY, LatencySummary.EMPTY, LatencySummary.EMPTY, null),
                new Intervals(1_000_000_000L, series), List.of(), new RunEvidence(null, null, null, null), null);
        JobSpec job = JobSpec.builder(dir.resolve("w")).name("w").build();
        ReportItem b = new ReportItem("1", BenchmarkResult.of(job, null, List.of(run)), Map.of());
        JsonNode s = ChartData.of(List.of(b), null, null).path("series").get(0).path("runs").get(0);
        assertThat(s.path("t").toString()).isEqualTo("[0.5,1.5,2.0002]");
        assertThat(s.path("from").toString()).isEqualTo("[0.0,1.0,2.0]");
        assertThat(s.path("to").toString()).isEqualTo("[1.0,2.0,2.0004]");
    }

    @Test
    void distributionsOverlayTheBenchmarksNamedByWhatDiffersAndSayWhatIsNotDrawn() throws IOException {
        List<ReportItem> items = new ArrayList<>(realResults());
        BenchmarkResult kept = items.getFirst().result();
        List<RunResult> withoutHistograms = kept.runs().stream().map(r -> {
            Latencies l = r.latencies();
            return new RunResult(r.run(), r.startedAt(), r.outcome(), r.totals(), new Latencies(l.read(), l.write(),
                    l.sync(), l.split(), l.all(), l.trim()), r.intervals(), r.workers(), r.evidence(), r.extras());
        }).toList();
        BenchmarkResult imported = new BenchmarkResult(kept.job(), kept.target(), withoutHistograms, kept.summary(),
                kept.complete(), kept.findings(), kept.test());
        items.add(new ReportItem("fio-1", imported, Map.of("disk", "vda", "tool", "fio")));
        JsonNode d = ChartData.of(items, null, null).path("distributions");
        JsonNode chart = d.path("charts").get(0);
        assertThat(chart.path("series").findValuesAsText("label"))
                // the disk label is the same everywhere: not named; the job's name says the block size already
                .containsExactly("randread-4KiB", "randread-64KiB", "randread-1MiB");
        for (JsonNode s : chart.path("series")) {
            assertThat(s.path("cdf").get(s.path("cdf").size() - 1).asDouble()).isCloseTo(100.0,
                    org.assertj.core.data.Offset.offset(1e-9));
            assertThat(s.path("percent")).hasSize(chart.path("x").size());
        }
        assertThat(d.path("notDrawn").toString()).contains("tool=fio", "no latency histogram kept");
        assertThat(HtmlReport.render("t", "test", items, null, null)).contains("<ul class=\"not-drawn\"><li>");
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    @Test
    void everyChartIsDrawnInAHeadlessBrowserWithoutConsoleErrors() throws Exception {
        Chromium chromium = new Chromium(dir);
        Files.createDirectories(OUT);
        Path page = OUT.resolve("report.html").toAbsolutePath();
        Files.writeString(page, HtmlReport.render("iobench report test", "test", realResults(), null,
                HistoryChartDataTest.history()));

        JsonNode check = chromium.selfCheck(page);
        assertThat(check.path("errors")).as(check.toString()).isEmpty();
        assertThat(check.path("charts").asInt()).isGreaterThanOrEqualTo(4 + 2 + 2); // history, distributions
        assertThat(check.path("drawn").asInt()).as(check.toString()).isEqualTo(check.path("canvases").asInt());
        assertThat(check.path("canvases").asInt()).isEqualTo(check.path("charts").asInt());
        assertThat(check.path("hovered").asInt()).as("every chart's legend shows values on hover")
                .isEqualTo(check.path("charts").asInt());

        chromium.screenshot(page, OUT.resolve("report.png"), 1200, 3000);
    }

}
