package org.iobench.micro;

import java.time.Duration;

/**
 * How one suite is measured; immutable, fully resolved (no "absent" fields).
 *
 * @param warmupMax        cap on the suite's warm-up time; {@link Duration#ZERO} skips warm-up
 * @param warmupMinSamples warm-up samples every variant takes at least (unless {@code warmupMax} runs out first)
 * @param warmupTolerance  warm-up ends when, for every variant, the last {@value #STABLE_WINDOW} warm-up samples
 *                         are within this relative spread ({@code (max - min) / min}), e.g. 0.05 = 5 %
 * @param samples          measured samples per variant (per fork when {@code forks > 0}), &gt;= 1
 * @param sampleTime       target duration of one sample; the operation count per sample is calibrated to it
 * @param opsPerSample     fixed operations per sample, or 0 to calibrate from {@code sampleTime}
 * @param forks            0 runs the variants interleaved in this JVM; n &gt; 0 runs every variant in n fresh JVMs
 */
public record Settings(Duration warmupMax, int warmupMinSamples, double warmupTolerance, int samples,
                       Duration sampleTime, long opsPerSample, int forks) {

    /** Number of trailing warm-up samples that must agree within {@code warmupTolerance}. */
    public static final int STABLE_WINDOW = 3;

    /** Defaults: a 5-variant suite takes about 2-4 s. */
    public static final Settings DEFAULTS =
            new Settings(Duration.ofSeconds(2), 5, 0.05, 20, Duration.ofMillis(10), 0, 0);

    public Settings {
        if (warmupMax == null || warmupMax.isNegative()) {
            throw new IllegalArgumentException("warmup must be >= 0: warmup=" + warmupMax);
        }
        if (warmupMinSamples < 0) {
            throw new IllegalArgumentException("warmupMinSamples must be >= 0: warmupMinSamples=" + warmupMinSamples);
        }
        if (!(warmupTolerance > 0)) {
            throw new IllegalArgumentException("warmupTolerance must be > 0: warmupTolerance=" + warmupTolerance);
        }
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be >= 1: samples=" + samples);
        }
        if (sampleTime == null || sampleTime.isNegative() || sampleTime.isZero()) {
            throw new IllegalArgumentException("sampleTime must be > 0: sampleTime=" + sampleTime);
        }
        if (opsPerSample < 0) {
            throw new IllegalArgumentException("opsPerSample must be >= 0 (0 = calibrate): opsPerSample=" + opsPerSample);
        }
        if (forks < 0) {
            throw new IllegalArgumentException("fork must be >= 0 (0 = in this JVM): fork=" + forks);
        }
    }

    public Settings withWarmupMax(Duration d) {
        return new Settings(d, warmupMinSamples, warmupTolerance, samples, sampleTime, opsPerSample, forks);
    }

    public Settings withWarmupMinSamples(int n) {
        return new Settings(warmupMax, n, warmupTolerance, samples, sampleTime, opsPerSample, forks);
    }

    public Settings withWarmupTolerance(double t) {
        return new Settings(warmupMax, warmupMinSamples, t, samples, sampleTime, opsPerSample, forks);
    }

    public Settings withSamples(int n) {
        return new Settings(warmupMax, warmupMinSamples, warmupTolerance, n, sampleTime, opsPerSample, forks);
    }

    public Settings withSampleTime(Duration d) {
        return new Settings(warmupMax, warmupMinSamples, warmupTolerance, samples, d, opsPerSample, forks);
    }

    public Settings withOpsPerSample(long ops) {
        return new Settings(warmupMax, warmupMinSamples, warmupTolerance, samples, sampleTime, ops, forks);
    }

    public Settings withForks(int n) {
        return new Settings(warmupMax, warmupMinSamples, warmupTolerance, samples, sampleTime, opsPerSample, n);
    }
}
