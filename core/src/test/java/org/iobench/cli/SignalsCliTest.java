package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.iobench.store.Databases;
import org.iobench.store.ResultStore;
import org.iobench.store.RunQuery;
import org.iobench.store.StoredRun;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (timeout, systemd, CI runners) and SIGHUP (a closed terminal) end a run the way Ctrl-C does: partial
 * figures printed, marked and saved as incomplete, scratch files removed, exit 128 + the signal's number. Real
 * signals to a child JVM; a paced run ({@code --rate}) keeps the child from burning a core while it waits.
 */
class SignalsCliTest {
    @TempDir
    Path dir;

    private Path existing(String name) throws IOException {
        return Files.write(dir.resolve(name), new byte[4 << 20]);
    }

    private Map<String, StoredRun> stored(String db) {
        try (ResultStore store = ResultStore.open(db)) {
            return store.find(RunQuery.ALL).stream().collect(Collectors.toMap(r -> r.name(), r -> r));
        }
    }

    @Test
    void sigtermMidRunPrintsThePartialRunSavesItAsIncompleteAndExits143() throws Exception {
        String db = Databases.sqlite(dir);
        Process p = Cli.start(dir, "run", "--rw", "randread", "--bs", "4k", "--time", "60s", "--rate", "500",
                "--runs", "2", "--db", db, dir.toString());
        Cli.awaitThread(p, "iobench-worker");
        Thread.sleep(300);
        Cli.signal(p, "TERM");
        Cli.Result r = Cli.finish(p);

        assertThat(r.status()).as(r.err()).isEqualTo(143);
        assertThat(r.out()).contains("run 1: ").contains("[INCOMPLETE: interrupted (SIGTERM)]").contains("IOPS")
                .doesNotContain("run 2: ");
        assertThat(r.err()).contains("saved as run 1").contains("interrupted by SIGTERM; the results above are partial")
                .doesNotContain("\tat ");
        StoredRun run = stored(db).values().iterator().next();
        assertThat(run.complete()).isFalse();
        assertThat(run.repetitions()).isEqualTo(1);
        assertThat(scratchFiles()).as("scratch file removed").isEmpty();
    }

    @Test
    void sighupEndsTheRunLikeSigtermAndExits129() throws Exception {
        Process p = Cli.start(dir, "run", "--rw", "randread", "--bs", "4k", "--time", "60s", "--rate", "500",
                "--no-store", existing("f.dat").toString());
        Cli.awaitThread(p, "iobench-worker");
        Cli.signal(p, "HUP");
        Cli.Result r = Cli.finish(p);
        assertThat(r.status()).as(r.err()).isEqualTo(129);
        assertThat(r.out()).contains("[INCOMPLETE: interrupted (SIGHUP)]");
        assertThat(r.err()).contains("interrupted by SIGHUP");
    }

    @Test
    void sigintIsHandledWhenTheChildHasTheDefaultDisposition() throws Exception {
        Process p = Cli.start(dir, "run", "--rw", "randread", "--bs", "4k", "--time", "60s", "--rate", "500",
                "--no-store", existing("f.dat").toString());
        Cli.awaitThread(p, "iobench-worker");
        Cli.assumeSigintDelivered(p);
        Cli.signal(p, "INT");
        Cli.Result r = Cli.finish(p);
        assertThat(r.status()).as(r.err()).isEqualTo(130);
        assertThat(r.out()).contains("[INCOMPLETE: interrupted]");
        assertThat(r.err()).contains("interrupted by SIGINT");
    }

    @Test
    void aSigintIgnoredAtStartStaysIgnoredAsForABackgroundJob() throws Exception {
        assumeTrue(Cli.SIGNALS_RESET, "env --ignore-signal (GNU coreutils 8.31+) is not available");
        Process p = Cli.start(dir, List.of("env", "--ignore-signal=INT"), "run", "--rw", "randread", "--bs", "4k",
                "--time", "2s", "--rate", "500", "--no-store", existing("f.dat").toString());
        Cli.awaitThread(p, "iobench-worker");
        Cli.signal(p, "INT");
        Cli.Result r = Cli.finish(p);
        assertThat(r.status()).as("the run went on to its end: " + r.err()).isZero();
        assertThat(r.out()).doesNotContain("INCOMPLETE");
    }

