package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.iobench.history.SyntheticHistory;
import org.iobench.job.RwMode;
import org.iobench.store.Databases;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreFixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * {@code iobench check} over runs saved through the store API: five baseline runs (branch=main) of two workloads
 * with 3 repetitions each (CV 2 %), a commit whose first workload is 20 % slower (commit=bad) and one as fast as
 * main (commit=good).
 */
class CheckCommandTest {
    /** The commit's loss as printed: 20 % planted, give or take the noise of its three repetitions. */
    static final String LOSS = "-(1[5-9]|2[0-5])\\.\\d%";

    @TempDir
    static Path dir;
    static String db;

    @BeforeAll
    static void saveRuns() {
        db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            store.saveAll(SyntheticHistory.runs(5, 7, 2, 3, 0.02, (w, i) -> i == 5 && w == 0 ? 0.8 : 1, List.of(),
                    i -> i < 5 ? Map.of("branch", "main") : Map.of("commit", i == 5 ? "bad" : "good")));
            // one repetition each, half the throughput: nothing can tell that from noise
            store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.RANDREAD, 4096, 1, true, 100e6),
                    Map.of("single", "a"), StoreFixtures.T0.plusSeconds(3600)));
            store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.RANDREAD, 4096, 1, true, 50e6),
                    Map.of("single", "b"), StoreFixtures.T0.plusSeconds(3660)));
        }
    }

    static InProcess.Result check(int status, String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "check";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--db";
        all[args.length + 2] = db;
        InProcess.Result r = InProcess.run(all);
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(status);
        return r;
    }

    @Test
    void aSignificantLossBeyondTheThresholdExits3AndPrintsTheOffendingRow() {
        String out = check(3, "commit=bad", "--against", "branch=main").out();

        List<String> lines = out.lines().toList();
        assertThat(lines.get(1)).contains("branch=main").contains("commit=bad");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("randread ").containsPattern(LOSS).endsWith("REGRESSED"));
        // 3 repetitions at 2 % CV against 15 cannot detect a 5 % loss: not a pass, said so (issue 25)
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("randwrite ").endsWith("inconclusive"));
        assertThat(out).contains("test: t Welch's t-test on log values").contains("REGRESSED: gain below -5% with p < 0.05");
        assertThat(lines.getLast()).startsWith("iobench check: REGRESSION: 1 of 2 workloads worse than -5% with p < 0.05:"
                + " randread 4KiB 1 thread qd1 direct sync none -1");
    }

    @Test
    void anEqualCommitARunAgainstItselfAndALooserThresholdExit0() {
        assertThat(check(5, "commit=good", "--against", "branch=main").out().lines().toList().getLast())
                .isEqualTo("iobench check: INCONCLUSIVE: no workload worse than -5% with p < 0.05, but 1 of 2 cannot"
                        + " detect a loss of 5%: randread 4KiB 1 thread qd1 direct sync none +2.4% (could detect 7.2%); run more repetitions");
        assertThat(check(0, "commit=good", "--against", "branch=main", "--max-regression", "10%").out().lines()
                .toList().getLast())
                .isEqualTo("iobench check: passed: no workload worse than -10% with p < 0.05 (2 judged)");
        // a run against itself cannot regress; with 3 noisy repetitions it cannot show a 5 % loss either
        check(5, "commit=bad", "--against", "commit=bad");
        check(0, "commit=bad", "--against", "commit=bad", "--max-regression", "25%");
        check(0, "id:11", "--against", "id:11", "--max-regression", "25%");
        check(0, "commit=bad", "--against", "branch=main", "--max-regression", "25%");
    }

    @Test
    void jsonCarriesEveryRowAndTheVerdictGoesToStderr() throws Exception {
        InProcess.Result r = check(3, "commit=bad", "--against", "branch=main", "--format", "json");
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.path("formatVersion").asInt()).isEqualTo(1);
        assertThat(doc.path("passed").asBoolean()).isFalse();
        assertThat(doc.path("regressed").asInt()).isEqualTo(1);
        JsonNode row = doc.path("workloads").get(0);
        assertThat(row.path("verdict").asText()).isEqualTo("regressed");
        assertThat(row.path("test").asText()).isEqualTo("welch-t-log");
        assertThat(row.path("baseline").path("n").asInt()).isEqualTo(15);
        assertThat(row.path("checked").path("n").asInt()).isEqualTo(3);
        assertThat(row.path("gainPercent").asDouble()).isBetween(-23.0, -17.0);
        assertThat(r.err()).startsWith("iobench check: REGRESSION");
    }

    @Test
    void junitXmlHasATestcasePerWorkloadAndAFailureForTheRegression() throws Exception {
        InProcess.Result r = check(3, "commit=bad", "--against", "branch=main", "--format", "junit");
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(r.out().getBytes(StandardCharsets.UTF_8)));
        var suite = xml.getDocumentElement();
        assertThat(suite.getTagName()).isEqualTo("testsuites");
        assertThat(suite.getAttribute("tests")).isEqualTo("2");
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        assertThat(xml.getElementsByTagName("testcase").getLength()).isEqualTo(2);
        var failure = (org.w3c.dom.Element) xml.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message")).contains("MB/s").containsPattern(LOSS).contains("Welch's t-test on log values");
        assertThat(((org.w3c.dom.Element) failure.getParentNode()).getAttribute("name"))
                .isEqualTo("randread 4KiB 1 thread qd1 direct sync none");
        assertThat(r.err()).startsWith("iobench check: REGRESSION");
    }

    @Test
    void oneRepetitionAgainstOneIsNotJudgedAndSkippedInJunit() {
        InProcess.Result r = check(0, "single=b", "--against", "single=a", "--format", "junit", "--metric", "iops");
        assertThat(r.out()).contains("skipped=\"1\"").contains("<skipped message=\"not judged: too few repetitions");
        assertThat(check(0, "single=b", "--against", "single=a").out()).contains("n/a")
                .contains("not judged: randread 4KiB 1 thread qd1 direct sync none: too few repetitions to judge (1 + 1")
                .contains("iobench check: passed: no workload worse than -5% with p < 0.05 (0 judged, 1 not judged)");
    }

    @Test
    void badOptionsExit2AndSelectionsWithoutCommonWorkloadsExit1() {
        assertThat(check(2, "commit=bad").err()).contains("--against");
        assertThat(check(2, "commit=bad", "--against", "branch=main", "--max-regression", "x").err())
                .contains("'x' is not a percentage");
        assertThat(check(2, "commit=bad", "--against", "branch=main", "--format", "xml").err()).contains("--format xml");
        assertThat(check(2, "commit=bad", "--against", "branch=main", "--alpha", "0").err()).contains("--alpha");
        assertThat(check(1, "commit=none", "--against", "branch=main").err()).contains("selects no complete runs");
        assertThat(check(1, "commit=bad,rw:randread", "--against", "branch=main,rw:randwrite").err())
                .contains("no workload has runs on both sides");
    }
}
