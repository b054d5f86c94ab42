package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Start-up loads only what the command uses (issue 20): checked by the classes a fresh JVM loads
 * ({@code -Xlog:class+load}), never by time. The libraries named here are the heavy ones: JSON, the databases (and
 * sqlite-jdbc's extraction of its native library, done when its loader class initialises), statistics, the
 * cluster transport.
 */
class StartupClassesTest {
    private static final List<String> HEAVY = List.of("com.fasterxml.jackson.", "org.sqlite.", "org.postgresql.",
            "org.hipparchus.", "javax.net.ssl.", "org.jgroups.", "org.iobench.cluster.");

    @TempDir
    Path dir;

    @Test
    void versionLoadsNoHeavyLibraryAndNoOtherCommand() throws Exception {
        List<String> loaded = loadedClasses("--version");
        assertThat(loaded).filteredOn(c -> HEAVY.stream().anyMatch(c::startsWith)).isEmpty();
        // the classes of the commands are known by name, but no command's options are built
        assertThat(loaded).doesNotContain(JobOptions.class.getName(), CompareCommand.MetricConverter.class.getName(),
                TableOutput.class.getName());
    }

    @Test
    void aRunWithoutTheStoreLoadsNoDatabaseAndExtractsNoNativeLibrary() throws Exception {
        Path file = dir.resolve("f");
        Files.write(file, new byte[8192]);
        List<String> loaded = loadedClasses("run", "--no-store", "--quiet", "--rw", "read", "--bs", "4k", "--size",
                "4k", file.toString());
        assertThat(loaded).contains(JobOptions.class.getName());
        assertThat(loaded).filteredOn(c -> c.startsWith("org.sqlite.") || c.startsWith("org.postgresql.")
                || c.startsWith("org.iobench.cluster.")).isEmpty();
        assertThat(loaded).doesNotContain(CompareCommand.MetricConverter.class.getName());
    }

    @Test
    void aMistypedCommandLoadsEveryCommandToSuggestOne() throws Exception {
        List<String> loaded = loadedClasses("rn");
        assertThat(loaded).contains(JobOptions.class.getName(), CompareCommand.MetricConverter.class.getName());
    }

    private List<String> loadedClasses(String... args) throws Exception {
        Path log = dir.resolve("classes.log");
        Files.deleteIfExists(log);
        Cli.Result r = Cli.run(dir, List.of("-Xshare:off", "-Xlog:class+load=info:file=" + log + ":none"), args);
        assertThat(r.err()).as("stderr").doesNotContain("Error", "Exception");
        return Files.readAllLines(log).stream().map(l -> l.split(" ", 2)[0]).toList();
    }
}
