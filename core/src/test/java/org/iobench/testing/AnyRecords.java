package org.iobench.testing;

import java.lang.reflect.Constructor;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.iobench.measure.HistogramCodec;
import org.iobench.result.LatencyHistograms;

/**
 * Any value of a record type, drawn at random through its canonical constructor, component by component, with
 * the values that trouble a writer: NaN and infinite numbers, the words "NaN" and "Infinity", whole fractions,
 * empty and absent parts, map keys that are field names of the results, histograms that decode and text that
 * does not. A constructor that refuses what was drawn is asked again; nested parts stop at a depth. A record
 * gains a component: the values drawn gain it too.
 */
public final class AnyRecords {
    private static final String[] WORDS = {"", "a", "NaN", "Infinity", "-Infinity", "x y", "1.5", "vda",
            "randread", "ENOSPC", "crc32c", "/dev/vda", "ünïcode \"quoted\"\n"};
    /** Keys a map may hold: some are field names the version 2 form renames. */
    private static final String[] KEYS = {"torn", "k", "iops", "elapsedNanos", "user", "idle", "bytes", "offset",
            "intervalMillis", "freeKib", "labels", "cpu", "skewNanos", "read", "write", "all"};
    private static final int DEPTH = 7;

    private final Random random;
    private final Map<Class<?>, Function<Random, ?>> made = new LinkedHashMap<>();

    public AnyRecords(Random random) {
        this.random = random;
    }

    /** Values of {@code type} drawn by {@code maker}: a record whose constructor refuses most random values. */
    public <T> AnyRecords with(Class<T> type, Function<Random, T> maker) {
        made.put(type, maker);
        return this;
    }

    /** A value of {@code type}, never null at the top. */
    @SuppressWarnings("unchecked")
    public <T> T of(Class<T> type) {
        for (int attempt = 0; attempt < 200; attempt++) {
            Object v = value(type, 0, false);
            if (v != null) {
                return (T) v;
            }
        }
        throw new IllegalStateException("no " + type.getSimpleName() + " could be made");
    }

    private Object value(Type type, int depth, boolean nullable) {
        if (nullable && !(type instanceof Class<?> c && c.isPrimitive()) && random.nextInt(8) == 0) {
            return null;
        }
        if (type instanceof WildcardType w) {
            return value(w.getUpperBounds()[0], depth, nullable);
        }
        if (type instanceof GenericArrayType) {
            return null;
        }
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            Type[] args = p.getActualTypeArguments();
            int n = depth >= DEPTH ? 0 : random.nextInt(4);
            if (List.class.isAssignableFrom(raw) || raw == Collection.class) {
                List<Object> out = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    Object e = value(args[0], depth + 1, false);
                    if (e != null) {
                        out.add(e);
                    }
                }
                return out;
            }
            if (Set.class.isAssignableFrom(raw)) {
                Set<Object> out = new LinkedHashSet<>();
                for (int i = 0; i < n; i++) {
                    Object e = value(args[0], depth + 1, false);
                    if (e != null) {
                        out.add(e);
                    }
                }
                return out;
            }
            if (Map.class.isAssignableFrom(raw)) {
                Map<Object, Object> out = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    Object k = args[0] == String.class ? KEYS[random.nextInt(KEYS.length)]
                            : value(args[0], depth + 1, false);
                    Object v = value(args[1], depth + 1, false);
                    if (k != null && v != null) {
                        out.put(k, v);
                    }
                }
                return out;
            }
            if (raw == Optional.class) {
                return Optional.ofNullable(value(args[0], depth + 1, true));
            }
            return value(raw, depth, nullable);
        }
        Class<?> c = (Class<?>) type;
        if (c == boolean.class || c == Boolean.class) {
            return random.nextBoolean();
        }
        if (c == int.class || c == Integer.class) {
            return switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> random.nextInt(10);
                case 2 -> random.nextInt();
                default -> random.nextInt(100_000);
            };
        }
        if (c == long.class || c == Long.class) {
            return switch (random.nextInt(5)) {
                case 0 -> 0L;
                case 1 -> (long) random.nextInt(100);
                case 2 -> random.nextLong() >> random.nextInt(40);
                case 3 -> 1_000_000_000L * random.nextInt(10);
                default -> (long) random.nextInt(Integer.MAX_VALUE);
            };
        }
        if (c == short.class || c == Short.class) {
            return (short) random.nextInt(1000);
        }
        if (c == byte.class || c == Byte.class) {
            return (byte) random.nextInt(100);
        }
        if (c == char.class || c == Character.class) {
            return (char) ('a' + random.nextInt(26));
        }
        if (c == double.class || c == Double.class) {
            return switch (random.nextInt(9)) {
                case 0 -> Double.NaN;
                case 1 -> Double.POSITIVE_INFINITY;
                case 2 -> 0.0;
                case 3 -> (double) random.nextInt(1000);
                case 4 -> random.nextDouble() * 1e-6;
                case 5 -> random.nextDouble() * 1e12;
                case 6 -> Double.NEGATIVE_INFINITY;
                default -> random.nextDouble() * 100;
            };
        }
        if (c == float.class || c == Float.class) {
            return switch (random.nextInt(4)) {
                case 0 -> Float.NaN;
                case 1 -> 0.1f;
                default -> random.nextFloat() * 100;
            };
        }
        if (c == String.class) {
            return random.nextInt(3) == 0 ? "w" + random.nextInt(1000) : WORDS[random.nextInt(WORDS.length)];
        }
        if (c == Path.class) {
            return Path.of("/data/" + random.nextInt(100) + ".dat");
        }
        if (c.isEnum()) {
            Object[] constants = c.getEnumConstants();
            return constants[random.nextInt(constants.length)];
        }
        if (made.containsKey(c)) {
            return made.get(c).apply(random);
        }
        if (c == LatencyHistograms.class) {
            return histograms();
        }
        if (c.isRecord()) {
            return record(c, depth);
        }
        if (c.isSealed()) {
            Class<?>[] permitted = c.getPermittedSubclasses();
            return value(permitted[random.nextInt(permitted.length)], depth, nullable);
        }
        return null; // an interface or class the results do not hold as data
    }

    private Object record(Class<?> c, int depth) {
        RecordComponent[] components = c.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        Constructor<?> canonical;
        try {
            canonical = c.getDeclaredConstructor(types);
            canonical.setAccessible(true);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
        for (int attempt = 0; attempt < 20; attempt++) {
            Object[] args = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                args[i] = value(components[i].getGenericType(), depth + 1, true);
            }
            try {
                return canonical.newInstance(args);
            } catch (ReflectiveOperationException | RuntimeException refused) {
                // drawn again
            }
        }
        return null;
    }

    /** Some histograms that decode, some text that does not. */
    private LatencyHistograms histograms() {
        Map<String, String> encoded = new LinkedHashMap<>();
        for (String name : LatencyHistograms.NAMES) {
            int pick = random.nextInt(4);
            if (pick == 0) {
                Histogram h = new Histogram(3);
                int n = 1 + random.nextInt(50);
                for (int i = 0; i < n; i++) {
                    h.recordValue(1 + (long) (random.nextDouble() * 10_000_000));
                }
                encoded.put(name, HistogramCodec.encode(h));
            } else if (pick == 1) {
                encoded.put(name, WORDS[random.nextInt(WORDS.length)]);
            }
        }
        return new LatencyHistograms(encoded);
    }
}
