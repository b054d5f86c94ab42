package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iobench.advise.Recorded.job;
import static org.iobench.advise.Recorded.result;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.advise.Recorded.Run;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.report.FindingText;
import org.iobench.report.JsonReport;
import org.iobench.result.BenchmarkResult;
import org.junit.jupiter.api.Test;

/**
 * Findings that say the same thing about several jobs (the blog post's ten dd's, lv0..lv9) are one line naming them
 * all, in the text; the JSON keeps one entry per job, each with its own evidence.
 */
class AlikeFindingsTest {

    private static BenchmarkResult overwrite(String name, long read) {
        return Advisor.standard().advise(result(job(name).rw(RwMode.WRITE).blockSize(512)
                .sync(SyncMode.FDATASYNC).build(), Run.of(0, 32L << 20).workers(read, 32L << 20)));
    }

    private static List<BenchmarkResult> tenVolumes() {
        List<BenchmarkResult> all = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            all.add(overwrite("lv" + i, (32L << 20) + i * 200_000L));
        }
        return all;
    }

    @Test
    void tenJobsWithTheSameReadModifyWriteAreOneLineNamingThemAll() {
        List<String> lines = FindingText.lines(tenVolumes());
        assertThat(lines).singleElement().asString()
                .startsWith("warning: lv0..lv9 run 1: [read-modify-write] writes of 512 B")
                .contains("(lv0: the workers caused 33.6 MB of storage reads");
    }

    @Test
    void theJsonKeepsOneEntryPerJobWithItsOwnEvidence() throws IOException {
        List<BenchmarkResult> ten = tenVolumes();
        JsonNode doc = JsonReport.read(JsonReport.write(ten, "test", Map.of()));
        List<String> evidence = new ArrayList<>();
        for (JsonNode b : doc.path("benchmarks")) {
            assertThat(b.path("findings")).hasSize(1);
            evidence.add(b.path("findings").get(0).path("job").asText() + " "
                    + b.path("findings").get(0).path("evidence").asText());
        }
        assertThat(evidence).hasSize(10).doesNotHaveDuplicates();
    }

    @Test
    void findingsThatDifferInWordingStayApartAndNamesOutOfSeriesAreListed() {
        List<BenchmarkResult> mixed = List.of(overwrite("a", 32L << 20), overwrite("c", 32L << 20),
                Advisor.standard().advise(result(job("big").rw(RwMode.WRITE).blockSize(1 << 20)
                        .offsetBytes(512).sync(SyncMode.FDATASYNC).build(), Run.of(0, 32L << 20)
                        .workers(32L << 20, 32L << 20))));
        List<String> lines = FindingText.lines(mixed);
        assertThat(lines).hasSize(2);
        assertThat(lines.getFirst()).startsWith("warning: a, c run 1: [read-modify-write] writes of 512 B");
        assertThat(lines.get(1)).startsWith("warning: big run 1: [read-modify-write] the kernel read pages");
    }

    @Test
    void theSameFindingCarriedTwiceIsPrintedOnce() {
        BenchmarkResult one = overwrite("lv0", 32L << 20);
        assertThat(FindingText.lines(List.of(one, one))).singleElement().asString()
                .startsWith("warning: lv0 run 1: ");
    }
}
