package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.iobench.testing.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page of what users store without --runs: the same test run four times (four stored runs, twins that differ
 * in nothing but their id), and two saturate searches of one workload. The twins are one benchmark on "Runs over
 * time", their runs overlaid with the median bold, as --runs repetitions are; the two searches' steps are two sweep
 * curves, never one pooled line; no series label repeats a word; headless Chromium draws it all without an error.
 */
@Timeout(300)
class TwinsAndSearchesPageTest {
    @TempDir
    Path dir;

    @Test
    void twinsAreOverlaidAsOneBenchmarksRunsAndTwoSearchesAreTwoCurves() throws Exception {
        String db = "jdbc:sqlite:" + dir.resolve("r.db");
        Path f = dir.resolve("f");
        for (int i = 0; i < 4; i++) {
            InProcess.Result r = InProcess.run("run", "--engine", "null", "--rw", "randread", "--bs", "4k", "--size",
                    "1m", "--db", db, "-q", f.toString());
            assertThat(r.status()).as(r.err()).isZero();
        }
        for (int i = 0; i < 2; i++) {
            InProcess.Result r = InProcess.run("saturate", "--engine", "null", "--rw", "randwrite", "--bs", "4k",
                    "--size", "1m", "--step-time", "100ms", "--max", "8", "--axis", "threads", "--sample-interval", "0",
                    "--db", db, f.toString());
            assertThat(r.status()).as(r.err()).isZero();
        }
        Files.createDirectories(Path.of("target/report-test"));
        Path page = Path.of("target/report-test/twins-searches.html").toAbsolutePath();
        Files.deleteIfExists(page);
        InProcess.Result report = InProcess.run("report", "--db", db, "-o", page.toString());
        assertThat(report.status()).as(report.err()).isZero();
        JsonNode data = SearchPageTest.pageData(Files.readString(page));

        // the four twins: one entry, four stored runs overlaid, one median
        List<JsonNode> twins = new ArrayList<>();
        int stored = 0;
        for (JsonNode b : data.path("series")) {
            stored += b.path("benchmarks").size();
            if (b.path("benchmarks").size() > 1) {
                twins.add(b);
            }
        }
        assertThat(twins).singleElement().satisfies(b -> {
            assertThat(b.path("label").asText()).endsWith("(4 runs stored apart)").doesNotContain("#");
            assertThat(b.path("runs")).hasSize(4);
            Set<String> names = new HashSet<>();
            int medians = 0;
            for (JsonNode r : b.path("runs")) {
                names.add(r.path("name").asText());
                medians += r.path("median").asBoolean() ? 1 : 0;
            }
            assertThat(names).hasSize(4).allMatch(n -> n.matches("#\\d+"));
            assertThat(medians).isOne();
        });
        int steps = 0;
        for (JsonNode s : data.path("searches")) {
            steps += s.path("x").size();
        }
        assertThat(data.path("searches")).hasSize(2);
        assertThat(stored).as("every stored benchmark on runs over time").isEqualTo(4 + steps);

        // the searches' steps on the threads axis: a curve per search, each step once in its own curve
        JsonNode threads = null;
        for (JsonNode a : data.path("sweeps")) {
            if (a.path("axis").asText().equals("threads")) {
                threads = a;
            }
        }
        assertThat(threads).isNotNull();
        List<String> curves = new ArrayList<>();
        for (JsonNode chart : threads.path("charts")) {
            for (JsonNode c : chart) {
                curves.add(c.path("label").asText());
                c.path("points").forEach(p -> assertThat(p.path("n").asInt()).as("a step pooled with another search's")
                        .isOne());
            }
        }
        assertThat(curves).hasSize(2).allMatch(l -> l.startsWith("saturate threads"));

        // labels by what differs: no word twice in any series label
        List<String> labels = new ArrayList<>();
        data.path("series").forEach(b -> labels.add(b.path("label").asText()));
        data.path("latency").forEach(b -> labels.add(b.path("label").asText()));
        data.path("distributions").path("charts").forEach(c -> c.path("series")
                .forEach(s -> labels.add(s.path("label").asText())));
        labels.addAll(curves);
        assertThat(labels).isNotEmpty().allSatisfy(l -> {
            List<String> words = Arrays.asList(l.split(" "));
            assertThat(new HashSet<>(words)).as(l).hasSameSizeAs(words);
            // nor a word that is a piece of one before it: the job randread-4KiB needs no "randread" after it
            for (int k = 0; k < words.size(); k++) {
                String w = words.get(k);
                assertThat(words.subList(0, k).stream().filter(o -> o.matches("(.*[^A-Za-z0-9])?"
                        + java.util.regex.Pattern.quote(w) + "([^A-Za-z0-9].*)?"))).as(l).isEmpty();
            }
        });

        Chromium chromium = new Chromium(dir); // skips without chromium
        JsonNode check = chromium.selfCheck(page);
        assertThat(check.path("errors")).as(check.toString()).isEmpty();
        int charts = check.path("charts").asInt();
        assertThat(check.path("drawn").asInt()).as("every chart drawn: %s", check).isEqualTo(charts);
        assertThat(check.path("labelled").asInt()).as("every series labelled: %s", check).isEqualTo(charts);
        assertThat(check.path("benchmarks").asInt()).isEqualTo(stored);
        assertThat(check.path("seriesEntries").asInt()).isEqualTo(stored - 3);
        assertThat(chromium.dom()).contains("Throughput per interval: 4 runs overlaid, the median bold")
                .contains("(median) MB/s");
        chromium.screenshot(page, page.resolveSibling("twins-searches.png"), 1200, 3000);
    }
}
