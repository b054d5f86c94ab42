package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.TargetInfo;
import org.iobench.result.TestId;
import org.iobench.store.Databases;
import org.iobench.store.NewRun;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25, "rows are tests": a row of compare, check and history is one test. What makes results incomparable (the
 * job file, the group, the kind of target) is part of it; a name shared by two tests never merges or crashes them;
 * a fio import and an iobench run of the same job file share a row.
 */
class RowsAreTestsTest {
    @TempDir
    Path dir;

    private static BenchmarkResult on(String fs, RwMode rw, long bs, double... rates) {
        BenchmarkResult b = StoreFixtures.result("/mnt/x/f", rw, bs, 1, false, rates);
        return BenchmarkResult.of(b.job(), new TargetInfo("file", "/mnt/x/f", false, 1L << 30, 512, 4096,
                fs.equals("nfs4") ? null : "vda1", fs), b.runs());
    }

    /** A parallel group g0 of {@code file}: one run per member, saved together as one execution. */
    private static List<NewRun> group(String file, String kernel, int at, BenchmarkResult... members) {
        List<NewRun> runs = new ArrayList<>();
        for (int m = 0; m < members.length; m++) {
            runs.add(new NewRun(members[m].withTest(new TestId("g0", m + 1, members.length, "job file " + file)),
                    StoreFixtures.ENV, Map.of("kernel", kernel), null, "iobench", StoreFixtures.T0.plusSeconds(at)));
        }
        return runs;
    }

