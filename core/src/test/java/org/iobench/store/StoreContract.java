package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.iobench.compare.CompareTables;
import org.iobench.compare.Metric;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The behaviour every database must show; subclasses say which database. */
abstract class StoreContract {
    static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    String url;
    ResultStore store;

    abstract String newDatabase() throws Exception;

    void dispose(String url) {}

    @BeforeEach
    void open() throws Exception {
        url = newDatabase();
        store = ResultStore.open(url);
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
        if (url != null) {
            dispose(url);
        }
    }

    static BenchmarkResult randwrite(long bs, double... rates) {
        return StoreFixtures.result("/dev/md0", RwMode.RANDWRITE, bs, 64, true, rates);
    }

    private static RunQuery q(String selector) {
        return Selector.parse("--test", selector, NOW);
    }

    @Test
    void aSavedRunReadsBackWholeWithItsEnvironmentLabelsAndNote() {
        BenchmarkResult r = randwrite(4096, 317e3, 318e3, 319e3);
        long id = store.save(new NewRun(r, StoreFixtures.ENV, Map.of("patch", "without", "kernel", "2.6.24-rc1"),
                "first try", "iobench", StoreFixtures.T0));

        assertThat(store.schemaVersion()).isEqualTo(Migrations.CURRENT);
        assertThat(store.result(id)).contains(r);
        assertThat(store.environment(id)).contains(StoreFixtures.ENV);
        StoredRun s = store.get(id).orElseThrow();
        assertThat(s.createdAt()).isEqualTo(StoreFixtures.T0);
        assertThat(s.labels()).containsExactly(Map.entry("kernel", "2.6.24-rc1"), Map.entry("patch", "without"));
        assertThat(s.note()).isEqualTo("first try");
        assertThat(s.workload()).isEqualTo(new WorkloadKey("randwrite", 4096, 64, 1, true, "none")
                .at("", "block device"));
        assertThat(s.target()).isEqualTo("/dev/md0");
        assertThat(s.repetitions()).isEqualTo(3);
        assertThat(s.complete()).isTrue();
        assertThat(s.meanBytesPerSecond()).isEqualTo(318e3);
        assertThat(store.samples(q("id:" + id))).extracting(Sample::bytesPerSecond)
                .containsExactly(317e3, 318e3, 319e3);
    }

