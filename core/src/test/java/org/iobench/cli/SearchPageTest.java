package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iobench.testing.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * saturate's curves on the report page: a saturation search and a latency-targeted one, stored, then drawn from
 * the store with the knee and the best step where saturate's own document put them (the page concludes them from
 * the stored steps with the search's code), the knee drawn in headless Chromium, the text saturate printed with
 * its bars under each chart.
 */
@Timeout(300)
class SearchPageTest {
    @TempDir
    Path dir;

    @Test
    void theStoredSearchesAreChartedWithTheKneeAndBestSaturateFound() throws Exception {
        String db = "jdbc:sqlite:" + dir.resolve("r.db");
        Path f = dir.resolve("f");
        String[][] searches = {
                {"saturate", "--engine", "null", "--rw", "randread", "--bs", "4k", "--size", "1m", "--step-time",
                        "100ms", "--max", "16", "--sample-interval", "0"},
                {"saturate", "--engine", "null", "--latency-target", "p99=1s", "--axis", "threads", "--rw",
                        "randread", "--bs", "4k", "--size", "1m", "--step-time", "100ms", "--max", "8",
                        "--sample-interval", "0"}};
        JsonNode[] docs = new JsonNode[searches.length];
        for (int i = 0; i < searches.length; i++) {
            Path json = dir.resolve("s" + i + ".json");
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(searches[i]),
                    java.util.stream.Stream.of("--db", db, "-o", json.toString(), f.toString())).toArray(String[]::new);
            InProcess.Result r = InProcess.run(args);
            assertThat(r.status()).as(r.err()).isZero();
            assertThat(r.out()).as("the text draws each step's IOPS as a bar").contains("IOPS of the highest")
                    .contains("####################");
            docs[i] = new ObjectMapper().readTree(json.toFile());
        }
        Files.createDirectories(Path.of("target/report-test"));
        Path page = Path.of("target/report-test/searches.html").toAbsolutePath();
        Files.deleteIfExists(page);
        InProcess.Result report = InProcess.run("report", "--db", db, "-o", page.toString());
        assertThat(report.status()).as(report.err()).isZero();

        JsonNode data = pageData(Files.readString(page));
        JsonNode charted = data.path("searches");
        assertThat(charted).hasSize(2);
        int knees = 0;
        for (int i = 0; i < docs.length; i++) {
            JsonNode curve = docs[i].path("search").path("curve");
            JsonNode s = find(charted, docs[i].path("search").path("series").asText());
            assertThat(s.path("note").asText()).as("concluded from the stored steps").doesNotStartWith("knee and best not");
            assertThat(s.path("x")).hasSize(curve.path("points").size());
            assertThat(name(s, "knee")).as("the knee saturate printed").isEqualTo(label(curve.path("knee")));
            assertThat(name(s, "best")).as("the best saturate printed").isEqualTo(label(curve.path("best")));
            assertThat(s.path("text").asText()).contains("stopped: ");
            knees += s.path("knee").isNull() ? 0 : 1;
        }
        assertThat(find(charted, docs[1].path("search").path("series").asText()).path("targetName").asText())
                .isEqualTo("p99<=1s");

        Chromium chromium = new Chromium(dir); // skips without chromium
        JsonNode check = chromium.selfCheck(page);
        assertThat(check.path("errors")).as(check.toString()).isEmpty();
        assertThat(check.path("drawn").asInt()).as("every chart drawn: %s", check).isEqualTo(check.path("charts").asInt());
        assertThat(check.path("labelled").asInt()).isEqualTo(check.path("charts").asInt());
        assertThat(check.path("searches").asInt()).isEqualTo(2);
        assertThat(check.path("kneesMarked").asInt()).as("every knee found is drawn").isEqualTo(knees);
        chromium.screenshot(page, page.resolveSibling("searches.png"), 1200, 2400);
        assertThat(chromium.dom()).contains("Saturation over auto").contains("Highest load within p99&lt;=1s");
    }

    private static JsonNode find(JsonNode charted, String series) {
        for (JsonNode s : charted) {
            if (s.path("title").asText().contains(series.split(" ")[series.split(" ").length - 1])
                    && s.path("title").asText().startsWith(series.contains("<=") ? "Highest" : "Saturation")) {
                return s;
            }
        }
        throw new AssertionError("no chart of " + series + " in " + charted);
    }

    /** The setting's name of the page's knee or best step, or null. */
    private static String name(JsonNode s, String field) {
        return s.path(field).isNull() ? null : s.path("names").get(s.path(field).asInt()).asText();
    }

    /** {@code threads=8} of a document's point, as Setting.label names it, or null. */
    private static String label(JsonNode point) {
        if (point.isNull() || point.isMissingNode()) {
            return null;
        }
        JsonNode s = point.path("setting");
        return "threads=" + s.path("threads").asInt() + (s.path("iodepth").asInt() > 1 ? ",iodepth="
                + s.path("iodepth").asInt() : "");
    }

    static JsonNode pageData(String html) throws Exception {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"report-data\">(.*?)</script>",
                Pattern.DOTALL).matcher(html);
        assertThat(m.find()).isTrue();
        return new ObjectMapper().readTree(m.group(1).replace("<\\/", "</"));
    }
}
