package org.iobench.micro;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Measures variants in this JVM, interleaved round-robin so that drift (frequency scaling, other load, GC state)
 * spreads over all variants instead of penalising whichever ran last.
 *
 * <ol>
 *   <li>Calibrate: double the call count until a batch lasts a quarter of the sample time, then scale up.</li>
 *   <li>Warm up: round-robin samples, re-calibrating the call count each time, until every variant's last
 *       {@value Settings#STABLE_WINDOW} samples agree within the tolerance (at least {@code warmupMinSamples},
 *       at most {@code warmupMax}).</li>
 *   <li>Measure: {@code samples} rounds with the call count fixed; each round starts at a different variant.</li>
 * </ol>
 */
final class Harness {

    /** A sample shorter than this many timer steps cannot be timed reliably. */
    static final int MIN_TIMER_STEPS = 20;
    /** Below this a call is suspiciously fast: the JIT may have removed the work. */
    static final double SUSPICIOUS_NANOS_PER_OP = 0.5;
    /** Warn when the 95 % CI half-width exceeds this fraction of the mean. */
    static final double WIDE_CI = 0.05;
    private static final long MAX_OPS = 1L << 40;

    /** Warm-up is not over while the JIT compiled longer than this during the last stable window. */
    static final long JIT_QUIET_MILLIS = 1;
    /** Warn when the JIT compiled longer than this while samples were taken. */
    static final long JIT_BUSY_WHILE_MEASURING_MILLIS = 5;

    private final LongSupplier nanoClock;
    private final LongSupplier compileMillis;

    /**
     * @param nanoClock     used for the warm-up deadline only; samples are timed by each {@link OpTimer}
     * @param compileMillis accumulated JIT compilation time ({@link JitCompileTime#compileMillis()}); warm-up waits
     *                      for it to stand still, so code the JIT is still optimising is not measured
     */
    Harness(LongSupplier nanoClock, LongSupplier compileMillis) {
        this.nanoClock = nanoClock;
        this.compileMillis = compileMillis;
    }