    @Test
    void aMicroVariantIsARunOfSourceMicroWhoseSamplesAreOperationsPerSecond() {
        long io = store.save(new NewRun(randwrite(4096, 317e3), StoreFixtures.ENV, Map.of(), null, "iobench",
                StoreFixtures.T0));
        long id = store.save(new NewMicroRun("sums", "loop", List.of(100.0, 125.0, 0.0), "java 25 (Vendor)",
                "{\"kind\":\"iobench-micro\"}", "{\"javaVersion\":\"25\"}", Map.of("jvm", "a"), "n", NOW));

        StoredRun s = store.get(id).orElseThrow();
        assertThat(s.source()).isEqualTo("micro");
        assertThat(s.name()).isEqualTo("sums");
        assertThat(s.workload()).isEqualTo(WorkloadKey.micro("sums", "loop"));
        assertThat(s.workload().isMicro()).isTrue();
        assertThat(store.get(io).orElseThrow().workload().isMicro()).isFalse();
        assertThat(s.target()).isEqualTo("java 25 (Vendor)");
        assertThat(s.repetitions()).isEqualTo(3);
        assertThat(s.complete()).as("a sample of 0 ns/op is not a measurement").isFalse();
        assertThat(s.meanIops()).isCloseTo(1e9 / 112.5, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(s.meanBytesPerSecond()).isNaN();
        assertThat(store.document(id, "result")).contains("{\"kind\":\"iobench-micro\"}");
        assertThat(store.document(id, "environment")).contains("{\"javaVersion\":\"25\"}");
        assertThat(store.samples(q("source:micro"))).extracting(Metric.NS_OP::of).containsExactly(100.0, 125.0);
        assertThat(store.samples(q("jvm=a"))).extracting(Sample::runId).containsOnly(id);
    }

    @Test
    void selectorsFilterByLabelIdTargetDateSourceAndWorkloadNewestFirst() {
        long a = store.save(StoreFixtures.run(randwrite(4096, 1e6), Map.of("kernel", "6.1"), StoreFixtures.T0));
        long b = store.save(StoreFixtures.run(randwrite(8192, 2e6), Map.of("kernel", "6.2"),
                StoreFixtures.T0.plusSeconds(86_400)));
        long c = store.save(new NewRun(StoreFixtures.result("/data/f", RwMode.READ, 1 << 20, 1, false, 5e8),
                StoreFixtures.ENV, Map.of("kernel", "6.2", "fs", "xfs"), null, "fio",
                StoreFixtures.T0.plusSeconds(2 * 86_400)));

        assertThat(ids(q(""))).containsExactly(c, b, a);
        assertThat(ids(q("label:kernel=6.2"))).containsExactly(c, b);
        assertThat(ids(q("kernel=6.1,6.2"))).containsExactly(c, b, a);
        assertThat(ids(q("label:fs"))).containsExactly(c);
        assertThat(ids(q("kernel=6.2,fs=xfs"))).containsExactly(c);
        assertThat(ids(q("id:" + a + "," + c))).containsExactly(c, a);
        assertThat(ids(q("id:" + a + "-" + b))).containsExactly(b, a);
        assertThat(ids(q("target:/dev/md0"))).containsExactly(b, a);
        assertThat(ids(q("target:/data/*"))).containsExactly(c);
        assertThat(ids(q("since:2026-11-03"))).containsExactly(c, b);
        assertThat(ids(q("until:2026-11-03"))).containsExactly(b, a);
        assertThat(ids(q("since:2026-11-03 until:2026-11-03"))).containsExactly(b);
        assertThat(ids(q("source:fio"))).containsExactly(c);
        assertThat(ids(q("rw:randwrite,bs:8k"))).containsExactly(b);
        assertThat(ids(q("last:2"))).containsExactly(c, b);
        assertThat(ids(q("label:kernel=6.3"))).isEmpty();
    }

    @Test
    void aScratchFileIsFiledUnderItsDirectoryAndRowsOfEarlierBuildsReadTheSame() throws Exception {
        BenchmarkResult base = StoreFixtures.result("/data", RwMode.READ, 4096, 1, false, 1e8);
        BenchmarkResult scratch = BenchmarkResult.of(base.job(), new org.iobench.result.TargetInfo("file",
                "/data/.iobench-k3mq7aw2ffgh4jx5zrtc6nbpey.tmp", true, 1 << 20, 512, 4096, "vda", "ext4"), base.runs());
        long now = store.save(StoreFixtures.run(scratch, Map.of(), StoreFixtures.T0));
        long old = store.save(StoreFixtures.run(scratch, Map.of(), StoreFixtures.T0.plusSeconds(1)));
        try (Connection c = DriverManager.getConnection(url);
             var p = c.prepareStatement("UPDATE runs SET target = ? WHERE id = ?")) {
            p.setString(1, "/data/.iobench-99-3.tmp"); // as an earlier build recorded a run on /data
            p.setLong(2, old);
            assertThat(p.executeUpdate()).isEqualTo(1);
        }
        long quick = store.save(StoreFixtures.run(BenchmarkResult.of(base.job(), new org.iobench.result.TargetInfo(
                "file", "/home/u/.iobench-quick-ab2cd3ef4gh5ij6kl7mn2op3qr.tmp", true, 1 << 20, 512, 4096, "vda", "ext4"), base.runs()),
                Map.of(), StoreFixtures.T0.plusSeconds(2)));

        assertThat(ids(q("target:/data"))).containsExactly(old, now);
        assertThat(store.find(q("target:/data"))).extracting(StoredRun::target).containsOnly("/data");
        assertThat(store.get(quick).orElseThrow().target()).isEqualTo("/home/u");
        assertThat(ids(q("target:/data/f"))).isEmpty();
    }

    @Test
    void aRunOfAnEngineThatStoresNothingIsAWorkloadOfItsOwnAndNotPooledWithStorageRuns() {
        BenchmarkResult psync = StoreFixtures.result("/data/f", RwMode.RANDREAD, 4096, 1, false, 1e9);
        BenchmarkResult uring = BenchmarkResult.of(psync.job().toBuilder().engine("uring").build(), psync.target(),
                psync.runs());
        BenchmarkResult none = BenchmarkResult.of(psync.job().toBuilder().engine("null").build(), psync.target(),
                psync.runs());
        long p = store.save(StoreFixtures.run(psync, Map.of("side", "disk"), StoreFixtures.T0));
        long u = store.save(StoreFixtures.run(uring, Map.of("side", "disk"), StoreFixtures.T0));
        long n = store.save(StoreFixtures.run(none, Map.of("side", "harness"), StoreFixtures.T0));

        WorkloadKey disk = store.get(p).orElseThrow().workload();
        assertThat(store.get(u).orElseThrow().workload()).as("storage engines compare").isEqualTo(disk);
        WorkloadKey harness = store.get(n).orElseThrow().workload();
        assertThat(harness).isNotEqualTo(disk);
        assertThat(harness.engine()).isEqualTo("null");
        assertThat(harness.label()).isEqualTo("randread 4KiB 1 thread qd1 buffered sync none null engine");
        assertThat(disk.label()).isEqualTo("randread 4KiB 1 thread qd1 buffered sync none");
        assertThatThrownBy(() -> CompareTables.ab(store.samples(q("side=disk")), store.samples(q("side=harness")),
                "disk", "harness", Metric.MB_S, org.iobench.compare.AbOptions.defaults(Metric.MB_S.direction())))
                .as("nothing in common to compare").hasMessageContaining("no workload has runs on both sides")
                .hasMessageContaining("null engine");
    }

    @Test
    void samplesAreTheCompleteRepetitionsOnly() {
        BenchmarkResult full = randwrite(4096, 1e6, 2e6);
        var cut = full.runs().get(1);
        var incomplete = new org.iobench.result.RunResult(cut.run(), cut.startedAt(),
                new org.iobench.result.Outcome(false, "interrupted", null, cut.outcome().warnings()), cut.totals(),
                cut.latencies(), cut.intervals(), cut.workers(), cut.evidence(), cut.extras());
        BenchmarkResult partial = BenchmarkResult.of(full.job(), full.target(), List.of(full.runs().get(0), incomplete));
        long id = store.save(StoreFixtures.run(partial, Map.of(), StoreFixtures.T0));

        assertThat(store.get(id).orElseThrow().complete()).isFalse();
        assertThat(store.samples(RunQuery.ALL)).extracting(Sample::repetition).containsExactly(1);
    }

    @Test
    void deleteRemovesTheRunItsLabelsAndSamples() throws Exception {
        long a = store.save(StoreFixtures.run(randwrite(4096, 1e6), Map.of("k", "v"), StoreFixtures.T0));
        long b = store.save(StoreFixtures.run(randwrite(4096, 2e6), Map.of("k", "v"), StoreFixtures.T0));

        assertThat(store.delete(a)).isTrue();
        assertThat(store.delete(a)).isFalse();
        assertThat(ids(RunQuery.ALL)).containsExactly(b);
        assertThat(store.samples(RunQuery.ALL)).extracting(Sample::runId).containsExactly(b);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             var rs = s.executeQuery("SELECT COUNT(*) FROM run_labels")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(1);
        }
    }

