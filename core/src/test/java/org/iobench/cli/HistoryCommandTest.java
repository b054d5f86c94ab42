package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iobench.history.SyntheticHistory;
import org.iobench.job.RwMode;
import org.iobench.store.Databases;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreFixtures;
import org.iobench.table.Golden;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iobench history} over runs saved through the store API: 30 invocations of 3 workloads, 3 repetitions each
 * (CV 2 %), labelled kernel=2.6.9, 2.6.10, 2.6.19, 6.1, 6.2 (six invocations each); the first workload drops 10 %
 * from the 13th invocation (the first of 2.6.19), the second misses every fifth invocation, the third is steady.
 */
class HistoryCommandTest {
    static final String[] KERNELS = {"2.6.9", "2.6.10", "2.6.19", "6.1", "6.2"};

    @TempDir
    static Path dir;
    static String db;

    @BeforeAll
    static void saveHistory() {
        db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            store.saveAll(SyntheticHistory.runs(11, 30, 3, 3, 0.02, (w, i) -> w == 0 && i >= 12 ? 0.9 : 1,
                    List.of(1), i -> Map.of("kernel", KERNELS[i / 6])));
            store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.RANDREAD, 4096, 1, true, 1e8),
                    Map.of("other", "x"), StoreFixtures.T0.plusSeconds(3600)));
        }
    }

    static InProcess.Result history(int status, String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "history";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--db";
        all[args.length + 2] = db;
        InProcess.Result r = InProcess.run(all);
        assertThat(r.status()).as(r.err()).isEqualTo(status);
        return r;
    }

    @Test
    void byTimeEachWorkloadShowsItsSparklineSegmentsAndTheChangeWithItsRunsShiftAndPValue() {
        String text = history(0).out();

        List<String> lines = text.lines().toList();
        assertThat(lines.get(0)).isEqualTo("randread 4KiB 1 thread qd1 direct sync none: 31 runs by time, 1 change point");
        assertThat(lines.get(1)).startsWith("  ").contains("│");
        assertThat(lines.get(1).indexOf('│')).isEqualTo(2 + 12);
        assertThat(lines.get(2)).contains("runs", "first (UTC)", "mean MB/s", "change", "p");
        assertThat(lines.get(3)).startsWith("#1..#").containsPattern("2026-11-02 10:11:00 +12 +36 ");
        assertThat(lines.get(4)).startsWith("#").containsPattern("2026-11-02 10:12:00 .* 19 +55 ")
                .containsPattern("-(9|10|11)\\.\\d% worse  0\\.005$");
        assertThat(text).contains("randwrite 4KiB 1 thread qd1 direct sync none: 24 runs by time, no change point")
                .contains("read 4KiB 1 thread qd1 direct sync none: 30 runs by time, no change point")
                .contains("alpha 0.01, minimum magnitude 0%, 199 permutations of whole runs, seed 1");
        Golden.assertMatches(text, "history/golden/by-time.txt");
    }

    @Test
    void byLabelThePointsAreKernelsInNaturalOrderAndRunsWithoutTheLabelAreCounted() {
        String text = history(0, "--by", "kernel", "--points").out();

        assertThat(text).contains("randread 4KiB 1 thread qd1 direct sync none: 5 values of kernel in natural order,"
                + " 1 change point");
        List<String> rows = text.lines().filter(l -> l.matches("^(2\\.6|6\\.).*")).toList();
        assertThat(rows).extracting(l -> l.split("\\s+")[0]).startsWith("2.6.9", "2.6.10", "2.6.19", "6.1", "6.2");
        assertThat(rows.get(2)).contains("worse");
        assertThat(text).contains("left out: 1 selected run without the label kernel");
        Golden.assertMatches(text, "history/golden/by-kernel-points.txt");
    }

    @Test
    void jsonHasEveryPointWithItsRepetitionsAndEveryChangePoint() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(history(0, "rw:randread", "--format", "json").out());

        assertThat(doc.path("formatVersion").asInt()).isEqualTo(1);
        assertThat(doc.path("order").asText()).isEqualTo("time");
        assertThat(doc.path("changePoints").path("permute").asText()).isEqualTo("runs");
        JsonNode w = doc.path("workloads").get(0);
        assertThat(w.path("key").path("blockSize").asLong()).isEqualTo(4096);
        assertThat(w.path("points")).hasSize(31);
        assertThat(w.path("points").get(0).path("runs").get(0)).hasSize(3);
        JsonNode c = w.path("changePoints").get(0);
        assertThat(c.path("index").asInt()).isEqualTo(12);
        assertThat(c.path("before").asText()).isEqualTo(w.path("points").get(11).path("name").asText());
        assertThat(c.path("worse").asBoolean()).isTrue();
        assertThat(c.path("changePercent").asDouble()).isBetween(-12.0, -8.0);
        assertThat(c.path("pValue").asDouble()).isEqualTo(0.005);
    }

    @Test
    void csvHasOneRowPerPointOfEveryWorkloadWithItsSegment() {
        List<String> lines = history(0, "--format", "csv").out().lines().toList();
        assertThat(lines.getFirst()).startsWith("workload,position,run,run ids,first (UTC),n,mean MB/s");
        assertThat(lines).hasSize(1 + 31 + 24 + 30);
        assertThat(lines.get(13)).startsWith("randread 4KiB 1 thread qd1 direct sync none,13,").contains(",2,-");
    }

    @Test
    void aMinimumMagnitudeAboveTheShiftDropsTheChangePoint() {
        assertThat(history(0, "rw:randread", "--min-magnitude", "15%").out()).contains("no change point")
                .contains("minimum magnitude 15%");
    }

    @Test
    void theHtmlReportOfTheStoredRunsHasAHistoryChartPerWorkloadWithTheChangePoint() throws Exception {
        InProcessMain.Result r = InProcessMain.run("report", "--format", "html", "--history-by", "kernel", "--db", db);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("<h2>History and change points</h2>")
                .contains("5 values of kernel in natural order, 1 change point");
        var m = java.util.regex.Pattern.compile("id=\"report-data\">(.*?)</script>", java.util.regex.Pattern.DOTALL)
                .matcher(r.out());
        assertThat(m.find()).isTrue();
        JsonNode history = new ObjectMapper().readTree(m.group(1).replace("<\\/", "</")).path("history");
        assertThat(history).hasSize(3);
        assertThat(history.get(0).path("names").get(2).asText()).isEqualTo("2.6.19");
        assertThat(history.get(0).path("changes").get(0).path("index").asInt()).isEqualTo(2);
    }

    @Test
    void badOptionsAreOneLineWithStatus2AndAnEmptySelectionStatus1() {
        assertThat(history(2, "--order", "size").err()).contains("--order size");
        assertThat(history(2, "--by", "kernel", "--order", "time").err()).contains("--by kernel");
        assertThat(history(2, "--alpha", "1.5").err()).contains("--alpha");
        assertThat(history(2, "--permutations", "0").err()).contains("--permutations");
        assertThat(history(2, "--permute", "blocks").err()).contains("--permute blocks");
        assertThat(history(2, "--min-magnitude", "much").err()).contains("'much' is not a percentage");
        assertThat(history(1, "label:kernel=9.9").err()).contains("selects no complete runs");
        assertThat(history(1, "--by", "nosuchlabel").err()).contains("no selected run has the label nosuchlabel");
    }
}
