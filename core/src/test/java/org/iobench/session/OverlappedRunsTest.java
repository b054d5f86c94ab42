package org.iobench.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.Totals;
import org.iobench.store.ResultStore;
import org.iobench.store.RunQuery;
import org.iobench.store.StoreFixtures;
import org.iobench.sysmon.env.Environment;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs saved one by one (separate commands, as ten dd's started apart from the shell) whose spans met on the same
 * device are marked {@code overlapped} when the later one is saved: the later run's finding names the earlier ones,
 * the earlier runs' findings are rewritten to name all they overlapped, and compare marks the pooled row. The spans
 * are injected (each repetition's start and elapsed time in the result), never timed.
 */
public class OverlappedRunsTest {
    private static final Instant T = Instant.parse("2026-11-02T10:00:00Z");

    @TempDir
    Path dir;

    String url;
    ResultSaver saver;

    @BeforeEach
    void store() {
        url = "jdbc:sqlite:" + dir.resolve("results.db");
        saver = new ResultSaver(() -> ResultStore.open(url), Map.of(), null);
    }

    /** One repetition of a sequential write on {@code target}, from {@code from} s after T for {@code seconds} s. */
    public static BenchmarkResult run(String target, int from, int seconds) {
        BenchmarkResult b = StoreFixtures.result(target, RwMode.WRITE, 1 << 20, 1, false, 12.8e6 * seconds);
        RunResult r = b.runs().getFirst();
        RunResult shifted = new RunResult(1, T.plusSeconds(from).toString(), r.outcome(),
                new Totals(r.totals().bytesRead(), r.totals().bytesWritten(), r.totals().reads(),
                        r.totals().writes(), seconds * 1_000_000_000L, 0, 0),
                r.latencies(), r.intervals(), r.workers(), r.evidence(), r.extras());
        return BenchmarkResult.of(b.job(), b.target(), List.of(shifted));
    }

    private String save(BenchmarkResult b, Environment env) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        saver.saveParts(List.of(new ResultSaver.Part(b, env, Map.of())), true,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return err.toString(StandardCharsets.UTF_8);
    }

    private List<String> warnings(long id) {
        try (ResultStore s = ResultStore.open(url)) {
            return s.get(id).orElseThrow().findings();
        }
    }

    private Finding overlapped(long id) {
        try (ResultStore s = ResultStore.open(url)) {
            return s.result(id).orElseThrow().findings().stream().filter(f -> f.id().equals("overlapped"))
                    .findFirst().orElse(null);
        }
    }

    @Test
    void theLaterRunSeesTheEarlierAndBothAreMarked() {
        assertThat(save(run("/data/f1", 0, 10), StoreFixtures.ENV)).isEmpty();
        assertThat(warnings(1)).isEmpty();

        String err = save(run("/data/f2", 5, 10), StoreFixtures.ENV);
        assertThat(err).startsWith("warning: ").contains("(saved as run 2): [overlapped] ran while another iobench run"
                + " used vda").contains("run 1 (").contains("10:00:00.000-10:00:10.000");
        assertThat(warnings(1)).contains("overlapped");
        assertThat(warnings(2)).contains("overlapped");
        assertThat(overlapped(1).evidence()).contains("run 2 (").contains("10:00:05.000-10:00:15.000");
        assertThat(overlapped(1).confidence()).isEqualTo(Finding.Confidence.CERTAIN);

        // a third that met both: each earlier run's finding now names all it overlapped
        assertThat(save(run("/data/f3", 9, 2), StoreFixtures.ENV)).contains("2 other iobench runs");
        assertThat(overlapped(1).message()).contains("2 other iobench runs");
        assertThat(overlapped(1).evidence()).contains("run 2 (").contains("run 3 (");
        assertThat(overlapped(2).evidence()).contains("run 1 (").contains("run 3 (");
    }

    @Test
    void runsOneAfterTheOtherOnAnotherDiskOrAnotherHostAreNotMarked() {
        save(run("/data/f1", 0, 10), StoreFixtures.ENV);
        assertThat(save(run("/data/f2", 11, 5), StoreFixtures.ENV)).as("after the first ended").isEmpty();
        Environment otherDisk = new Environment("bench1", "6.18.0-test", null, null, 2, 4L << 30, null,
                new Environment.Device("vdb", "vdb", null, 20L << 30, false, "none", 512, 512, null), "0.1.0-test",
                null, null);
        assertThat(save(run("/data2/f", 2, 5), otherDisk)).isEmpty();
        Environment otherHost = new Environment("bench2", "6.18.0-test", null, null, 2, 4L << 30, null,
                StoreFixtures.ENV.device(), "0.1.0-test", null, null);
        assertThat(save(run("/data/f", 2, 5), otherHost)).as("another machine's vda").isEmpty();
        Environment partition = new Environment("bench1", "6.18.0-test", null, null, 2, 4L << 30, null,
                new Environment.Device("vda2", "vda", null, 10L << 30, false, "mq-deadline", 512, 4096, null),
                "0.1.0-test", null, null);
        assertThat(save(run("/scratch/f", 3, 1), partition)).as("another partition of the same disk")
                .contains("[overlapped]");
        for (long id = 1; id <= 4; id++) {
            assertThat(warnings(id)).as("run " + id).isEqualTo(id == 1 ? List.of("overlapped") : List.of());
        }
    }

    @Test
    void parallelRunsOfOneWorkloadAreEachMarkedAndTheRunAfterThemIsNot() {
        for (int i = 0; i < 3; i++) {
            save(run("/data/f", i, 10), StoreFixtures.ENV); // the same workload, pooled as its repetitions
        }
        save(run("/data/f", 100, 10), StoreFixtures.ENV);
        try (ResultStore s = ResultStore.open(url)) {
            s.find(RunQuery.ALL).forEach(r -> assertThat(r.findings()).as("run " + r.id())
                    .isEqualTo(r.id() <= 3 ? List.of("overlapped") : List.of()));
        }
    }
}