    @Test
    void anOlderSchemaIsMigratedWithItsRunsKept() throws Exception {
        reopenAtSchema(1);
        V1Rows.insert(url, V1Rows.named("write-fdatasync-2-runs"));
        store = ResultStore.open(url);
        assertThat(store.schemaVersion()).isEqualTo(Migrations.CURRENT);
        assertThat(store.find(q("kind=write-sync"))).hasSize(1);
    }

    @Test
    void everyRowSavedBeforeTheStoreHadItsOwnCodecStillReads() throws Exception {
        reopenAtSchema(2);
        Map<Long, V1Rows.Row> saved = new java.util.LinkedHashMap<>();
        for (V1Rows.Row row : V1Rows.all()) {
            saved.put(V1Rows.insert(url, row), row);
        }
        store = ResultStore.open(url);
        assertThat(store.schemaVersion()).isEqualTo(Migrations.CURRENT);
        saved.forEach((id, row) -> {
            StoredRun run = store.get(id).orElseThrow();
            assertThat(run.name()).as(row.fixture()).isEqualTo(row.columns().path("name").asText());
            Map<String, String> labels = new java.util.TreeMap<>();
            row.columns().path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
            assertThat(run.labels()).as(row.fixture()).isEqualTo(labels);
            if (row.micro()) {
                assertThat(store.document(id, "result")).as(row.fixture()).contains(row.result());
                return;
            }
            BenchmarkResult result = store.result(id).orElseThrow();
            assertThat(result.job().name()).as(row.fixture()).isEqualTo(run.name());
            assertThat(result.runs()).as(row.fixture()).hasSize(run.repetitions());
            assertThat(WorkloadKey.of(result.job())).as(row.fixture()).isEqualTo(run.workload());
            assertThat(store.environment(id)).as(row.fixture()).isPresent();
        });
        assertThat(store.samples(RunQuery.ALL)).hasSize(V1Rows.all().stream()
                .mapToInt(r -> r.columns().path("samples").size()).sum());
        // and new rows go in beside them
        long id = store.save(StoreFixtures.run(randwrite(4096, 1e6), Map.of("kind", "new"), StoreFixtures.T0));
        assertThat(store.result(id)).isPresent();
    }

