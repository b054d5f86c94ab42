package org.iobench.micro;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Code variants that compute the same result from the same input, timed against each other. Immutable: every
 * builder method returns a new suite.
 * <pre>
 * Suite.of("ints: int[]", ints, expectedSum)
 *      .add("for", in -&gt; { int s = 0; for (int i = 0; i &lt; in.length; i++) s += in[i]; return s; })
 *      .add("stream", in -&gt; Arrays.stream(in).sum())
 *      .run();
 * </pre>
 * Before any timing, every variant's result is checked against {@code expected} ({@link #verify()}).
 *
 * @param <I> input type
 * @param <R> result type
 */
public final class Suite<I, R> {

    private final String name;
    private final I input;
    private final R expected;
    private final ResultCheck<? super R> check;
    private final List<Variant<I, R>> variants;
    private final Settings settings;
    private final SuiteOrigin origin;

    private Suite(String name, I input, R expected, ResultCheck<? super R> check, List<Variant<I, R>> variants,
                  Settings settings, SuiteOrigin origin) {
        this.name = name;
        this.input = input;
        this.expected = expected;
        this.check = check;
        this.variants = List.copyOf(variants);
        this.settings = settings;
        this.origin = origin;
    }

    /**
     * @param name     printed as the table's title, e.g. {@code "ints: int[]"}
     * @param input    passed to every variant on every call; variants must not change it
     * @param expected the result every variant must return (see {@link #check})
     */
    public static <I, R> Suite<I, R> of(String name, I input, R expected) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("suite name must not be blank: name=" + name);
        }
        return new Suite<>(name, input, expected, ResultCheck.deepEquals(), List.of(), Settings.DEFAULTS, null);
    }

    /** Adds a variant; names must be unique within the suite. */
    public Suite<I, R> add(String variantName, Function<? super I, ? extends R> body) {
        Variant<I, R> v = new Variant<>(variantName, body);
        if (variants.stream().anyMatch(x -> x.name().equals(variantName))) {
            throw new IllegalArgumentException("suite '" + name + "' already has a variant named '" + variantName + "'");
        }
        List<Variant<I, R>> more = new ArrayList<>(variants);
        more.add(v);
        return new Suite<>(name, input, expected, check, more, settings, origin);
    }

    /** How results are compared with {@code expected}; default {@link ResultCheck#deepEquals()}. */
    public Suite<I, R> check(ResultCheck<? super R> resultCheck) {
        if (resultCheck == null) {
            throw new IllegalArgumentException("suite '" + name + "': check must not be null");
        }
        return new Suite<>(name, input, expected, resultCheck, variants, settings, origin);
    }

    /** Cap on warm-up time for the whole suite (default 2 s); {@link Duration#ZERO} skips warm-up. */
    public Suite<I, R> warmup(Duration max) {
        return with(settings.withWarmupMax(max));
    }

    /**
     * Warm-up samples every variant takes at least (default 5) before the stability test may end warm-up; raise it
     * when code plateaus at an intermediate JIT tier.
     */
    public Suite<I, R> warmupMinSamples(int count) {
        return with(settings.withWarmupMinSamples(count));
    }

    /** Measured samples per variant (default 20). */
    public Suite<I, R> samples(int count) {
        return with(settings.withSamples(count));
    }

    /** Target length of one sample (default 10 ms); the calls per sample are calibrated to it. */
    public Suite<I, R> sampleTime(Duration perSample) {
        return with(settings.withSampleTime(perSample));
    }

    /** Fixed calls per sample instead of calibration; 0 (default) calibrates. */
    public Suite<I, R> opsPerSample(long ops) {
        return with(settings.withOpsPerSample(ops));
    }

    /**
     * Runs every variant in {@code jvms} fresh JVMs of its own (0, the default, interleaves them in this JVM).
     * Forking needs a suite found by {@link SuiteRunner} (a public static method or a {@link SuiteProvider}),
     * because the forked JVM must be able to make the suite again.
     */
    public Suite<I, R> fork(int jvms) {
        return with(settings.withForks(jvms));
    }

    /** All settings at once. */
    public Suite<I, R> settings(Settings s) {
        if (s == null) {
            throw new IllegalArgumentException("suite '" + name + "': settings must not be null");
        }
        return with(s);
    }

    public String name() {
        return name;
    }

    public Settings settings() {
        return settings;
    }

    public List<String> variantNames() {
        return variants.stream().map(Variant::name).toList();
    }

    /**
     * Calls every variant once and compares its result with {@code expected}.
     *
     * @throws VariantMismatchException naming the first variant whose result differs, and both values
     * @throws IllegalStateException    if a variant throws, or the suite has no variants
     */
    public void verify() {
        if (variants.isEmpty()) {
            throw new IllegalStateException("suite '" + name + "' has no variants; add some with .add(name, body)");
        }
        for (Variant<I, R> v : variants) {
            R actual;
            try {
                actual = v.body().apply(input);
            } catch (RuntimeException | Error e) {
                throw new IllegalStateException("suite '" + name + "': variant '" + v.name() + "' threw " + e, e);
            }
            if (!check.matches(expected, actual)) {
                throw new VariantMismatchException(name, v.name(), expected, actual);
            }
        }
    }

    /** Runs with default options and prints the table to {@code System.out}. */
    public SuiteResult run() {
        return run(RunOptions.defaults(), System.out);
    }

    /**
     * Verifies, measures, prints the table to {@code out} and returns the result. Variants run interleaved in this
     * JVM; in a fresh JVM of the suite's own when it was found by {@link SuiteRunner} and
     * {@link RunOptions#isolateSuites()} (the default); each in JVMs of its own with {@code fork(n)}.
     */
    public SuiteResult run(RunOptions options, PrintStream out) {
        Settings s = options.applyTo(settings);
        verify();
        long granularity = TimerGranularity.measureNanos(System::nanoTime);
        Measurements measured;
        List<String> warnings = new ArrayList<>();
        double load = JvmEnvironment.loadAverage();
        int cpus = Runtime.getRuntime().availableProcessors();
        if (load > cpus) {
            warnings.add(String.format(Locale.ROOT, "the machine is busy: load average %.1f on %d CPUs;"
                    + " other work competes for the CPUs and the JIT, expect wide spreads", load, cpus));
        }
        boolean freshJvm = s.forks() == 0 && options.isolateSuites() && origin != null;
        if (s.forks() > 0) {
            if (origin == null) {
                throw new IllegalStateException("suite '" + name + "': fork(" + s.forks() + ") needs a suite that"
                        + " a forked JVM can make again: return it from a public static method and run that class"
                        + " with SuiteRunner (or use fork(0))");
            }
            measured = Forker.measureEachVariant(origin, name, variantNames(), s, options);
        } else if (freshJvm) {
            measured = Forker.measureSuite(origin, name, s, options);
        } else {
            measured = measureHere(s, granularity);
            if (!Loops.ownClassPerVariant()) {
                warnings.add("timing loops share one class (hidden classes unavailable): variants share a JIT"
                        + " type profile; fork(n) avoids that");
            }
        }
        warnings.addAll(measured.warnings());
        SuiteResult result = SuiteResult.of(name, s, freshJvm, granularity, measured.variants(), warnings);
        out.print(TextReport.format(result));
        out.flush();
        return result;
    }

    /** Runs, prints and wraps the result with the environment, ready for {@link MicroJson}. */
    public RunReport runReport(RunOptions options, PrintStream out) {
        Instant start = Instant.now();
        return new RunReport(JvmEnvironment.current(), start, List.of(run(options, out)));
    }

    /** Measures all variants interleaved in this JVM with the given settings (forks ignored). */
    Measurements measureHere(Settings s, long granularityNanos) {
        // A full collection first: G1's full GC slides live objects, so the input lands in the old generation in
        // allocation order and stays there. Otherwise the first young GC (from whichever variant allocates) moves
        // it mid-run, possibly scattering boxed elements, and list loops get slower between one sample and the next.
        System.gc();
        Blackhole sink = new Blackhole();
        List<OpTimer> timers = variants.stream().map(v -> Loops.newLoop(v.body(), input, sink)).toList();
        return new Harness(System::nanoTime, JitCompileTime.compileMillis())
                .measure(variantNames(), timers, s, granularityNanos);
    }

    /** This suite with only the named variant (for a forked JVM). */
    Suite<I, R> only(String variantName) {
        List<Variant<I, R>> one = variants.stream().filter(v -> v.name().equals(variantName)).toList();
        if (one.isEmpty()) {
            throw new IllegalArgumentException("suite '" + name + "' has no variant '" + variantName
                    + "'; variants: " + variantNames());
        }
        return new Suite<>(name, input, expected, check, one, settings, origin);
    }

    Suite<I, R> withOrigin(SuiteOrigin o) {
        return new Suite<>(name, input, expected, check, variants, settings, o);
    }

    SuiteOrigin origin() {
        return origin;
    }

    private Suite<I, R> with(Settings s) {
        return new Suite<>(name, input, expected, check, variants, s, origin);
    }
}