    @Test
    void groupG0OfTwoJobFilesAreTwoRowsAndNeverACrash() {
        String db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            int at = 0;
            for (String kernel : List.of("6.1", "6.2")) {
                // a.fio's g0: a reader and a writer together; b.fio's g0: two writers of 1 MiB
                store.saveAll(group("a.fio", kernel, at++, on("ext4", RwMode.RANDREAD, 4096, 50e6, 51e6, 52e6),
                        on("ext4", RwMode.RANDWRITE, 4096, 20e6, 21e6, 22e6)));
                store.saveAll(group("b.fio", kernel, at++, on("ext4", RwMode.WRITE, 1 << 20, 90e6, 91e6, 92e6),
                        on("ext4", RwMode.WRITE, 1 << 20, 90e6, 91e6, 92e6)));
            }
        }
        InProcess.Result r = InProcess.run("compare", "--by", "kernel", "--db", db);
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        List<String> rows = r.out().lines().filter(l -> l.startsWith("job file ")).toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).startsWith("job file a.fio g0");
        assertThat(rows.get(1)).startsWith("job file b.fio g0");
        assertThat(r.out()).doesNotContain("n/a");

        InProcess.Result check = InProcess.run("check", "kernel=6.2", "--against", "kernel=6.1", "--max-regression",
                "25%", "--db", db);
        assertThat(check.status()).as(check.out() + check.err()).isZero();
        assertThat(check.out().lines().filter(l -> l.startsWith("job file "))).hasSize(2);
    }

    @Test
    void aLocalAndAnNfsWriteAreTwoRowsAndAnUnknownTargetJoinsTheOneKnown() {
        String db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            int at = 0;
            for (String kernel : List.of("6.1", "6.2")) {
                store.save(StoreFixtures.run(on("ext4", RwMode.WRITE, 1 << 20, 100e6, 101e6), Map.of("kernel", kernel),
                        StoreFixtures.T0.plusSeconds(at++)));
                store.save(StoreFixtures.run(on("nfs4", RwMode.WRITE, 1 << 20, 30e6, 31e6), Map.of("kernel", kernel),
                        StoreFixtures.T0.plusSeconds(at++)));
            }
            // a read where only one kind of target is known: the read saved without one (an import) joins it
            store.save(StoreFixtures.run(on("xfs", RwMode.READ, 1 << 20, 200e6, 201e6), Map.of("kernel", "6.1"),
                    StoreFixtures.T0.plusSeconds(at++)));
            BenchmarkResult unknown = StoreFixtures.result("/mnt/x/f", RwMode.READ, 1 << 20, 1, false, 210e6, 211e6);
            store.save(StoreFixtures.run(BenchmarkResult.of(unknown.job(), new TargetInfo("file", "/mnt/x/f", false,
                    0, 0, 0, null, null), unknown.runs()), Map.of("kernel", "6.2"), StoreFixtures.T0.plusSeconds(at)));
        }
        InProcess.Result r = InProcess.run("compare", "--by", "kernel", "--db", db);
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("write on ext4").contains(" 100.5 "));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("write on nfs4").contains(" 30.5 "));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("read ").contains(" 200.5 ")
                .contains(" 210.5 "));
        assertThat(r.out()).doesNotContain("n/a").doesNotContain("unknown");
    }

    /**
     * history names a series as compare names its row: two series of one shape (a local and an NFS write; g0 of two
     * job files) are told apart by the target's kind and the origin, in the text headings, the JSON and the CSV.
     */
    @Test
    void historyHeadingsNameTheKindAndTheOriginWhereTwoSeriesShareAShape() throws Exception {
        String db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            int at = 0;
            for (String kernel : List.of("6.1", "6.2")) {
                store.save(StoreFixtures.run(on("ext4", RwMode.WRITE, 1 << 20, 100e6, 101e6), Map.of("kernel", kernel),
                        StoreFixtures.T0.plusSeconds(at++)));
                store.save(StoreFixtures.run(on("nfs4", RwMode.WRITE, 1 << 20, 30e6, 31e6), Map.of("kernel", kernel),
                        StoreFixtures.T0.plusSeconds(at++)));
                store.saveAll(group("a.fio", kernel, at++, on("ext4", RwMode.READ, 4096, 50e6, 51e6)));
                store.saveAll(group("b.fio", kernel, at++, on("ext4", RwMode.READ, 4096, 70e6, 71e6)));
            }
        }
        InProcess.Result text = InProcess.run("history", "--db", db);
        assertThat(text.status()).as(text.out() + text.err()).isZero();
        List<String> headings = text.out().lines().filter(l -> l.contains(": 2 runs by time")).map(
                l -> l.substring(0, l.indexOf(": 2 runs by time"))).toList();
        assertThat(headings).hasSize(4).doesNotHaveDuplicates();
        assertThat(headings).anySatisfy(h -> assertThat(h).startsWith("write 1MiB").endsWith("on ext4"));
        assertThat(headings).anySatisfy(h -> assertThat(h).startsWith("write 1MiB").endsWith("on nfs4"));
        assertThat(headings).anySatisfy(h -> assertThat(h).startsWith("job file a.fio g0 read 4KiB"));
        assertThat(headings).anySatisfy(h -> assertThat(h).startsWith("job file b.fio g0 read 4KiB"));

        InProcess.Result json = InProcess.run("history", "--format", "json", "--db", db);
        assertThat(json.status()).as(json.err()).isZero();
        List<String> named = new ArrayList<>();
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out()).get("workloads")
                .forEach(w -> named.add(w.get("workload").asText()));
        assertThat(named).as("one name per series in every view").containsExactlyElementsOf(headings);

        InProcess.Result csv = InProcess.run("history", "--format", "csv", "--db", db);
        assertThat(csv.status()).as(csv.err()).isZero();
        assertThat(headings).allSatisfy(h -> assertThat(csv.out()).contains(h));
    }

    @Test
    void aFioImportAndAnIobenchRunOfTheSameJobFileShareARow() throws Exception {
        Path data = Files.createDirectory(dir.resolve("data"));
        String job;
        try (InputStream in = RowsAreTestsTest.class.getResourceAsStream("/store/fio/two.fio")) {
            job = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("/tmp/fiofx", data.toString());
        }
        Path file = Files.writeString(dir.resolve("two.fio"), job);
        Path fioJson = dir.resolve("fio.json");
        try (InputStream in = RowsAreTestsTest.class.getResourceAsStream("/store/fio/fio-two-jobs.json")) {
            Files.write(fioJson, in.readAllBytes());
        }
        String db = Databases.sqlite(dir);
        Cli.Result imported = Cli.run(dir, "import", fioJson.toString(), "--label", "tool=fio", "--db", db);
        assertThat(imported.status()).as(imported.err()).isZero();
        Cli.Result ran = Cli.run(dir, "run", file.toString(), "--label", "tool=iobench", "--db", db);
        assertThat(ran.status()).as(ran.out() + ran.err()).isZero();

        InProcess.Result r = InProcess.run("compare", "--base", "tool=fio", "--new", "tool=iobench", "--db", db);
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        // [seqwrite] ran alone in both: one row. [rr4k]'s numjobs=2 is two jobs in iobench and one summed entry in
        // fio's JSON: not the same shape, so it is named as one-sided, never pooled
        assertThat(r.out().lines()).anySatisfy(l -> assertThat(l).startsWith("seqwrite"));
        assertThat(r.out()).contains("only in base, not compared: randread 4KiB 2 threads qd4 direct");
    }

    @Test
    void usersNameTheRowsWithALabel() {
        String db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            int at = 0;
            for (String v : List.of("old", "new")) {
                double f = v.equals("old") ? 1 : 1.1;
                // "case" names the rows: a 4 KiB and an 8 KiB read are one case, "small"; a 1 MiB write is "big"
                store.save(StoreFixtures.run(on("ext4", RwMode.READ, 4096, 100e6 * f, 101e6 * f),
                        Map.of("v", v, "case", "small"), StoreFixtures.T0.plusSeconds(at++)));
                store.save(StoreFixtures.run(on("ext4", RwMode.READ, 8192, 102e6 * f, 103e6 * f),
                        Map.of("v", v, "case", "small"), StoreFixtures.T0.plusSeconds(at++)));
                store.save(StoreFixtures.run(on("ext4", RwMode.WRITE, 1 << 20, 300e6 * f, 301e6 * f),
                        Map.of("v", v, "case", "big"), StoreFixtures.T0.plusSeconds(at++)));
                store.save(StoreFixtures.run(on("ext4", RwMode.WRITE, 1 << 20, 5e6, 5e6), Map.of("v", v),
                        StoreFixtures.T0.plusSeconds(at++)));
            }
        }
        InProcess.Result r = InProcess.run("compare", "--base", "v=old", "--new", "v=new", "--rows", "case",
                "--db", db);
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("small ").contains(" 4 ").contains("+10.0%"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("big ").contains("+10.0%"));
        assertThat(r.out()).contains("row small (--rows case) pools 2 workloads: read 4KiB 1 thread qd1 buffered"
                + " sync none; read 8KiB 1 thread qd1 buffered sync none");
        assertThat(r.err()).contains("compare: --base: 1 run without the label case left out (--rows case)");

        InProcess.Result by = InProcess.run("compare", "--by", "v", "--rows", "case", "--db", db);
        assertThat(by.status()).as(by.out() + by.err()).isZero();
        assertThat(by.out().lines()).anySatisfy(l -> assertThat(l).startsWith("small "));
        assertThat(InProcess.run("compare", "--by", "v", "--rows", "nosuch", "--db", db).status()).isEqualTo(1);
    }
}
