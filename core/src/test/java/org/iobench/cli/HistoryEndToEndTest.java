package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.session.ExitException;
import org.iobench.store.Databases;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs whose speed truly changes: 14 paced 4 KiB read jobs on a 1 MiB file (2 repetitions of 150 ms each),
 * the first 6 at 800 IOPS and the next 8 at 400 IOPS, saved by {@code iobench run}; {@code history} must put the
 * change between the 6th and 7th run, {@code check} must exit 3 on the slow runs against the fast ones and never regress a
 * run against itself.
 */
class HistoryEndToEndTest {
    static final int FAST = 6;
    static final int SLOW = 8;

    @TempDir
    static Path dir;
    static String db;
    static final List<Long> ids = new ArrayList<>();

    @BeforeAll
    static void runPacedJobsAtTwoRates() throws Exception {
        db = Databases.sqlite(dir);
        for (int i = 1; i <= FAST + SLOW; i++) {
            boolean fast = i <= FAST;
            InProcessMain.Result r = InProcessMain.run("run", "--rw", "read", "--bs", "4k", "--size", "1m",
                    "--time", "150ms", "--runs", "2", "--rate", fast ? "800" : "400", "--sample-interval", "0",
                    "--label", "phase=" + (fast ? "fast" : "slow"), "--label", "step=" + i, "--db", db,
                    dir.resolve("f").toString());
            assertThat(r.status()).as(r.err()).isZero();
            var saved = java.util.regex.Pattern.compile("saved as run (\\d+)").matcher(r.err());
            assertThat(saved.find()).as(r.err()).isTrue();
            ids.add(Long.parseLong(saved.group(1)));
        }
    }

    @Test
    void historyFindsTheChangeBetweenTheLastFastAndTheFirstSlowRun() throws Exception {
        InProcess.Result r = InProcess.run("history", "--format", "json", "--db", db);
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode w = new ObjectMapper().readTree(r.out()).path("workloads").get(0);
        assertThat(w.path("points")).hasSize(FAST + SLOW);
        JsonNode changes = w.path("changePoints");
        assertThat(changes).as(r.out()).hasSize(1);
        assertThat(changes.get(0).path("index").asInt()).isEqualTo(FAST);
        assertThat(changes.get(0).path("before").asText()).isEqualTo("#" + ids.get(FAST - 1));
        assertThat(changes.get(0).path("after").asText()).isEqualTo("#" + ids.get(FAST));
        assertThat(changes.get(0).path("changePercent").asDouble()).isBetween(-60.0, -40.0);
        assertThat(changes.get(0).path("pValue").asDouble()).isLessThanOrEqualTo(0.01);
    }

    @Test
    void byALabelWithNumbersTheStepsAreInNaturalOrderAndTheChangeIsAfterStep6() {
        InProcess.Result r = InProcess.run("history", "--by", "step", "--points", "--db", db);
        assertThat(r.status()).as(r.err()).isZero();
        List<String> rows = r.out().lines().filter(l -> l.matches("^\\d+\\s.*")).toList();
        assertThat(rows).extracting(l -> l.split("\\s+")[0])
                .containsExactly("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14");
        assertThat(rows.get(FAST)).contains("worse");
        assertThat(rows.stream().filter(l -> l.contains("worse") || l.contains("better"))).hasSize(1);
    }

    @Test
    void checkExits3OnTheSlowRunsAgainstTheFastOnesAnd0OnARunAgainstItselfOrItsEquals() {
        InProcess.Result slow = InProcess.run("check", "phase=slow", "--against", "phase=fast", "--db", db);
        assertThat(slow.status()).as(slow.out() + slow.err()).isEqualTo(ExitException.REGRESSION);
        assertThat(slow.out()).contains("REGRESSED");

        String last = "id:" + ids.getLast();
        // Against itself or its equals nothing regresses. Whether two 150 ms repetitions can detect a loss of the
        // threshold depends on how steady the machine held the pace: on a loaded machine check honestly answers
        // inconclusive (5), never regressed.
        InProcess.Result self = InProcess.run("check", last, "--against", last, "--db", db);
        assertThat(self.status()).as(self.out() + self.err()).isIn(0, ExitException.INCONCLUSIVE);

        InProcess.Result same = InProcess.run("check", last, "--against", "phase=slow,step=7,8,9,10", "--db", db);
        assertThat(same.status()).as(same.out() + same.err()).isIn(0, ExitException.INCONCLUSIVE);
    }
}
