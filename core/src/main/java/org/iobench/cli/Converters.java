package org.iobench.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.iobench.job.DataPattern;
import org.iobench.job.Durations;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Sizes;
import org.iobench.job.SweepAxis;
import org.iobench.job.SyncMode;
import org.iobench.job.VerifyChecksum;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters: the one rule for counts, sizes and durations in every command. A value that has no meaning
 * at 0 (a repetition count, a size to transfer, a time limit) is refused at 0 or below; the message is printed
 * after the option's name by {@link ErrorHandler}: {@code iobench: --runs: '0' must be at least 1}.
 */
final class Converters {
    private Converters() {}

    /** A count of at least 1: repetitions, samples, the highest level to try. */
    static final class Count implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atLeast(value, wholeNumber(value), 1);
        }
    }

    /** A count where 0 means "none": forks, refinement points, writes between fsyncs. */
    static final class CountOrZero implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atLeast(value, wholeNumber(value), 0);
        }
    }

    /** A size in bytes where 0 has a meaning (an offset). */
    static final class Size implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Sizes.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A size of at least one byte: how much to transfer, a region, a block. */
    static final class PositiveSize implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return aboveZero(value, new Size().convert(value));
        }
    }

    /** A duration in nanoseconds where 0 has a meaning (no warm-up). */
    static final class Duration implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Durations.parse(value).toNanos();
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A duration above 0, in nanoseconds: a time limit, a step, a window. */
    static final class PositiveDuration implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return aboveZero(value, new Duration().convert(value));
        }
    }

    /** A sampling period in nanoseconds: 0 turns sampling off, else at least 1 ms. */
    static final class SampleInterval implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            long nanos = new Duration().convert(value);
            if (nanos != 0 && nanos < 1_000_000) {
                throw new TypeConversionException("'" + value + "' must be 0 (off) or at least 1ms");
            }
            return nanos;
        }
    }

    private static long wholeNumber(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a whole number");
        }
    }

    private static int atLeast(String value, long n, int min) {
        if (n < min) {
            throw new TypeConversionException("'" + value + "' must be at least " + min);
        }
        if (n > Integer.MAX_VALUE) {
            throw new TypeConversionException("'" + value + "' is too large");
        }
        return (int) n;
    }

    private static long aboveZero(String value, long n) {
        if (n <= 0) {
            throw new TypeConversionException("'" + value + "' must be more than 0");
        }
        return n;
    }

    static final class BsAxis implements ITypeConverter<SweepAxis> {
        @Override
        public SweepAxis convert(String value) {
            return axis(() -> SweepAxis.sizes("--bs", value));
        }
    }

    static final class ThreadsAxis implements ITypeConverter<SweepAxis> {
        @Override
        public SweepAxis convert(String value) {
            return atMost(axis(() -> SweepAxis.counts("--threads", value)), JobSpec.MAX_THREADS);
        }
    }

    static final class IodepthAxis implements ITypeConverter<SweepAxis> {
        @Override
        public SweepAxis convert(String value) {
            return atMost(axis(() -> SweepAxis.counts("--iodepth", value)), JobSpec.MAX_IODEPTH);
        }
    }

    /** A sweep's values, each at least 1 (a block size, a thread count, a queue depth of 0 means nothing). */
    private static SweepAxis axis(Supplier<SweepAxis> parse) {
        SweepAxis a;
        try {
            a = parse.get();
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            int colon = m.indexOf(": ");
            throw new TypeConversionException(colon > 0 ? m.substring(colon + 2) : m);
        }
        if (a.values().stream().anyMatch(v -> v < 1)) {
            throw new TypeConversionException("'" + a.text() + "' must be at least 1");
        }
        return a;
    }

    /**
     * A sweep of counts, each at most {@code max}: checked here, where the text is a long, since a count the job's
     * int cannot hold would otherwise overflow before {@code JobSpec} names the bound.
     */
    private static SweepAxis atMost(SweepAxis a, int max) {
        for (long v : a.values()) {
            if (v > max) {
                throw new TypeConversionException("'" + (a.sweeps() ? v + "' in '" + a.text() : a.text())
                        + "' must be 1.." + max);
            }
        }
        return a;
    }

    static final class Rw implements ITypeConverter<RwMode> {
        @Override
        public RwMode convert(String value) {
            return byLabel(value, RwMode::byLabel, RwMode.values(), RwMode::label, "an access pattern");
        }
    }

    /** fio's booleans on the command line: {@code 1}/{@code 0} (and true/false, yes/no, on/off). */
    static final class FioBoolean implements ITypeConverter<Boolean> {
        @Override
        public Boolean convert(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "1", "true", "yes", "on" -> true;
                case "0", "false", "no", "off" -> false;
                default -> throw new TypeConversionException("'" + value + "' is not 0 or 1");
            };
        }
    }

    static final class Sync implements ITypeConverter<SyncMode> {
        @Override
        public SyncMode convert(String value) {
            return byLabel(value, SyncMode::byLabel, SyncMode.values(), SyncMode::label, "a sync mode");
        }
    }

    static final class Pattern implements ITypeConverter<DataPattern> {
        @Override
        public DataPattern convert(String value) {
            return byLabel(value, DataPattern::byLabel, DataPattern.values(), DataPattern::label, "a data pattern");
        }
    }

    static final class Verify implements ITypeConverter<VerifyChecksum> {
        @Override
        public VerifyChecksum convert(String value) {
            return byLabel(value, VerifyChecksum::byLabel, VerifyChecksum.values(), VerifyChecksum::label,
                    "a checksum");
        }
    }

    private static <E> E byLabel(String value, Function<String, Optional<E>> lookup, E[] all,
                                 Function<E, String> label, String what) {
        return lookup.apply(value).orElseThrow(() -> new TypeConversionException("'" + value + "' is not " + what
                + " (" + Arrays.stream(all).map(label).collect(Collectors.joining(", ")) + ")"));
    }
}
