package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.job.RwMode;
import org.iobench.store.Databases;
import org.iobench.store.ResultStore;
import org.iobench.store.RunQuery;
import org.iobench.store.StoreFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** show, delete, report and compare read the same selectors as runs: ids, last, last:N, labels... */
class SelectorsEverywhereTest {
    @TempDir
    Path dir;

    private String db;

    @BeforeEach
    void threeRuns() {
        db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            for (int i = 0; i < 3; i++) {
                store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.RANDWRITE, 4096, 4, true,
                        1e8 + i * 1e6, 1.01e8 + i * 1e6, 0.99e8 + i * 1e6), Map.of("kernel", i == 0 ? "6.1" : "6.2"),
                        StoreFixtures.T0.plusSeconds(i)));
            }
        }
    }

    private InProcess.Result run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--db", db));
        return InProcess.run(all.toArray(String[]::new));
    }

    private List<Long> stored() {
        try (ResultStore store = ResultStore.open(db)) {
            return store.find(RunQuery.ALL).stream().map(r -> r.id()).toList();
        }
    }

    @Test
    void showTakesAnIdLastOrAnySelectorAndPrintsOldestFirst() throws Exception {
        assertThat(run("show", "last").out()).startsWith("run 3, ");
        assertThat(run("show", "1").out()).startsWith("run 1, ");
        InProcess.Result two = run("show", "kernel=6.2", "--format", "json");
        assertThat(two.status()).as(two.err()).isZero();
        List<Long> ids = new ArrayList<>();
        try (var docs = new ObjectMapper().readerFor(JsonNode.class).<JsonNode>readValues(two.out())) {
            docs.forEachRemaining(d -> ids.add(d.path("id").asLong()));
        }
        assertThat(ids).as("one document per run, a stream jq reads").containsExactly(2L, 3L);
        InProcess.Result none = run("show", "9");
        assertThat(none.status()).isEqualTo(1);
        assertThat(none.err()).startsWith("iobench: no run 9 in ");
        InProcess.Result bad = run("show", "lats");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).contains("'lats' is not a selector term");
    }

    @Test
    void deleteTakesSelectorsPrintsWhatItDeletedAndNamesAMissingId() {
        InProcess.Result dry = run("delete", "kernel=6.2", "--dry-run");
        assertThat(dry.out()).startsWith("would delete run 3 (").contains("would delete run 2 (");
        assertThat(stored()).containsExactly(3L, 2L, 1L);

        InProcess.Result some = run("delete", "1", "9");
        assertThat(some.status()).isEqualTo(1);
        assertThat(some.out()).isEqualTo("deleted run 1 (randwrite-4KiB, randwrite 4KiB 4 threads qd1 direct sync"
                + " none, /dev/md0, 2026-11-02T10:00:00Z)\n");
        assertThat(some.err()).startsWith("iobench: delete: no run 9 in ");

        InProcess.Result last = run("delete", "last");
        assertThat(last.status()).isZero();
        assertThat(last.out()).startsWith("deleted run 3 (");
        assertThat(stored()).containsExactly(2L);
        InProcess.Result nothing = run("delete", "kernel=6.1");
        assertThat(nothing.status()).isEqualTo(1);
        assertThat(nothing.err()).startsWith("iobench: delete: no run selected by kernel=6.1 in ");
    }

    @Test
    void deletingSeveralRunsAtATerminalAsksFirstAndNoKeepsThem() {
        StringWriter err = new StringWriter();
        DeleteCommand declined = new DeleteCommand();
        declined.confirmation = new Confirmation(true, new BufferedReader(new StringReader("n\n")),
                new PrintWriter(err, true));
        CommandLine cl = new CommandLine(declined);
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        assertThat(cl.execute("kernel=6.2", "--db", db)).isEqualTo(1);
        assertThat(err.toString()).contains("  run 3 (").contains("  run 2 (")
                .contains("delete these 2 runs from ").contains("? [y/N] ").contains("nothing deleted");
        assertThat(stored()).containsExactly(3L, 2L, 1L);

        DeleteCommand accepted = new DeleteCommand();
        accepted.confirmation = new Confirmation(true, new BufferedReader(new StringReader("y\n")),
                new PrintWriter(new StringWriter(), true));
        StringWriter out = new StringWriter();
        CommandLine yes = new CommandLine(accepted);
        yes.setOut(new PrintWriter(out, true));
        yes.setErr(new PrintWriter(new StringWriter(), true));
        assertThat(yes.execute("kernel=6.2", "--db", db)).isZero();
        assertThat(out.toString()).contains("deleted run 3 (").contains("deleted run 2 (");
        assertThat(stored()).containsExactly(1L);
    }

    @Test
    void oneRunIsDeletedWithoutAQuestionAndAScriptIsNeverAsked() {
        DeleteCommand one = new DeleteCommand();
        one.confirmation = new Confirmation(true, new BufferedReader(new StringReader("")),
                new PrintWriter(new StringWriter(), true));
        CommandLine cl = new CommandLine(one);
        cl.setOut(new PrintWriter(new StringWriter(), true));
        assertThat(cl.execute("2", "--db", db)).isZero();
        assertThat(run("delete", "label:kernel").status()).as("stdin is not a terminal here").isZero();
        assertThat(stored()).isEmpty();
    }

    @Test
    void reportAndCompareTakeIdsAndLast() throws Exception {
        InProcess.Result csv = run("report", "1", "last", "--format", "csv");
        assertThat(csv.status()).as(csv.err()).isZero();
        assertThat(csv.out().lines().count()).as("header and the newest run").isEqualTo(2);
        InProcess.Result ab = run("compare", "--base", "1", "--new", "2,3", "--format", "json");
        assertThat(ab.status()).as(ab.err()).isZero();
        assertThat(ab.out()).contains("randwrite 4KiB");
        InProcess.Result two = run("report", "last:2", "--format", "csv");
        assertThat(two.out().lines().count()).isEqualTo(3);
    }
}