    Measurements measure(List<String> names, List<OpTimer> timers, Settings s, long timerGranularityNanos) {
        int n = timers.size();
        long targetNanos = s.sampleTime().toNanos();
        long[] ops = new long[n];
        List<Set<String>> warnings = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            warnings.add(new LinkedHashSet<>());
            ops[v] = s.opsPerSample() > 0 ? s.opsPerSample() : calibrate(timers.get(v), targetNanos);
        }
        List<String> suiteWarnings = new ArrayList<>();
        warmUp(timers, s, ops, warnings, suiteWarnings);
        long compiledBefore = compileMillis.getAsLong();
        List<List<Double>> samples = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            samples.add(new ArrayList<>());
        }
        for (int round = 0; round < s.samples(); round++) {
            for (int k = 0; k < n; k++) {
                int v = (round + k) % n;
                long elapsed = timers.get(v).timeNanos(ops[v]);
                samples.get(v).add((double) elapsed / ops[v]);
                if (elapsed < MIN_TIMER_STEPS * timerGranularityNanos) {
                    warnings.get(v).add(tooShort(ops[v], timerGranularityNanos));
                }
            }
        }
        long compiledWhileMeasuring = compileMillis.getAsLong() - compiledBefore;
        if (compiledWhileMeasuring > JIT_BUSY_WHILE_MEASURING_MILLIS) {
            suiteWarnings.add("the JIT compiled for " + compiledWhileMeasuring + " ms while samples were taken:"
                    + " some samples timed code that was being replaced; raise warmup(...)");
        }
        List<Measurement> out = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            VariantSummary sum = VariantSummary.of(samples.get(v));
            if (sum.meanNanosPerOp() < SUSPICIOUS_NANOS_PER_OP) {
                warnings.get(v).add(String.format(Locale.ROOT,
                        "%.2f ns per call is suspiciously fast: the JIT may have removed the work"
                                + " (does the result depend on the input?)", sum.meanNanosPerOp()));
            }
            if (sum.relativeCi95() > WIDE_CI) {
                warnings.get(v).add(String.format(Locale.ROOT,
                        "wide spread: 95%% CI is ±%.1f%% of the mean (min %s, max %s ns/op);"
                                + " other load on the machine? more samples or fork(n) may help",
                        100 * sum.relativeCi95(), TextReport.nanos(sum.minNanosPerOp()),
                        TextReport.nanos(sum.maxNanosPerOp())));
            }
            out.add(new Measurement(names.get(v), ops[v], samples.get(v), List.copyOf(warnings.get(v))));
        }
        return new Measurements(out, suiteWarnings);
    }

    private void warmUp(List<OpTimer> timers, Settings s, long[] ops, List<Set<String>> warnings,
                        List<String> suiteWarnings) {
        long maxNanos = s.warmupMax().toNanos();
        if (maxNanos == 0) {
            return;
        }
        int n = timers.size();
        long targetNanos = s.sampleTime().toNanos();
        List<List<Double>> history = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            history.add(new ArrayList<>());
        }
        List<Long> compiled = new ArrayList<>();
        compiled.add(compileMillis.getAsLong());
        long start = nanoClock.getAsLong();
        for (int round = 1; ; round++) {
            for (int v = 0; v < n; v++) {
                long elapsed = timers.get(v).timeNanos(ops[v]);
                double nanosPerOp = (double) Math.max(1, elapsed) / ops[v];
                history.get(v).add(nanosPerOp);
                if (s.opsPerSample() == 0) {
                    ops[v] = clampOps(targetNanos / nanosPerOp);
                }
            }
            compiled.add(compileMillis.getAsLong());
            boolean stable = true;
            for (int v = 0; v < n; v++) {
                stable &= isStable(history.get(v), s.warmupTolerance());
            }
            long jitBusyMillis = round >= Settings.STABLE_WINDOW
                    ? compiled.getLast() - compiled.get(round - Settings.STABLE_WINDOW) : Long.MAX_VALUE;
            boolean jitQuiet = jitBusyMillis <= JIT_QUIET_MILLIS;
            if (round >= s.warmupMinSamples() && stable && jitQuiet) {
                return;
            }
            if (nanoClock.getAsLong() - start >= maxNanos) {
                if (stable && !jitQuiet && jitBusyMillis != Long.MAX_VALUE) {
                    suiteWarnings.add("warm-up ended after " + s.warmupMax().toMillis() + " ms with the JIT still"
                            + " compiling (" + jitBusyMillis + " ms in the last " + Settings.STABLE_WINDOW
                            + " rounds): code may not be fully optimised yet; is the machine overloaded?"
                            + " raise warmup(...)");
                }
                for (int v = 0; v < n; v++) {
                    if (!isStable(history.get(v), s.warmupTolerance())) {
                        warnings.get(v).add(String.format(Locale.ROOT,
                                "warm-up did not settle within %d ms (last %d samples differ by more than %.0f%%);"
                                        + " raise warmup(...)",
                                s.warmupMax().toMillis(), Settings.STABLE_WINDOW, 100 * s.warmupTolerance()));
                    }
                }
                return;
            }
        }
    }

    /** True when the last {@link Settings#STABLE_WINDOW} values are within {@code tolerance} of each other. */
    static boolean isStable(List<Double> history, double tolerance) {
        int size = history.size();
        if (size < Settings.STABLE_WINDOW) {
            return false;
        }
        double min = Double.MAX_VALUE;
        double max = 0;
        for (double x : history.subList(size - Settings.STABLE_WINDOW, size)) {
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        return (max - min) <= tolerance * min;
    }

    private static long calibrate(OpTimer timer, long targetNanos) {
        long ops = 1;
        while (true) {
            long elapsed = timer.timeNanos(ops);
            if (elapsed >= targetNanos / 4 || ops >= MAX_OPS) {
                return clampOps((double) targetNanos * ops / Math.max(1, elapsed));
            }
            ops *= elapsed < targetNanos / 1000 ? 10 : 2;
        }
    }

    private static long clampOps(double ops) {
        return Math.max(1, Math.min(MAX_OPS, Math.round(ops)));
    }

    private static String tooShort(long ops, long granularity) {
        String hint = ops == 1
                ? "; a single call is too short to time alone: let opsPerSample calibrate (0) to batch calls"
                : "; raise sampleTime or opsPerSample";
        return "samples of " + ops + " calls last under " + MIN_TIMER_STEPS * granularity + " ns, "
                + MIN_TIMER_STEPS + "x the timer granularity (" + granularity + " ns)" + hint;
    }
}
