package org.iobench.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive that {@code mvn package} builds, unpacked in an empty directory and run through its
 * {@code bin/iobench} with a plain JDK and no Maven: the environment holds nothing but a PATH of the few tools the
 * launcher uses (bash, readlink, dirname, mkdir) and a HOME inside the test directory. Runs in Maven's verify phase
 * (failsafe), after the archive exists; {@code -Diobench.archive=FILE} names it.
 */
class ReleaseArchiveIT {
    private static final String JAVA_HOME = System.getProperty("java.home");

    @TempDir
    Path dir;

    Path home; // the unpacked iobench-VERSION directory
    Path tools; // PATH: the launcher's tools only

    record Result(int status, String out, String err) {}

    @BeforeEach
    void unpack() throws Exception {
        String archive = System.getProperty("iobench.archive");
        assumeTrue(archive != null && Files.isRegularFile(Path.of(archive)),
                "the release archive is built by mvn package; run this through mvn verify (iobench.archive="
                        + archive + ")");
        Path unpacked = Files.createDirectories(dir.resolve("unpacked"));
        Process tar = new ProcessBuilder("tar", "xzf", archive, "-C", unpacked.toString()).inheritIO().start();
        assertThat(tar.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(tar.exitValue()).isZero();
        try (Stream<Path> top = Files.list(unpacked)) {
            home = top.findFirst().orElseThrow();
        }
        tools = Files.createDirectories(dir.resolve("tools"));
        for (String tool : List.of("bash", "readlink", "dirname", "mkdir")) {
            Files.createSymbolicLink(tools.resolve(tool), which(tool));
        }
    }

    @Test
    void theUnpackedArchiveRunsAJobStoresItAndListsIt() throws Exception {
        List<String> before = tree(home);
        Result version = iobench(Map.of("IOBENCH_JAVA_HOME", JAVA_HOME), "--version");
        assertThat(version.err()).isEmpty();
        assertThat(version.status()).isZero();
        assertThat(version.out()).startsWith("iobench ").contains("(commit ").contains("JDK " + Runtime.version());

        Path work = Files.createDirectories(dir.resolve("work"));
        Result run = iobench(Map.of("IOBENCH_JAVA_HOME", JAVA_HOME), "run", "--quiet", "--rw", "randread", "--bs",
                "4k", "--size", "1m", "--label", "from=archive", work.toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("IOPS");
        Result runs = iobench(Map.of("IOBENCH_JAVA_HOME", JAVA_HOME), "runs", "from=archive");
        assertThat(runs.status()).as(runs.err()).isZero();
        assertThat(runs.out()).contains("from=archive");

        assertThat(tree(home)).as("nothing built or written inside the unpacked archive").isEqualTo(before);
        assertThat(tree(work)).as("the scratch file is removed").isEmpty();
        assertThat(before).contains("bin/iobench", "lib/iobench.jar", "lib/iobench.aot", "lib/iobench-no-store.aot",
                "lib/jvm.options", "lib/native/x86_64/libsqlitejdbc.so", "lib/native/aarch64/libsqlitejdbc.so",
                "man/man1/iobench.1", "README.md", "lib/iobench-micro.jar");
    }

    @Test
    void theArchiveShipsTheDocsAndEveryLinkOfItsReadmeAndDocsResolvesInsideIt() throws Exception {
        Path source = Path.of(System.getProperty("basedir", "."), "..", "docs").toAbsolutePath().normalize();
        List<String> docs = tree(source).stream().map(f -> "docs/" + f).toList();
        assertThat(docs).contains("docs/micro.md", "docs/options.md", "docs/json-schema-v2.json");
        assertThat(tree(home)).containsAll(docs);
        assertThat(MarkdownLinks.broken(home)).isEmpty();
    }

    @Test
    void theSuiteApiJarAloneRunsSuiteRunnerAsDocsMicroSays() throws Exception {
        // docs/micro.md: java -cp lib/iobench-micro.jar:your.jar org.iobench.micro.SuiteRunner ... CLASS
        Process p = new ProcessBuilder(Path.of(JAVA_HOME, "bin", "java").toString(), "-cp",
                home.resolve("lib/iobench-micro.jar").toString(), "org.iobench.micro.SuiteRunner", "--same-jvm",
                "--samples", "3", "--sample-time-ms", "1", "--warmup-ms", "0", "--filter", "ints",
                "org.iobench.micro.examples.SumSuites").redirectErrorStream(true).start();
        String text = read(p.getInputStream());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(text).isZero();
        assertThat(text).contains("ns/op");
    }

    @Test
    void aStoredRunLoadsSqliteFromLibNativeWithoutCopyingItToTheTemporaryDirectory() throws Exception {
        // sqlite-jdbc copies its library out of the jar into java.io.tmpdir unless told where one is: with a
        // temporary directory that does not exist, only the library in lib/native/ lets the run be saved
        Path db = dir.resolve("native.db");
        Map<String, String> env = Map.of("IOBENCH_JAVA_HOME", JAVA_HOME, "IOBENCH_JAVA_OPTS",
                "-Djava.io.tmpdir=" + dir.resolve("no-such-directory"));
        Result run = iobench(env, "run", "--db", db.toString(), "--quiet", "--rw", "read", "--bs", "4k", "--size",
                "4k", Files.createDirectories(dir.resolve("w")).toString());
        assertThat(run.status()).as(run.err()).isZero();
        Result runs = iobench(env, "runs", "--db", db.toString());
        assertThat(runs.status()).as(runs.err()).isZero();
        assertThat(runs.out()).contains("read 4KiB");
    }

    @Test
    void aCacheThatDoesNotFitTheJvmIsIgnoredWithoutAWord() throws Exception {
        Map<String, String> env = Map.of("IOBENCH_JAVA_HOME", JAVA_HOME);
        String expected = iobench(env, "--version").out();
        Path aot = home.resolve("lib/iobench.aot");

        // made with other JVM options (compressed object pointers, another collector): the JVM refuses the cache
        Result otherOptions = iobench(Map.of("IOBENCH_JAVA_HOME", JAVA_HOME, "IOBENCH_JAVA_OPTS",
                "-XX:-UseCompressedOops -XX:+UseParallelGC"), "--version");
        assertThat(otherOptions.err()).isEmpty();
        assertThat(otherOptions.out()).isEqualTo(expected);

        byte[] cache = Files.readAllBytes(aot);
        Files.write(aot, java.util.Arrays.copyOf(cache, cache.length / 3)); // truncated
        Result truncated = iobench(env, "--version");
        assertThat(truncated.err()).isEmpty();
        assertThat(truncated.out()).isEqualTo(expected);

        Files.writeString(aot, "not a cache\n"); // garbage, in both caches (--no-store runs take the second)
        Files.writeString(home.resolve("lib/iobench-no-store.aot"), "not a cache\n");
        Result garbage = iobench(env, "run", "--no-store", "--quiet", "--format", "json", "--rw", "read", "--bs",
                "4k", "--size", "4k", Files.createDirectories(dir.resolve("w")).toString());
        assertThat(garbage.err()).isEmpty();
        assertThat(garbage.out()).startsWith("{");
        assertThat(garbage.status()).isZero();
    }

    @Test
    void aJdkOlderThan25IsRefusedFromItsReleaseFileWithoutStartingIt() throws Exception {
        Path old = Files.createDirectories(dir.resolve("jdk-17/bin"));
        Path marker = dir.resolve("started");
        Path java = old.resolve("java");
        Files.writeString(java, "#!/bin/sh\ntouch " + marker + "\n");
        java.toFile().setExecutable(true);
        Files.writeString(old.getParent().resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"17.0.2\"\n");

        Result r = iobench(Map.of("IOBENCH_JAVA_HOME", old.getParent().toString()), "--version");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("IOBENCH_JAVA_HOME=" + old.getParent()).contains("JAVA_VERSION=17");
        assertThat(marker).doesNotExist();
    }

    @Test
    void theJdkFoundIsRememberedAndSearchedAgainWhenItDisappears() throws Exception {
        // A JDK home of its own (release file and bin/java), remembered from an earlier search.
        Path jdk = Files.createDirectories(dir.resolve("jdk-25/bin"));
        Files.createSymbolicLink(jdk.resolve("java"), Path.of(JAVA_HOME, "bin", "java"));
        Files.copy(Path.of(JAVA_HOME, "release"), jdk.getParent().resolve("release"));
        Path remembered = Files.createDirectories(dir.resolve("cache/iobench")).resolve("java-home");
        Files.writeString(remembered, jdk.getParent() + "\n");

        Result fromMemory = iobench(Map.of(), "--version");
        assertThat(fromMemory.status()).as(fromMemory.err()).isZero();

        // gone: the search finds java on the PATH and remembers that one
        Files.delete(jdk.resolve("java"));
        Files.createSymbolicLink(tools.resolve("java"), Path.of(JAVA_HOME, "bin", "java"));
        Result searched = iobench(Map.of(), "--version");
        assertThat(searched.status()).as(searched.err()).isZero();
        assertThat(Files.readString(remembered).strip()).isEqualTo(Path.of(JAVA_HOME).toRealPath().toString());
    }

    private Result iobench(Map<String, String> extraEnv, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/iobench").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        env.clear();
        env.putAll(new HashMap<>(Map.of("PATH", tools.toString(), "HOME", dir.resolve("home").toString(),
                "XDG_CACHE_HOME", dir.resolve("cache").toString(), "XDG_DATA_HOME", dir.resolve("data").toString())));
        env.putAll(extraEnv);
        Process p = pb.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        String err = read(p.getErrorStream());
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bin/iobench did not finish in 180 s");
        }
        return new Result(p.exitValue(), out.get(), err);
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<String> tree(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile).map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    private static Path which(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(d, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new AssertionError(tool + " is not on the PATH");
    }
}
