package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.testing.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page of 100 stored benchmarks, as a team's store holds them: two sides of an A/B, each a sweep over block
 * size, threads and queue depth (5 x 2 x 5 points), every point repeated. It opens in headless Chromium without a
 * console error, every chart drawn and each of its series labelled by what differs, and nothing is left out
 * silently: every benchmark has its runs over time (in collapsed groups) and its distribution, or is named as not
 * drawn. A screenshot is kept in target/report-test/ as a build artifact.
 */
@Timeout(600)
class LargeReportPageTest {
    private static final Path OUT = Path.of("target/report-test");

    @TempDir
    Path dir;

    @Test
    void aPageOfOneHundredBenchmarksHasEveryChartDrawnAndLabelledAndDropsNothing() throws Exception {
        Chromium chromium = new Chromium(dir); // skips without chromium
        String db = "jdbc:sqlite:" + dir.resolve("r.db");
        for (String side : List.of("base", "new")) {
            // the null engine: no I/O to wait for, so 100 benchmarks are made in seconds; the page is the subject
            InProcess.Result run = InProcess.run("run", "--engine", "null", "--rw", "randread", "--bs", "4k..64k",
                    "--threads", "1,2", "--iodepth", "1,2,4,8,16", "--size", "1m", "--runs", "2",
                    "--label", "side=" + side, "--db", db, "-q", "x");
            assertThat(run.status()).as(run.err()).isZero();
        }
        Files.createDirectories(OUT);
        Path page = OUT.resolve("report-100.html").toAbsolutePath();
        Files.deleteIfExists(page);
        InProcess.Result report = InProcess.run("report", "--base", "side=base", "--new", "side=new", "-o",
                page.toString(), "--db", db);
        assertThat(report.status()).as(report.err()).isZero();
        assertThat(report.err()).contains("(100 benchmarks)");

        // every series labelled by what differs only: no word twice in a label (a job named "64KiB T2 Q16" and its
        // workload "randread T2 Q16" once read "64KiB T2 Q16 randread T2 Q16")
        JsonNode data = SearchPageTest.pageData(Files.readString(page));
        List<String> labels = new java.util.ArrayList<>();
        data.path("series").forEach(b -> labels.add(b.path("label").asText()));
        data.path("latency").forEach(b -> labels.add(b.path("label").asText()));
        data.path("history").forEach(h -> labels.add(h.path("label").asText()));
        data.path("sweeps").forEach(a -> a.path("charts").forEach(c -> c.forEach(l -> labels.add(l.path("label").asText()))));
        assertThat(labels).hasSizeGreaterThan(200).allSatisfy(l -> {
            List<String> words = List.of(l.split(" "));
            assertThat(new java.util.HashSet<>(words)).as(l).hasSameSizeAs(words);
        });

        JsonNode check = chromium.selfCheck(page);
        assertThat(check.path("errors")).as(check.toString()).isEmpty();
        int charts = check.path("charts").asInt();
        assertThat(check.path("canvases").asInt()).as(check.toString()).isEqualTo(charts);
        assertThat(check.path("drawn").asInt()).as("every chart drawn: %s", check).isEqualTo(charts);
        assertThat(check.path("labelled").asInt()).as("every series labelled: %s", check).isEqualTo(charts);
        assertThat(check.path("hovered").asInt()).as("every legend shows values on hover").isEqualTo(charts);
        assertThat(check.path("benchmarks").asInt()).as("runs over time of every benchmark").isEqualTo(100);
        assertThat(check.path("distributed").asInt() + check.path("notDrawn").asInt())
                .as("every benchmark's distribution drawn or named").isEqualTo(100);
        assertThat(check.path("groups").asInt()).as("grouped, not one flat list").isBetween(2, 99);
        assertThat(check.path("histories").asInt()).as("a history chart per workload of the 100: %s", check)
                .isEqualTo(50);
        assertThat(check.path("historiesDrawn").asInt()).as("every history chart drawn, none dropped")
                .isEqualTo(check.path("histories").asInt());

        String dom = chromium.dom();
        // a chart per swept axis, and per benchmark its runs overlaid and its latency over time
        assertThat(dom).contains("MB/s by block size").contains("MB/s by queue depth").contains("MB/s by threads");
        assertThat(charts).isGreaterThanOrEqualTo(6 + 2 * 100 + 50);
        // the history section grouped as the others: groups of at most 10 workloads, collapsed
        assertThat(dom).contains("50 workloads charted in 5 groups of at most 10")
                .contains("iobench history's text of the 50 workloads");
        chromium.screenshot(page, OUT.resolve("report-100.png"), 1200, 4000);
    }
}