    @Test
    void jobsWhoseRepetitionsAllFinishedBeforeTheSignalAreSavedComplete() throws Exception {
        String db = Databases.sqlite(dir);
        Path jobs = Files.writeString(dir.resolve("two.fio"), String.join("\n",
                "[global]", "directory=" + dir, "bs=64k", "",
                "[done]", "rw=write", "size=1m", "filename=done.dat", "",
                "[cut]", "stonewall", "rw=randread", "size=4m", "runtime=60", "time_based", "filename=cut.dat", ""));
        Process p = Cli.start(dir, "run", "--runs", "2", "--db", db, "--sample-interval", "0", jobs.toString());
        Cli.awaitCondition(p, "the second job's file", () -> Files.exists(dir.resolve("cut.dat")));
        Cli.awaitThread(p, "iobench-worker");
        Cli.signal(p, "TERM");
        Cli.Result r = Cli.finish(p);

        assertThat(r.status()).as(r.err()).isEqualTo(143);
        Map<String, StoredRun> runs = stored(db);
        assertThat(runs.get("done").complete()).as("both repetitions ended before the signal").isTrue();
        assertThat(runs.get("done").repetitions()).isEqualTo(2);
        assertThat(runs.get("cut").complete()).isFalse();
        assertThat(r.out()).containsPattern("cut: randread[^\\n]*\\n.*\\nrun 1: .* \\[INCOMPLETE: interrupted \\(SIGTERM\\)\\]");
        assertThat(dir.resolve("done.dat")).doesNotExist();
        assertThat(dir.resolve("cut.dat")).doesNotExist();
    }

    @Test
    void aSignalWhileTheTargetIsBeingPreparedSavesNothing() throws Exception {
        Root.assumeLoopDevices("mount an ext4 loop device and freeze it (fsfreeze) while iobench creates its file");
        Root.assumeTool("fsfreeze", "hold iobench in its preparation");
        String db = Databases.sqlite(dir);
        Path image = Root.sparseFile(dir.resolve("fs.img"), 64 << 20);
        Root.mkfsExt4(image);
        Path loop = Root.losetup(image);
        Path mnt = dir.resolve("mnt");
        try {
            Root.mount(loop, mnt);
            boolean frozen = false;
            try {
                Root.sh("fsfreeze", "-f", mnt.toString());
                frozen = true;
                Process p = Cli.start(dir, "run", "--rw", "randread", "--bs", "4k", "--size", "8m", "--db", db,
                        mnt.toString());
                // creating the scratch file blocks on the frozen filesystem: the child waits in the kernel (D)
                Cli.awaitCondition(p, "a thread blocked on the frozen filesystem", () -> blockedInKernel(p));
                Cli.signal(p, "TERM");
                Root.sh("fsfreeze", "-u", mnt.toString());
                frozen = false;
                Cli.Result r = Cli.finish(p);
                assertThat(r.status()).as(r.err()).isEqualTo(143);
                assertThat(r.out()).isEmpty();
                assertThat(r.err()).contains("interrupted by SIGTERM before any run had started; nothing was"
                        + " measured or saved").doesNotContain("saved as run");
                assertThat(Files.exists(dir.resolve("results.db")) ? stored(db) : Map.of()).isEmpty();
                try (var files = Files.list(mnt)) {
                    assertThat(files.filter(f -> f.getFileName().toString().startsWith(".iobench-")))
                            .as("the half-prepared scratch file is removed").isEmpty();
                }
            } finally {
                if (frozen) {
                    Root.sh("fsfreeze", "-u", mnt.toString());
                }
                Root.umount(mnt);
            }
        } finally {
            Root.detach(loop);
        }
    }

    /**
     * A thread of the child sleeps uninterruptibly where a frozen filesystem parks writers (percpu_rwsem_wait under
     * sb_start_write / mnt_want_write), not in a passing page-in.
     */
    private static boolean blockedInKernel(Process p) throws IOException {
        try (var ts = Files.list(Path.of("/proc", Long.toString(p.pid()), "task"))) {
            for (Path t : ts.toList()) {
                try {
                    String stat = Files.readString(t.resolve("stat"));
                    String wchan = Files.readString(t.resolve("wchan"));
                    if (stat.substring(stat.lastIndexOf(')') + 2).startsWith("D") && (wchan.contains("rwsem")
                            || wchan.contains("sb_start") || wchan.contains("want_write"))) {
                        return true;
                    }
                } catch (IOException gone) {
                    // the thread ended meanwhile
                }
            }
        }
        return false;
    }

    private List<Path> scratchFiles() throws IOException {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(".iobench-")).toList();
        }
    }
}
