package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.session.ExitException;
import org.iobench.store.Databases;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreFixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25, "trust travels with the number": a row whose runs the advisor warned about is marked in compare and
 * check; check says inconclusive when its repetitions cannot detect --max-regression, and --fail-on fails on a
 * warning.
 */
class TrustTravelsTest {
    @TempDir
    static Path dir;
    static String db;

    private static BenchmarkResult cached(BenchmarkResult b) {
        return b.withFindings(List.of(new Finding("page-cache", "reads were served by the page cache",
                "device read 0.1% of the bytes", "--drop-cache or --direct", b.job().name(), null, List.of(1),
                Finding.Confidence.CERTAIN, Finding.Severity.WARNING)));
    }

    @BeforeAll
    static void saveRuns() {
        db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            int at = 0;
            // a cached read, +71 % between two runs the advisor marked page-cache
            store.save(StoreFixtures.run(cached(StoreFixtures.result("/dev/md0", RwMode.READ, 1 << 20, 1, false,
                    1000e6, 1010e6, 990e6)), Map.of("v", "a", "w", "cache"), StoreFixtures.T0.plusSeconds(at++)));
            store.save(StoreFixtures.run(cached(StoreFixtures.result("/dev/md0", RwMode.READ, 1 << 20, 1, false,
                    1710e6, 1720e6, 1700e6)), Map.of("v", "b", "w", "cache"), StoreFixtures.T0.plusSeconds(at++)));
            // the check: 4 baseline repetitions against 2, -21.8 %, p 0.59: no evidence either way
            store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.RANDREAD, 4096, 1, true,
                    100e6, 160e6, 60e6, 130e6), Map.of("v", "a", "w", "io"), StoreFixtures.T0.plusSeconds(at++)));
            store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.RANDREAD, 4096, 1, true,
                    45e6, 130.95e6), Map.of("v", "b", "w", "io"), StoreFixtures.T0.plusSeconds(at++)));
            // a tight workload: 6 + 6 repetitions within 0.5 %, equal: a 5 % loss would have shown
            store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.RANDWRITE, 4096, 1, true,
                    100e6, 100.5e6, 99.5e6, 100.2e6, 99.8e6, 100.1e6), Map.of("v", "a", "w", "io"), StoreFixtures.T0.plusSeconds(at++)));
            store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.RANDWRITE, 4096, 1, true,
                    100.3e6, 99.7e6, 100e6, 100.4e6, 99.6e6, 100.2e6), Map.of("v", "b", "w", "io"), StoreFixtures.T0.plusSeconds(at)));
        }
    }

    @Test
    void compareMarksTheRowWhoseRunsCarryAWarningAndSaysWhichInAFootnote() {
        InProcess.Result r = InProcess.run("compare", "--base", "v=a", "--new", "v=b", "--db", db);
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("read 1MiB buffered !page-cache").contains("+71."));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("randwrite 4KiB ").doesNotContain("!"));
        assertThat(r.out()).contains("!page-cache: the advisor's warning page-cache on runs #1, #2 of the marked rows");

        InProcess.Result by = InProcess.run("compare", "--by", "v", "--db", db);
        assertThat(by.out().lines()).anySatisfy(l -> assertThat(l).startsWith("read 1MiB buffered !page-cache"));
    }

    @Test
    void checkIsInconclusiveWhenTheRunsCannotDetectTheThreshold() throws Exception {
        InProcess.Result r = InProcess.run("check", "v=b,w=io", "--against", "v=a,w=io", "--db", db);
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(ExitException.INCONCLUSIVE);
        List<String> lines = r.out().lines().toList();
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("randread ").endsWith("inconclusive"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("randwrite ").endsWith("ok"));
        assertThat(lines.getLast()).startsWith("iobench check: INCONCLUSIVE: no workload worse than -5% with p < 0.05,"
                + " but 1 of 2 cannot detect a loss of 5%: randread 4KiB 1 thread qd1 direct sync none -21.8%");

        JsonNode doc = new ObjectMapper().readTree(InProcess.run("check", "v=b,w=io", "--against", "v=a,w=io",
                "--format", "json", "--db", db).out());
        assertThat(doc.path("inconclusive").asInt()).isEqualTo(1);
        assertThat(doc.path("passed").asBoolean()).isTrue();
    }

    @Test
    void checkMarksWarnedRowsAndFailOnFailsTheGateOnThem() {
        InProcess.Result marked = InProcess.run("check", "v=b,w=cache", "--against", "v=a,w=cache", "--db", db);
        assertThat(marked.status()).as(marked.out() + marked.err()).isZero();
        assertThat(marked.out().lines()).anySatisfy(l -> assertThat(l).startsWith("read 1MiB !page-cache"));
        assertThat(marked.out()).contains("!page-cache: the advisor's warning page-cache on runs #1, #2");

        InProcess.Result failed = InProcess.run("check", "v=b,w=cache", "--against", "v=a,w=cache", "--fail-on",
                "page-cache,not-saturated", "--db", db);
        assertThat(failed.status()).as(failed.out() + failed.err()).isEqualTo(ExitException.REGRESSION);
        assertThat(failed.out().lines().toList().getLast()).isEqualTo("iobench check: FAILED: 1 of 1 workloads carry"
                + " a --fail-on warning: read 1MiB 1 thread qd1 buffered sync none (page-cache)");

        InProcess.Result bad = InProcess.run("check", "v=b", "--against", "v=a", "--fail-on", "Page Cache", "--db", db);
        assertThat(bad.status()).isEqualTo(ExitException.USAGE);
        assertThat(bad.err().strip()).isEqualTo("iobench: --fail-on Page Cache: 'Page Cache' is not a finding id"
                + " (lower-case words joined by '-', as page-cache)");
    }
}
