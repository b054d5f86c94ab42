package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 while saving: child JVMs save runs in a loop and are killed at random moments, some while starting (and
 * migrating), most between and inside save transactions. Afterwards the database must open, pass its integrity
 * check, hold only whole runs (every run with all its samples and labels and a readable result) and hold every run
 * whose commit the child had reported.
 */
class StoreCrashTest {
    private static final long SEED = Long.getLong("crash.seed", 20261130L);

    @TempDir
    Path dir;

    @Test
    void sqliteSurvivesTwentyKillsWithWholeRunsOnly() throws Exception {
        killRepeatedly(Databases.sqlite(dir), 20);
        try (Connection c = DriverManager.getConnection(Databases.sqlite(dir)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("ok");
        }
    }

    @Test
    void postgresSurvivesKillsWithWholeRunsOnly() throws Exception {
        String server = Databases.postgres();
        String url = Databases.freshSchema(server);
        try {
            killRepeatedly(url, 5);
        } finally {
            Databases.dropSchema(url);
        }
    }

    private static void killRepeatedly(String url, int iterations) throws Exception {
        Random random = new Random(SEED);
        Set<Long> acknowledged = new TreeSet<>();
        int killedWhileSaving = 0;
        for (int i = 0; i < iterations; i++) {
            Process p = start(url);
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            List<String> lines = new ArrayList<>();
            Thread reader = Thread.ofVirtual().start(() -> {
                try {
                    for (String l; (l = out.readLine()) != null; ) {
                        synchronized (lines) {
                            lines.add(l);
                        }
                    }
                } catch (java.io.IOException e) {
                    // the pipe closes when the child dies
                }
            });
            if (i % 4 == 0) {
                Thread.sleep(50 + random.nextInt(500)); // while starting, opening or migrating
            } else {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (System.nanoTime() < deadline) {
                    synchronized (lines) {
                        if (!lines.isEmpty()) break;
                    }
                    Thread.sleep(5);
                }
                Thread.sleep(random.nextInt(300)); // mid-save most of the time
                killedWhileSaving++;
            }
            p.destroyForcibly(); // SIGKILL
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            reader.join(5000);
            synchronized (lines) {
                lines.stream().filter(l -> l.matches("\\d+")).map(Long::parseLong).forEach(acknowledged::add);
            }
        }
        assertThat(killedWhileSaving).isPositive();
        try (ResultStore store = ResultStore.open(url)) {
            List<StoredRun> runs = store.find(RunQuery.ALL);
            Set<Long> ids = new TreeSet<>(runs.stream().map(StoredRun::id).toList());
            System.out.println("crash test " + url.replaceAll("password=[^&]*", "password=***") + ": " + iterations
                    + " kills, " + runs.size() + " whole runs, " + acknowledged.size() + " acknowledged");
            assertThat(runs).isNotEmpty();
            assertThat(ids).containsAll(acknowledged);
            for (StoredRun r : runs) {
                assertThat(r.repetitions()).isEqualTo(50);
                assertThat(r.labels()).containsKeys("a", "b", "loop").hasSize(3);
            }
            for (StoredRun r : runs.subList(0, Math.min(10, runs.size()))) { // the newest: killed nearest to them
                assertThat(store.result(r.id()).orElseThrow().runs()).hasSize(50);
            }
            assertThat(store.samples(RunQuery.ALL)).hasSize(50 * runs.size());
        }
    }

    private static Process start(String url) throws Exception {
        List<String> cmd = new ArrayList<>(org.iobench.testing.ChildJvm.command());
        cmd.addAll(List.of("-Xshare:auto",
                "-cp", System.getProperty("java.class.path"), SaveLoop.class.getName(), url));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }
}
