package org.iobench.micro;

import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Run-time choices that override what a suite set for itself (as from a command line). Null fields mean
 * "keep the suite's own setting". Immutable; each {@code with...}-style method returns a copy.
 * <pre>
 * RunOptions opts = RunOptions.defaults().samples(30).fork(2).suiteFilter("ints").isolateSuites(false);
 * </pre>
 *
 * @param suiteFilter   regular expression; only suites whose name contains a match run (null = all)
 * @param forkJvmArgs   extra options for forked JVMs, e.g. {@code -Xmx1g}
 * @param forkClasspath class path for forked JVMs; null = this JVM's {@code java.class.path} plus the URLs of the
 *                      class loader passed to {@link SuiteRunner#runClass}
 * @param isolateSuites when a suite runs interleaved ({@code fork(0)}) and was found by {@link SuiteRunner}, run it
 *                      in a fresh JVM of its own, so that suites run earlier cannot have shaped the JIT's profiles of
 *                      library code (streams, collections) it uses; default true. Suites made ad hoc
 *                      ({@code Suite.of(...).run()}) always run in this JVM.
 */
public record RunOptions(Integer samples, Duration sampleTime, Duration warmup, Integer forks, String suiteFilter,
                         List<String> forkJvmArgs, String forkClasspath, boolean isolateSuites) {

    public RunOptions {
        forkJvmArgs = forkJvmArgs == null ? List.of() : List.copyOf(forkJvmArgs);
        if (suiteFilter != null) {
            Pattern.compile(suiteFilter); // fail early on a bad expression
        }
    }

    public static RunOptions defaults() {
        return new RunOptions(null, null, null, null, null, List.of(), null, true);
    }

    public RunOptions samples(int n) {
        return new RunOptions(n, sampleTime, warmup, forks, suiteFilter, forkJvmArgs, forkClasspath, isolateSuites);
    }

    public RunOptions sampleTime(Duration d) {
        return new RunOptions(samples, d, warmup, forks, suiteFilter, forkJvmArgs, forkClasspath, isolateSuites);
    }

    public RunOptions warmup(Duration max) {
        return new RunOptions(samples, sampleTime, max, forks, suiteFilter, forkJvmArgs, forkClasspath, isolateSuites);
    }

    public RunOptions fork(int jvms) {
        return new RunOptions(samples, sampleTime, warmup, jvms, suiteFilter, forkJvmArgs, forkClasspath, isolateSuites);
    }

    public RunOptions suiteFilter(String regex) {
        return new RunOptions(samples, sampleTime, warmup, forks, regex, forkJvmArgs, forkClasspath, isolateSuites);
    }

    public RunOptions forkJvmArgs(List<String> args) {
        return new RunOptions(samples, sampleTime, warmup, forks, suiteFilter, args, forkClasspath, isolateSuites);
    }

    public RunOptions forkClasspath(String classpath) {
        return new RunOptions(samples, sampleTime, warmup, forks, suiteFilter, forkJvmArgs, classpath, isolateSuites);
    }

    public RunOptions isolateSuites(boolean isolate) {
        return new RunOptions(samples, sampleTime, warmup, forks, suiteFilter, forkJvmArgs, forkClasspath, isolate);
    }

    /** The suite's settings with these overrides applied (validated by {@link Settings}). */
    public Settings applyTo(Settings s) {
        Settings r = s;
        if (samples != null) {
            r = r.withSamples(samples);
        }
        if (sampleTime != null) {
            r = r.withSampleTime(sampleTime);
        }
        if (warmup != null) {
            r = r.withWarmupMax(warmup);
        }
        if (forks != null) {
            r = r.withForks(forks);
        }
        return r;
    }

    boolean selects(String suiteName) {
        return suiteFilter == null || Pattern.compile(suiteFilter).matcher(suiteName).find();
    }
}
