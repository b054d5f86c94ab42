package org.iobench.cli;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.iobench.job.DataPattern;
import org.iobench.job.Durations;
import org.iobench.job.RwMode;
import org.iobench.job.Sizes;
import org.iobench.job.SweepAxis;
import org.iobench.job.SyncMode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli converters; their messages follow picocli's "Invalid value for option '--bs': " prefix. */
final class Converters {
    private Converters() {}

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

    /** A duration in nanoseconds. */
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

    static final class BsAxis implements ITypeConverter<SweepAxis> {
        @Override
        public SweepAxis convert(String value) {
            return axis(() -> SweepAxis.sizes("--bs", value));
        }
    }

    static final class ThreadsAxis implements ITypeConverter<SweepAxis> {
        @Override
        public SweepAxis convert(String value) {
            return axis(() -> SweepAxis.counts("--threads", value));
        }
    }

    static final class IodepthAxis implements ITypeConverter<SweepAxis> {
        @Override
        public SweepAxis convert(String value) {
            return axis(() -> SweepAxis.counts("--iodepth", value));
        }
    }

    private static SweepAxis axis(java.util.function.Supplier<SweepAxis> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            int colon = m.indexOf(": ");
            throw new TypeConversionException(colon > 0 ? m.substring(colon + 2) : m);
        }
    }

    static final class Rw implements ITypeConverter<RwMode> {
        @Override
        public RwMode convert(String value) {
            return byLabel(value, RwMode::byLabel, RwMode.values(), RwMode::label, "an access pattern");
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

    private static <E> E byLabel(String value, Function<String, Optional<E>> lookup, E[] all,
                                 Function<E, String> label, String what) {
        return lookup.apply(value).orElseThrow(() -> new TypeConversionException("'" + value + "' is not " + what
                + " (" + Arrays.stream(all).map(label).collect(Collectors.joining(", ")) + ")"));
    }
}
