package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code iobench micro} in a child JVM over a suite class compiled into a jar during the test. */
class MicroCommandTest {
    /** Two suites with two variants each; {@code Broken} has a variant that returns a wrong sum. */
    static final String SOURCE = """
            package user;

            import java.time.Duration;
            import java.util.Arrays;
            import org.iobench.micro.Suite;

            public class Sums {
                static Suite<int[], Integer> quick(String name, int[] in, int expected) {
                    return Suite.of(name, in, expected)
                            .add("loop", a -> { int s = 0; for (int x : a) s += x; return s; })
                            .add("stream", a -> Arrays.stream(a).sum())
                            .warmup(Duration.ofMillis(20)).samples(3).sampleTime(Duration.ofMillis(1));
                }

                public static Suite<int[], Integer> small() {
                    return quick("small", new int[] {1, 2, 3, 4, 5, 6, 7, 8}, 36);
                }

                public static Suite<int[], Integer> tiny() {
                    return quick("tiny", new int[] {1, 2}, 3);
                }

                public static class Broken {
                    public static Suite<int[], Integer> sums() {
                        return Suite.of("broken sums", new int[] {1, 2, 3}, 6)
                                .add("right", a -> Arrays.stream(a).sum())
                                .add("offByOne", a -> Arrays.stream(a).sum() - 1)
                                .samples(3).sampleTime(Duration.ofMillis(1));
                    }
                }

                public static class Nothing {
                }

                /** "a small" finishes, then "b broken" has a variant with the wrong result (suites run by name). */
                public static class GoodThenBroken {
                    public static Suite<int[], Integer> a() {
                        return quick("a small", new int[] {1, 2, 3, 4, 5, 6, 7, 8}, 36);
                    }

                    public static Suite<int[], Integer> b() {
                        return Suite.of("b broken", new int[] {1, 2, 3}, 6)
                                .add("right", a -> Arrays.stream(a).sum())
                                .add("offByOne", a -> Arrays.stream(a).sum() - 1)
                                .samples(3).sampleTime(Duration.ofMillis(1));
                    }
                }
            }
            """;

    @TempDir
    static Path jarDir;

    static Path jar;

    @TempDir
    Path dir;

    @BeforeAll
    static void compileTheSuiteIntoAJar() throws IOException {
        Path src = jarDir.resolve("src/user/Sums.java");
        Path classes = jarDir.resolve("classes");
        Files.createDirectories(src.getParent());
        Files.createDirectories(classes);
        Files.writeString(src, SOURCE);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, null, "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path"), src.toString());
        assertThat(status).as("javac").isZero();
        jar = jarDir.resolve("user-suites.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
            }
        }
    }

    @Test
    void runsEverySuiteOfTheClassInAFreshJvmEachAndWritesTheJson() throws Exception {
        Path json = dir.resolve("micro.json");
        String db = org.iobench.store.Databases.sqlite(dir);
        Cli.Result r = Cli.run(dir, "micro", "user.Sums", "--cp", jar.toString(), "-o", json.toString(),
                "--samples", "3", "--warmup", "20ms", "--db", db, "--label", "jvm=a");
        assertThat(r.status()).as(r.err()).isZero();
        // it saves what it ran itself, one run per suite and variant (issue 25: it stored nothing)
        assertThat(r.err()).contains("iobench: saved as runs 1, 2, 3, 4 in ");
        try (org.iobench.store.ResultStore store = org.iobench.store.ResultStore.open(db)) {
            assertThat(store.find(org.iobench.store.RunQuery.ALL)).hasSize(4)
                    .allSatisfy(run -> assertThat(run.labels()).containsEntry("jvm", "a"));
        }
        assertThat(r.out()).contains("===== small =====").contains("===== tiny =====")
                .containsPattern("(?m)^loop +\\d").containsPattern("(?m)^stream +\\d")
                .contains("in a fresh JVM").contains("wrote " + json);
        String doc = Files.readString(json);
        assertThat(doc).contains("\"kind\": \"iobench-micro\"").contains("\"name\": \"small\"")
                .contains("\"name\": \"tiny\"").contains("\"freshJvm\": true");
    }

    @Test
    void sameJvmFilterAndTwoJarsOnTheClassPath() throws Exception {
        Path other = Files.createDirectory(dir.resolve("classes"));
        Cli.Result r = Cli.run(dir, "micro", "user.Sums", "--cp", jar + ":" + other, "--same-jvm",
                "--filter", "^ti", "--samples", "2", "--sample-time", "1ms", "--warmup", "0", "--no-store");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("===== tiny =====").doesNotContain("small").contains("in this JVM");
    }

    @Test
    void aVariantWithTheWrongResultFailsWithOneLineNamingItAndBothValues() throws Exception {
        Cli.Result r = Cli.run(dir, "micro", "user.Sums$Broken", "--cp", jar.toString(), "--same-jvm", "--no-store");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo(
                "iobench: suite 'broken sums': variant 'offByOne' returned 5 but expected 6");
    }

    @Test
    void aMissingJarAnUnknownClassOrAClassWithoutSuitesIsBadUsage() throws Exception {
        for (List<String> args : List.of(
                List.of("micro", "user.Sums", "--cp", dir.resolve("nope.jar").toString(), "--no-store"),
                List.of("micro", "user.NoSuchClass", "--cp", jar.toString(), "--no-store"),
                List.of("micro", "user.Sums$Nothing", "--cp", jar.toString(), "--no-store"))) {
            Cli.Result r = Cli.run(dir, args.toArray(String[]::new));
            assertThat(r.status()).as(args + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).as(args.toString()).hasSize(1);
            assertThat(r.err()).startsWith("iobench: ");
        }
        assertThat(Cli.run(dir, "micro", "user.Sums", "--cp", dir.resolve("nope.jar").toString(), "--no-store").err())
                .isEqualTo("iobench: --cp: no such jar or directory: " + dir.resolve("nope.jar") + "\n");
    }

    @Test
    void aLaterSuiteWithAWrongVariantKeepsAndSavesWhatFinishedThenFails() throws Exception {
        String db = org.iobench.store.Databases.sqlite(dir);
        Path json = dir.resolve("m.json");
        Cli.Result r = Cli.run(dir, "micro", "user.Sums$GoodThenBroken", "--cp", jar.toString(), "--same-jvm",
                "--samples", "3", "--warmup", "20ms", "-o", json.toString(), "--db", db);
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains("===== a small =====");
        assertThat(r.err()).contains("iobench: saved as runs 1, 2 in ")
                .endsWith("iobench: suite 'b broken': variant 'offByOne' returned 5 but expected 6\n");
        assertThat(Files.readString(json)).contains("\"name\": \"a small\"").doesNotContain("b broken");
        try (org.iobench.store.ResultStore store = org.iobench.store.ResultStore.open(db)) {
            assertThat(store.find(org.iobench.store.RunQuery.ALL)).extracting(org.iobench.store.StoredRun::name)
                    .containsOnly("a small");
        }
    }
}
