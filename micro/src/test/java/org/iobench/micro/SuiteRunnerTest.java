package org.iobench.micro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteRunnerTest {

    private final ClassLoader loader = getClass().getClassLoader();
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
    private final ByteArrayOutputStream errors = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errors, true, StandardCharsets.UTF_8);

    @Test
    void discoversStaticMethodsReturningASuiteAnArrayOrAListInNameOrder() {
        assertThat(SuiteRunner.suites(TinySuites.class.getName(), loader)).extracting(Suite::name)
                .containsExactly("array 0", "array 1", "list 0", "single");
    }

    @Test
    void discoversSuitesOfASuiteProvider() {
        assertThat(SuiteRunner.suites(TinySuites.Provided.class.getName(), loader)).extracting(Suite::name)
                .containsExactly("provided");
    }

    @Test
    void aClassWithoutSuitesOrAMissingClassIsAClearError() {
        assertThatThrownBy(() -> SuiteRunner.suites(TinySuites.Empty.class.getName(), loader))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("defines no suites");
        assertThatThrownBy(() -> SuiteRunner.suites("no.such.Clazz", loader))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot load class no.such.Clazz");
    }

    @Test
    void runClassRunsTheSelectedSuitesAndPrintsEachTable() {
        RunReport report = SuiteRunner.runClass(TinySuites.class.getName(), loader,
                RunOptions.defaults().suiteFilter("^array"), out);
        assertThat(report.suites()).extracting(SuiteResult::name).containsExactly("array 0", "array 1");
        assertThat(report.environment().availableProcessors()).isPositive();
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("============ array 0 ============").contains("============ array 1 ============");
    }

    @Test
    void suitesFoundByTheRunnerRunInterleavedInAFreshJvmOfTheirOwnUnlessToldOtherwise() {
        SuiteResult fresh = SuiteRunner.runClass(TinySuites.class.getName(), loader,
                RunOptions.defaults().suiteFilter("^single$"), out).suites().getFirst();
        assertThat(fresh.freshJvm()).isTrue();
        assertThat(fresh.variants()).allSatisfy(v -> assertThat(v.samplesNanosPerOp()).hasSize(3));
        SuiteResult here = SuiteRunner.runClass(TinySuites.class.getName(), loader,
                RunOptions.defaults().suiteFilter("^single$").isolateSuites(false), out).suites().getFirst();
        assertThat(here.freshJvm()).isFalse();
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("interleaved in a fresh JVM").contains("interleaved in this JVM");
    }

    @Test
    void forkedRunsMeasureEachVariantInItsOwnJvm() {
        RunReport report = SuiteRunner.runClass(TinySuites.class.getName(), loader,
                RunOptions.defaults().suiteFilter("^single$").fork(1), out);
        SuiteResult r = report.suites().getFirst();
        assertThat(r.settings().forks()).isEqualTo(1);
        assertThat(r.variants()).allSatisfy(v -> assertThat(v.samplesNanosPerOp()).hasSize(3));
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("in 1 forked JVMs each");
    }

    @Test
    void mainWritesJsonAndReturnsZero(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("r.json");
        int status = SuiteRunner.main(new String[] {"--json", json.toString(), "--samples", "2", "--filter",
            "list", TinySuites.class.getName()}, out, err);
        assertThat(status).as(errors.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(Files.readString(json)).contains("\"kind\": \"iobench-micro\"").contains("\"name\": \"list 0\"");
    }

    @Test
    void mainReturnsOneOnAMismatchAndTwoOnBadUsage() {
        assertThat(SuiteRunner.main(new String[] {TinySuites.Wrong.class.getName()}, out, err)).isEqualTo(1);
        assertThat(errors.toString(StandardCharsets.UTF_8))
                .contains("variant 'offByOne' returned 37 but expected 36");
        assertThat(SuiteRunner.main(new String[] {"--samples", "many", "X"}, out, err)).isEqualTo(2);
        assertThat(errors.toString(StandardCharsets.UTF_8)).contains("--samples: 'many' is not a whole number");
    }

    @Test
    void forkedJvmsGetTheJarsOfTheCallersClassLoaderAndThisClassPath(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("user suites.jar");
        try (URLClassLoader user = new URLClassLoader(new URL[] {jar.toUri().toURL()}, loader)) {
            String cp = SuiteRunner.forkClasspath(user);
            assertThat(cp.split(File.pathSeparator)).startsWith(jar.toString());
            assertThat(cp).endsWith(System.getProperty("java.class.path"));
        }
    }

    @Test
    void forkRepliesAreReadPerVariantAndErrorsKept() {
        ForkMain.Reply r = ForkMain.parse(java.util.List.of(
                "#iobench-micro-fork variant 0 a b",
                "#iobench-micro-fork ops 0 10",
                "#iobench-micro-fork sample 0 1.5",
                "#iobench-micro-fork variant 1 c",
                "#iobench-micro-fork sample 1 2.5",
                "#iobench-micro-fork warning 1 too short",
                "#iobench-micro-fork sample 0 1.25",
                "#iobench-micro-fork suite-warning the JIT was busy",
                "#iobench-micro-fork future-field 0 x"));
        assertThat(r.error()).isNull();
        assertThat(r.measurements()).extracting(Measurement::name).containsExactly("a b", "c");
        assertThat(r.measurements().get(0).samplesNanosPerOp()).containsExactly(1.5, 1.25);
        assertThat(r.measurements().get(0).opsPerSample()).isEqualTo(10);
        assertThat(r.measurements().get(1).warnings()).containsExactly("too short");
        assertThat(r.warnings()).containsExactly("the JIT was busy");
        assertThat(ForkMain.parse(java.util.List.of("#iobench-micro-fork error it broke")).error())
                .isEqualTo("it broke");
    }

    @Test
    void forkMainSettingsSurviveTheRoundTrip() {
        Settings s = Settings.DEFAULTS.withSamples(7).withOpsPerSample(123).withWarmupTolerance(0.02);
        assertThat(ForkMain.decode(ForkMain.encode(s))).isEqualTo(s);
    }
}
