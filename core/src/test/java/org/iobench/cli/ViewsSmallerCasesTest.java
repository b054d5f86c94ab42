package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iobench.job.RwMode;
import org.iobench.store.Databases;
import org.iobench.store.NewMicroRun;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreFixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 25's smaller cases in the views over stored runs, each as a user met it. */
class ViewsSmallerCasesTest {
    @TempDir
    static Path dir;
    static String db;

    @BeforeAll
    static void saveRuns() {
        db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            for (int i = 0; i < 3; i++) {
                store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.RANDREAD, 4096, 1, true,
                        100e6 + i * 1e6, 101e6), Map.of("kernel", "6." + i), StoreFixtures.T0.plusSeconds(60L * i)));
            }
            store.save(new NewMicroRun("sums", "loop", List.of(100.0, 125.0, 110.0), "java 25 (Vendor)",
                    "{\"kind\":\"iobench-micro\"}", "{\"javaVersion\":\"25\"}", Map.of("jvm", "a"), null,
                    StoreFixtures.T0.plusSeconds(600)));
        }
    }

    @Test
    void vmstatPrintsItsBlockWhenAJobFileRuns(@TempDir Path work) throws Exception {
        java.nio.file.Path job = java.nio.file.Files.writeString(work.resolve("w.fio"), "[global]\ndirectory="
                + work + "\nsize=2m\nbs=64k\n\n[alone]\nrw=write\n\n[together]\nstonewall\nrw=read\nnumjobs=2\n");
        Cli.Result r = Cli.run(work, "run", job.toString(), "--vmstat", "--no-store");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("vmstat, run 1").contains("vmstat while 2 jobs ran together");
    }

    @Test
    void runsWithASelectorThatSelectsNothingExits1AsShowAndCompareDo() {
        InProcess.Result none = InProcess.run("runs", "kernel=9.9", "--db", db);
        assertThat(none.status()).as(none.out() + none.err()).isEqualTo(1);
        assertThat(none.err().strip()).isEqualTo("iobench: runs kernel=9.9: selects no runs (iobench runs lists them all)");
        assertThat(none.out()).isEmpty();
        InProcess.Result some = InProcess.run("runs", "kernel=6.1", "--db", db);
        assertThat(some.status()).as(some.err()).isZero();
        assertThat(InProcess.run("runs", "--db", db).status()).isZero();
    }

    @Test
    void historyWithoutArgumentsShowsTheIoRunsWhenOneMicroResultIsStored() {
        InProcess.Result all = InProcess.run("history", "--db", db);
        assertThat(all.status()).as(all.out() + all.err()).isZero();
        assertThat(all.out()).startsWith("randread 4KiB 1 thread qd1 direct sync none: 3 runs by time");
        assertThat(all.err()).contains("history: 1 micro-benchmark run is not shown (its metric is ns/op):"
                + " iobench history source:micro");
        InProcess.Result micro = InProcess.run("history", "source:micro", "--db", db);
        assertThat(micro.status()).as(micro.err()).isZero();
        assertThat(micro.out()).startsWith("sums / loop: 1 run by time");
    }
}
