package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.iobench.result.Interval;
import org.iobench.result.RunResult;
import org.iobench.store.Databases;
import org.iobench.store.ResultStore;
import org.iobench.store.V1Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: a result saved before the tail rule keeps its stub last interval in the database; it reads folded, so
 * that every view of it shows the series a run measured now would have. The row is a real one of that time
 * ({@code store/v1/paced-rate}: 2048 reads at 2000/s, series [1 s: 1965 reads, 24.1 ms: 83 reads], the stub
 * reporting 3444 IOPS).
 */
class StoredStubsFoldedTest {
    @TempDir
    Path dir;

    @Test
    void aStubSavedBeforeTheRuleIsFoldedInTheStoreShowAndItsJson() throws Exception {
        long id = V1Database.withRow(dir, "paced-rate");
        String db = Databases.sqlite(dir);
        RunResult run;
        try (ResultStore store = ResultStore.open(db)) {
            run = store.result(id).orElseThrow().runs().getFirst();
        }
        List<Interval> series = run.intervals().series();
        assertThat(series).hasSize(1);
        assertThat(series.getFirst().durationNanos()).isEqualTo(1_024_096_904L)
                .isEqualTo(run.totals().elapsedNanos());
        assertThat(series.getFirst().reads()).isEqualTo(2048).isEqualTo(run.totals().reads());
        assertThat(series.getFirst().bytesRead()).isEqualTo(run.totals().bytesRead());

        InProcess.Result json = InProcess.run("show", Long.toString(id), "--format", "json", "--db", db);
        assertThat(json.status()).as(json.err()).isZero();
        JsonNode shown = new ObjectMapper().readTree(json.out());
        List<JsonNode> seriesShown = shown.findValues("series").stream().filter(JsonNode::isArray).toList();
        assertThat(seriesShown).isNotEmpty().allSatisfy(s -> {
            assertThat(s).hasSize(1);
            assertThat(s.get(0).path("reads").asLong()).isEqualTo(2048);
        });

        InProcess.Result csv = InProcess.run("show", Long.toString(id), "--format", "csv", "--db", db);
        assertThat(csv.status()).as(csv.err()).isZero();
        assertThat(csv.out()).doesNotContain("24096904").doesNotContain("3444");
    }
}
