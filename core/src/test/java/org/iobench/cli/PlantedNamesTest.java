package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Links and files planted at the names earlier builds used for their own files (the PID's: this JVM's, since the
 * commands run in it) are never written, followed or removed: the scratch files of a directory target and of the
 * suites, the probes of the output and database checks.
 */
class PlantedNamesTest {
    @TempDir
    Path dir;

    private Path work;
    private Path victim;
    private final List<Path> planted = new ArrayList<>();
    private final long pid = ProcessHandle.current().pid();

    @BeforeEach
    void plant() throws Exception {
        work = Files.createDirectory(dir.resolve("work"));
        victim = Files.writeString(dir.resolve("victim"), "the victim's data\n");
        List<String> names = new ArrayList<>(List.of(".iobench-crystal-" + pid + ".tmp",
                ".iobench-quick-" + pid + ".tmp"));
        for (int i = 1; i <= 20; i++) {
            names.add(".iobench-" + pid + "-" + i + ".tmp");
        }
        for (String n : names) {
            planted.add(Files.createSymbolicLink(work.resolve(n), victim));
        }
        planted.add(Files.writeString(work.resolve(".iobench-probe-" + pid + ".tmp"), "planted probe\n"));
    }

    private void assertNothingTouched() throws Exception {
        assertThat(Files.readString(victim)).isEqualTo("the victim's data\n");
        for (Path p : planted) {
            assertThat(Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)).as(p + " left in place").isTrue();
            if (Files.isSymbolicLink(p)) {
                assertThat(Files.readSymbolicLink(p)).isEqualTo(victim);
            } else {
                assertThat(Files.readString(p)).isEqualTo("planted probe\n");
            }
        }
        try (Stream<Path> files = Files.list(work)) {
            assertThat(files.filter(p -> !planted.contains(p)).toList()).as("scratch files removed").isEmpty();
        }
    }

    @Test
    void theCrystalSuiteNeitherWritesNorRemovesWhatIsPlanted() throws Exception {
        InProcessMain.Result r = InProcessMain.run("suite", "crystal", work.toString(), "--size", "1m", "--time",
                "100ms", "--sample-interval", "0", "--db", work.resolve("results.db").toString());
        assertThat(r.status()).as(r.err()).isZero();
        Files.deleteIfExists(work.resolve("results.db"));
        assertNothingTouched();
    }

    @Test
    void theQuickSuiteAndADirectoryTargetNeitherWriteNorRemoveWhatIsPlanted() throws Exception {
        InProcessMain.Result q = InProcessMain.run("suite", "quick", work.toString(), "--size", "1m",
                "--sample-interval", "0", "--no-store");
        assertThat(q.status()).as(q.err()).isZero();
        InProcessMain.Result r = InProcessMain.run("run", "--rw", "write", "--bs", "64k", "--size", "256k",
                "--no-store", "-o", work.resolve("out.json").toString(), work.toString());
        assertThat(r.status()).as(r.err()).isZero();
        Files.delete(work.resolve("out.json"));
        assertNothingTouched();
    }
}
