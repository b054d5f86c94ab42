package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.iobench.advise.Advisor;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.store.Databases;
import org.iobench.store.NewRun;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreFixtures;
import org.iobench.sysmon.env.Environment;
import org.iobench.testing.Chromium;
import org.iobench.workload.Benchmark;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report --base --new -o page.html} of real runs from two environments, opened in headless chromium: no
 * console errors, every chart drawn, the comparison a table, what differs between the environments shown, and
 * the page's structure (sections, tables, canvases) as expected; printed, one page per section at least.
 */
class AbReportPageTest {
    private static final Path OUT = Path.of("target/report-test");

    @TempDir
    Path dir;

    private static final Environment NEW_ENV = new Environment("bench1", "6.19.0-test", "root=/dev/vda1 ro",
            "Test CPU @ 2.40GHz", 2, 4L << 30,
            new Environment.Filesystem("ext4", "/", "/dev/vda1", List.of("rw", "noatime")),
            new Environment.Device("vda1", "vda", null, 20L << 30, false, "none", 512, 4096, null),
            "0.2.0-test", "0123456789ab", "25+36 (test VM)");

    @Test
    void theAbPageHasTheComparisonTableTheEnvironmentDiffAndEveryChartDrawn() throws Exception {
        Chromium chromium = new Chromium(dir);
        String db = Databases.sqlite(dir);
        Benchmark benchmark = Benchmark.system(100);
        try (ResultStore store = ResultStore.open(db)) {
            int n = 0;
            for (String side : List.of("base", "new")) {
                for (long bs : new long[] {4096, 65536}) {
                    JobSpec spec = JobSpec.builder(dir.resolve(side + bs)).rw(RwMode.RANDREAD).blockSize(bs)
                            .sizeBytes(4 << 20).runs(4).build();
                    BenchmarkResult r = Advisor.standard().advise(benchmark.execute(spec, new RunControl(),
                            RunListener.NONE));
                    store.save(new NewRun(r, side.equals("base") ? StoreFixtures.ENV : NEW_ENV, Map.of("side", side),
                            null, "iobench", StoreFixtures.T0.plusSeconds(n++)));
                }
            }
        }
        Files.createDirectories(OUT);
        Path page = OUT.resolve("ab-report.html").toAbsolutePath();
        Files.deleteIfExists(page);
        InProcess.Result r = InProcess.run("report", "--base", "side=base", "--new", "side=new", "-o",
                page.toString(), "--title", "A/B: side=new against side=base", "--db", db);
        assertThat(r.status()).as(r.err()).isZero();

        JsonNode check = chromium.selfCheck(page);
        assertThat(check.path("errors")).as(check.toString()).isEmpty();
        assertThat(check.path("drawn").asInt()).as(check.toString()).isEqualTo(check.path("canvases").asInt());
        assertThat(check.path("canvases").asInt()).isEqualTo(check.path("charts").asInt());
        assertThat(check.path("hovered").asInt()).as("every chart's legend shows values on hover")
                .isEqualTo(check.path("charts").asInt());
        // the structure: results, comparison, environment diff, block sizes, latency, runs over time, history,
        // advisor, environment; tables: results, comparison, diff, targets, one per environment
        // with the latency distributions, and the A/B's side by side
        assertThat(check.path("sections").asInt()).as(check.toString()).isEqualTo(11);
        assertThat(check.path("abDistributed").asInt()).as("both rows' A/B distributions drawn").isEqualTo(2);
        assertThat(check.path("abNotDrawn").asInt()).isZero();
        assertThat(check.path("tables").asInt()).as(check.toString()).isEqualTo(6);
        // A/B bars, MB/s and IOPS by block size, latency percentiles, histogram and CDF, per benchmark (4) its
        // runs overlaid and its median run's latency per interval (and system samples where it has them), 2 history
        // charts, and per row its A/B histogram and CDF
        assertThat(check.path("charts").asInt()).isGreaterThanOrEqualTo(1 + 2 + 1 + 2 + 4 * 2 + 2 + 2 * 2);

        String dom = chromium.dom();
        assertThat(count(dom, "<section")).isEqualTo(11);
        assertThat(dom).contains("Histogram: 4KiB").contains("CDF: 64KiB")
                .contains("side=base (4 runs)").contains("side=new (4 runs)");
        assertThat(count(dom, "<canvas")).isEqualTo(check.path("charts").asInt());
        String comparison = between(dom, "<table class=\"comparison\">", "</table>");
        assertThat(count(comparison, "<tr class=\"")).as("one row per workload").isEqualTo(2);
        // a row whose runs the advisor warned about carries the finding's id (issue 25), explained under the table
        assertThat(comparison).containsPattern(">4KiB( ![a-z-]+)*<").containsPattern(">64KiB( ![a-z-]+)*<")
                .contains("Mann-Whitney U")
                .containsPattern("class=\"(sig better|sig worse|nsig)\"");
        String diff = between(dom, "<table class=\"envdiff\">", "</table>");
        assertThat(diff).contains(">kernel<").contains("6.18.0-test").contains("<mark>6.19.0-test</mark>")
                .contains(">scheduler<").contains("<mark>none</mark>").contains(">mount options<")
                .contains("rw,noatime").contains(">iobench version<").contains(">iobench commit<")
                .doesNotContain(">CPU<").doesNotContain(">memory<").doesNotContain(">host<");
        assertThat(dom).doesNotContain("significant: --");

        chromium.screenshot(page, OUT.resolve("ab-report.png"), 1200, 2200);
        Path pdf = OUT.resolve("ab-report.pdf").toAbsolutePath();
        Files.deleteIfExists(pdf);
        chromium.print(page, pdf);
        assertThat(pages(pdf)).as("printed: a page (or more) per section").isGreaterThanOrEqualTo(11);
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    private static String between(String text, String from, String to) {
        int i = text.indexOf(from);
        assertThat(i).as(from).isNotNegative();
        return text.substring(i, text.indexOf(to, i));
    }

    /** Pages of a PDF as chromium writes it: its page objects. */
    private static int pages(Path pdf) throws java.io.IOException {
        String text = new String(Files.readAllBytes(pdf), java.nio.charset.StandardCharsets.ISO_8859_1);
        return (int) Pattern.compile("/Type\\s*/Page\\b(?!s)").matcher(text).results().count();
    }
}