    /** Replaces the open database with an empty one migrated only up to {@code schemaVersion}. */
    private void reopenAtSchema(int schemaVersion) throws Exception {
        store.close();
        store = null;
        dispose(url);
        url = newDatabase();
        try (ResultStore old = ResultStore.open(url, schemaVersion)) {
            assertThat(old.schemaVersion()).isEqualTo(schemaVersion);
        }
    }

    @Test
    void aDatabaseFromANewerIobenchIsRefusedWithItsVersion() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO schema_migrations (version, description, applied_at)"
                    + " VALUES (99, 'future', '2030-01-01')");
        }
        store.close();
        assertThatThrownBy(() -> ResultStore.open(url)).isInstanceOf(StoreException.class)
                .hasMessageContaining("schema version 99, newer than this iobench knows (" + Migrations.CURRENT + ")");
        store = null;
    }

    @Test
    void twoWritersAtOnceBothGetEveryRunSaved() throws Exception {
        List<Thread> writers = new java.util.ArrayList<>();
        List<Throwable> errors = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        for (int w = 0; w < 2; w++) {
            String label = "w" + w;
            writers.add(Thread.ofPlatform().start(() -> {
                try (ResultStore mine = ResultStore.open(url)) {
                    for (int i = 0; i < 10; i++) {
                        mine.save(StoreFixtures.run(randwrite(4096, 1e6, 2e6), Map.of("writer", label),
                                StoreFixtures.T0));
                    }
                } catch (Throwable t) {
                    errors.add(t);
                }
            }));
        }
        for (Thread t : writers) {
            t.join();
        }
        assertThat(errors).isEmpty();
        assertThat(store.find(q("writer=w0"))).hasSize(10);
        assertThat(store.find(q("writer=w1"))).hasSize(10);
        assertThat(store.samples(RunQuery.ALL)).hasSize(40);
    }

    @Test
    void reopeningDoesNotMigrateTwice() {
        store.close();
        store = ResultStore.open(url);
        store.close();
        store = ResultStore.open(url);
        assertThat(store.schemaVersion()).isEqualTo(Migrations.CURRENT);
    }

    List<Long> ids(RunQuery query) {
        return store.find(query).stream().map(StoredRun::id).toList();
    }
}
