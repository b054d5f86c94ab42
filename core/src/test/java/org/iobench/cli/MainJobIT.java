package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's main job as a user types it: {@code bin/iobench} with no arguments runs the quick suite in the
 * current directory, then {@code bin/iobench report} turns the saved runs into a page and a table. Through the
 * launcher script and the jar Maven just packaged (this runs in the integration-test phase; the script is told
 * not to build).
 */
class MainJobIT {
    private static final Path LAUNCHER = Path.of(System.getProperty("basedir", "."), "..", "bin", "iobench")
            .toAbsolutePath().normalize();
    private static final List<String> QUICK_JOBS = List.of("seq-write-1m", "seq-read-1m", "rand-read-4k",
            "rand-write-4k");

    @TempDir
    Path dir;

    /**
     * Skips when the packaged jar is older than the sources: {@code -Dtest=MainJobIT} also runs this class in the
     * test phase, before {@code package}; {@code mvn verify} runs it after.
     */
    @org.junit.jupiter.api.BeforeEach
    void packagedJarIsFresh() throws Exception {
        Cli.Result version = launch(dir, "--version");
        org.junit.jupiter.api.Assumptions.assumeFalse(version.err().contains("IOBENCH_NO_BUILD=1 forbids"),
                "core/target/iobench.jar is older than the sources; this test runs after mvn package");
        assertThat(version.status()).as(version.err()).isZero();
    }

    private Cli.Result launch(Path workDir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(LAUNCHER.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile());
        pb.environment().put("IOBENCH_NO_BUILD", "1");
        pb.environment().put("XDG_DATA_HOME", dir.resolve("xdg").toString());
        pb.environment().remove("IOBENCH_DB");
        Process p = pb.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        String err = read(p.getErrorStream());
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bin/iobench did not finish in 300 s");
        }
        return new Cli.Result(p.exitValue(), out.get(), err);
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void assertQuickSuite(Cli.Result r, Path workDir) throws IOException {
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("iobench quick suite (");
        for (String job : QUICK_JOBS) {
            assertThat(r.out()).contains(job);
        }
        assertThat(r.err()).contains("saved as run 1, 2, 3, 4");
        try (var files = Files.list(workDir)) {
            assertThat(files.filter(f -> f.getFileName().toString().startsWith(".iobench-")))
                    .as("the scratch file is gone").isEmpty();
        }
    }

    @Test
    void withNoArgumentsTheQuickSuiteRunsInTheCurrentDirectoryAndReportShowsIt() throws Exception {
        Root.assumeSysAdmin("mount a small tmpfs, so that the quick suite's own sizing (a quarter of the free space)"
                + " picks a small file");
        Path small = dir.resolve("small");
        Root.mountTmpfs(small, "300m");
        try {
            Cli.Result quick = launch(small);
            assertQuickSuite(quick, small);
            assertThat(quick.out()).containsPattern("iobench quick suite \\((7[0-9]|6[4-9])\\.0 MiB scratch file");

            Path page = dir.resolve("report.html");
            Cli.Result html = launch(dir, "report", "-o", page.toString());
            assertThat(html.status()).as(html.err()).isZero();
            String text = Files.readString(page);
            assertThat(text).startsWith("<!DOCTYPE html>").contains("id=\"report-data\"");
            for (String job : QUICK_JOBS) {
                assertThat(text).contains(job);
            }
            Cli.Result table = launch(dir, "report", "--format", "markdown");
            assertThat(table.status()).as(table.err()).isZero();
            assertThat(table.out().lines().filter(l -> l.startsWith("|"))).hasSizeGreaterThanOrEqualTo(
                    2 + QUICK_JOBS.size());
        } finally {
            Root.umount(small);
        }
    }

    @Test
    void theQuickSuiteTakesASizeForASmallDirectory() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Cli.Result quick = launch(work, "--size", "16m");
        assertQuickSuite(quick, work);
        assertThat(quick.out()).contains("iobench quick suite (16.0 MiB scratch file");

        Cli.Result csv = launch(dir, "report", "--format", "csv");
        assertThat(csv.status()).as(csv.err()).isZero();
        assertThat(csv.out().lines().skip(1).map(l -> l.split(",")[0] + "," + l.split(",")[1] + ","
                + l.split(",")[2].split(" ")[0])) // ids without #, then the job and its workload
                .containsExactlyInAnyOrder("1,seq-write-1m,write", "2,seq-read-1m,read", "3,rand-read-4k,randread",
                        "4,rand-write-4k,randwrite");
        Cli.Result bad = launch(work, "--size", "1000");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err().strip()).isEqualTo("iobench: --size 1000: the quick suite writes 1 MiB blocks; give a"
                + " positive multiple of 1 MiB (e.g. 64m)");
    }
}
