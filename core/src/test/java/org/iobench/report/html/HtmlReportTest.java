package org.iobench.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iobench.advise.Advisor;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.report.JsonReport;
import org.iobench.report.ReportItem;
import org.iobench.result.BenchmarkResult;
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
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
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
        for (JsonNode b : doc.path("benchmarks")) {
            items.add(new ReportItem("b" + (++n), b, Map.of("disk", "vda")));
        }
        return items;
    }

    @Test
    void thePageIsSelfContained() throws IOException {
        String html = HtmlReport.render("t", "test", realResults(), "a compare table", null);
        // uPlot's source names its home page and the SVG namespace in strings; nothing may be loaded from anywhere
        assertThat(html).doesNotContainPattern("(src|href)\\s*=\\s*[\"']?(https?:|//)")
                .doesNotContain("<link").doesNotContain("@import").doesNotContainPattern("url\\(\\s*['\"]?https?:")
                .doesNotContain("fetch(").doesNotContain("XMLHttpRequest")
                .contains("uPlot").contains("a compare table").contains("id=\"report-data\"");
    }

    @Test
    void everyChartIsDrawnInAHeadlessBrowserWithoutConsoleErrors() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), CHROMIUM + " is not installed (apt-get install chromium); .ci/run"
                + " installs it and fails if this test was skipped");
        Files.createDirectories(OUT);
        Path page = OUT.resolve("report.html").toAbsolutePath();
        Files.writeString(page, HtmlReport.render("iobench report test", "test", realResults(), null, null,
                HistoryChartDataTest.history()));

        // the page writes its self-check two animation frames after drawing; a headless browser on a crowded
        // machine sometimes dumps the DOM before those frames ran, which says nothing about the page: try again
        String selfCheck = "";
        for (int dump = 0; dump < 3 && selfCheck.isEmpty(); dump++) {
            Matcher m = Pattern.compile("<pre id=\"selfcheck\">([^<]*)</pre>").matcher(chromium("--dump-dom", page));
            assertThat(m.find()).as("the page has its self-check element").isTrue();
            selfCheck = m.group(1);
        }
        assertThat(selfCheck).as("the self-check ran (3 DOM dumps)").isNotEmpty();
        JsonNode check = new ObjectMapper().readTree(selfCheck.replace("&quot;", "\""));
        assertThat(check.path("errors")).as(check.toString()).isEmpty();
        assertThat(check.path("charts").asInt()).isGreaterThanOrEqualTo(4 + 2); // two history charts
        assertThat(check.path("drawn").asInt()).as(check.toString()).isEqualTo(check.path("canvases").asInt());
        assertThat(check.path("canvases").asInt()).isEqualTo(check.path("charts").asInt());

        chromium("--screenshot=" + OUT.resolve("report.png").toAbsolutePath(), page);
        assertThat(OUT.resolve("report.png")).isNotEmptyFile();
    }

    private String chromium(String action, Path page) throws Exception {
        Path profile = Files.createTempDirectory(dir, "chromium-");
        Process p = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--virtual-time-budget=5000", "--window-size=1200,3000", action,
                page.toUri().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish");
        }
        return out;
    }
}
