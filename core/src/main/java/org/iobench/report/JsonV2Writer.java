package org.iobench.report;

import com.fasterxml.jackson.core.Base64Variant;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.Stat;

/**
 * Writes results straight in formatVersion 2: the records serialize through this generator, which gives each
 * field its version 2 name and unit as it is written ({@link JsonV2}'s rules: {@code iops} is
 * {@code opsPerSecond}, the monitor's milliseconds are nanoseconds, CPU ticks are seconds, an undefined number is
 * {@code null}), writes each latency histogram with its bins, and gives a benchmark's summary the p99 of its reads
 * and of its writes from its runs. No version 1 text or tree is made on the way; the store's rows (the records'
 * own form, version 1) are read into version 2 by {@link JsonV2#upgrade}, which agrees with this writer field for
 * field ({@code JsonV2WriterTest}).
 *
 * <p>Keys under {@code labels} are the user's and written as they are.
 */
final class JsonV2Writer extends JsonGeneratorDelegate {
    /** Where a value sits: the key it was written under (an array's elements share the array's), and how. */
    private record Frame(String key, boolean array, Kind kind, Object value) {}

    private enum Kind {
        /** Translated: names, units, undefined numbers. */
        PLAIN,
        /** The user's or a nested copy of what needs no translation: written as it comes. */
        VERBATIM,
        /** {@code /proc/stat}'s cpu line in ticks: each field {@code <field>Seconds}. */
        CPU,
        /** A run's histograms: each {@code NAME: {hdr, bins}}. */
        HISTOGRAMS
    }

    private final Deque<Frame> frames = new ArrayDeque<>();
    /** The version 1 name of the field whose value comes next; null in an array or at the top. */
    private String pending;

    JsonV2Writer(JsonGenerator out) {
        super(out, false);
    }

    // --- where values sit

    @Override
    public void writeFieldName(String name) {
        pending = name;
    }

    @Override
    public void writeFieldName(SerializableString name) {
        pending = name.getValue();
    }

    @Override
    public void writeFieldId(long id) {
        pending = Long.toString(id);
    }

    @Override
    public void writeStartObject() throws IOException {
        writeStartObject(null);
    }

    @Override
    public void writeStartObject(Object forValue, int size) throws IOException {
        writeStartObject(forValue);
    }

    @Override
    public void writeStartObject(Object forValue) throws IOException {
        start(forValue, false);
        delegate.writeStartObject(forValue);
    }

    @Override
    public void writeStartArray() throws IOException {
        writeStartArray(null);
    }

    @Override
    @SuppressWarnings("deprecation")
    public void writeStartArray(int size) throws IOException {
        writeStartArray(null);
    }

    @Override
    public void writeStartArray(Object forValue, int size) throws IOException {
        writeStartArray(forValue);
    }

    @Override
    public void writeStartArray(Object forValue) throws IOException {
        start(forValue, true);
        delegate.writeStartArray(forValue);
    }

    @Override
    public void writeEndObject() throws IOException {
        Frame done = frames.pop();
        if ("summary".equals(done.key()) && isBenchmark(frames.peek())) {
            summarizeSides((BenchmarkResult) frames.peek().value());
        }
        delegate.writeEndObject();
    }

    @Override
    public void writeEndArray() throws IOException {
        frames.pop();
        delegate.writeEndArray();
    }

    /** Opens an object or array: names it in its parent, and says how its own fields are written. */
    private void start(Object value, boolean array) throws IOException {
        Frame parent = frames.peek();
        String key;
        Kind kind;
        if (parent == null) {
            key = null;
            kind = Kind.PLAIN;
        } else if (parent.array()) {
            key = parent.key();
            kind = parent.kind() == Kind.PLAIN && !array && "cpu".equals(key) && isCpu(value) ? Kind.CPU
                    : parent.kind();
        } else {
            key = pending;
            kind = switch (parent.kind()) {
                case VERBATIM, CPU, HISTOGRAMS -> Kind.VERBATIM;
                case PLAIN -> key.equals("labels") ? Kind.VERBATIM
                        : key.equals("latencyHistograms") ? (array ? Kind.VERBATIM : Kind.HISTOGRAMS)
                        : !array && key.equals("cpu") && isCpu(value) ? Kind.CPU : Kind.PLAIN;
            };
            name(parent.kind() == Kind.PLAIN ? renamed(key, parent.key()) : key);
        }
        frames.push(new Frame(key, array, kind, value));
    }

    /** A cpu line in ticks, not a CPU's description (which has a model, not user and idle). */
    private static boolean isCpu(Object value) {
        return switch (value) {
            case Record r -> hasComponent(r, "user") && hasComponent(r, "idle");
            case Map<?, ?> m -> m.containsKey("user") && m.containsKey("idle");
            case JsonNode n -> n.has("user") && n.has("idle");
            case null, default -> false;
        };
    }

    private static boolean hasComponent(Record r, String name) {
        for (var c : r.getClass().getRecordComponents()) {
            if (c.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The benchmarks of a document (or one benchmark alone) get their summary's p99 of reads and of writes. */
    private boolean isBenchmark(Frame f) {
        if (f == null || !(f.value() instanceof BenchmarkResult)) {
            return false;
        }
        if (frames.size() == 1) {
            return true; // the benchmark alone
        }
        Frame array = null;
        int depth = 0;
        for (Frame each : frames) {
            if (depth == 1) {
                array = each;
            }
            depth++;
        }
        return frames.size() == 3 && array != null && array.array() && "benchmarks".equals(array.key());
    }

    private static String renamed(String name, String parent) {
        JsonV2.Rule r = JsonV2.rule(name, parent, true);
        return r == null ? name : r.v2();
    }

    private static double factor(String name, String parent) {
        JsonV2.Rule r = JsonV2.rule(name, parent, true);
        return r == null ? 1 : r.factor();
    }

    private void name(String name) throws IOException {
        delegate.writeFieldName(name);
        pending = null;
    }

    // --- values

    /** A number as written: a whole one (any integer type), or a fraction. */
    private void number(long whole, double fraction, boolean isWhole) throws IOException {
        Frame f = frames.peek();
        if (f == null || f.array()) {
            writeWholeOrFraction(whole, fraction, isWhole);
            return;
        }
        String key = pending;
        switch (f.kind()) {
            case VERBATIM, HISTOGRAMS -> {
                name(key);
                writeWholeOrFraction(whole, fraction, isWhole);
            }
            case CPU -> {
                if (JsonV2.CPU_FIELDS.contains(key)) {
                    name(key + "Seconds");
                    delegate.writeNumber((isWhole ? whole : (long) fraction) / JsonV2.TICKS_PER_SECOND);
                } else {
                    name(key);
                    writeWholeOrFraction(whole, fraction, isWhole);
                }
            }
            case PLAIN -> {
                boolean asItIs = key.equals("labels") || key.equals("latencyHistograms");
                double factor = asItIs ? 1 : factor(key, f.key());
                name(asItIs ? key : renamed(key, f.key()));
                if (factor == 1) {
                    writeWholeOrFraction(whole, fraction, isWhole);
                } else if (isWhole && factor == Math.rint(factor)) {
                    delegate.writeNumber(whole * (long) factor);
                } else {
                    delegate.writeNumber((isWhole ? whole : fraction) * factor);
                }
            }
        }
    }

    private void writeWholeOrFraction(long whole, double fraction, boolean isWhole) throws IOException {
        if (isWhole) {
            delegate.writeNumber(whole);
        } else {
            delegate.writeNumber(fraction);
        }
    }

    /** A fraction: undefined ones are {@code null} (or their word, where the field holds words). */
    private void fraction(double v) throws IOException {
        if (Double.isFinite(v)) {
            number(0, v, false);
        } else {
            text(Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity");
        }
    }

    private void text(String s) throws IOException {
        Frame f = frames.peek();
        String key = f == null ? null : f.array() ? f.key() : pending;
        boolean plain = f == null || f.kind() == Kind.PLAIN;
        if (f != null && !f.array()) {
            if (f.kind() == Kind.HISTOGRAMS) {
                name(key);
                histogram(s);
                return;
            }
            boolean asItIs = !plain || key.equals("labels") || key.equals("latencyHistograms");
            name(asItIs ? key : renamed(key, f.key()));
            plain = !asItIs;
        }
        if (plain && (key == null || !JsonV2.TEXT.contains(key)) && JsonV2.isNotANumber(s)) {
            delegate.writeNull();
        } else {
            delegate.writeString(s);
        }
    }

    /** One histogram: HdrHistogram's encoding and its bins (none when the text is not a histogram). */
    private void histogram(String encoded) throws IOException {
        delegate.writeStartObject();
        delegate.writeStringField("hdr", encoded);
        delegate.writeArrayFieldStart("bins");
        for (HistogramBins.Bin bin : HistogramBins.bins(encoded)) {
            delegate.writeStartObject();
            delegate.writeNumberField("lowNs", bin.lowNs());
            delegate.writeNumberField("highNs", bin.highNs());
            delegate.writeNumberField("count", bin.count());
            delegate.writeEndObject();
        }
        delegate.writeEndArray();
        delegate.writeEndObject();
    }

    /** Anything else with no number in it (true, false, null): only its name changes. */
    private void other() throws IOException {
        Frame f = frames.peek();
        if (f != null && !f.array()) {
            boolean asItIs = f.kind() != Kind.PLAIN || pending.equals("labels")
                    || pending.equals("latencyHistograms");
            name(asItIs ? pending : renamed(pending, f.key()));
        }
    }

    /**
     * {@code p99ReadLatencyNs} and {@code p99WriteLatencyNs} (over the complete runs, each where the job did
     * requests of that kind), beside {@code p99LatencyNs} of all requests.
     */
    private void summarizeSides(BenchmarkResult b) throws IOException {
        for (String side : List.of("read", "write")) {
            List<Double> p99 = new ArrayList<>();
            for (RunResult run : b.runs()) {
                LatencySummary l = side.equals("read") ? run.latencies().read() : run.latencies().write();
                if (run.complete() && l != null && l.count() > 0) {
                    p99.add((double) l.p99Ns());
                }
            }
            if (!p99.isEmpty()) {
                Stat s = Stat.of(p99.stream().mapToDouble(Double::doubleValue).toArray());
                delegate.writeFieldName("p99" + (side.equals("read") ? "Read" : "Write") + "LatencyNs");
                delegate.writeStartObject();
                delegate.writeNumberField("n", s.n());
                defined("min", s.min());
                defined("mean", s.mean());
                defined("max", s.max());
                defined("stddev", s.stddev());
                defined("cv", s.cv());
                delegate.writeEndObject();
            }
        }
    }

    private void defined(String field, double v) throws IOException {
        delegate.writeFieldName(field);
        if (Double.isFinite(v)) {
            delegate.writeNumber(v);
        } else {
            delegate.writeNull();
        }
    }

    // --- the generator's value calls, each through the above

    @Override
    public void writeNumber(short v) throws IOException {
        number(v, 0, true);
    }

    @Override
    public void writeNumber(int v) throws IOException {
        number(v, 0, true);
    }

    @Override
    public void writeNumber(long v) throws IOException {
        number(v, 0, true);
    }

    @Override
    public void writeNumber(BigInteger v) throws IOException {
        number(v.longValueExact(), 0, true);
    }

    @Override
    public void writeNumber(double v) throws IOException {
        fraction(v);
    }

    @Override
    public void writeNumber(float v) throws IOException {
        fraction(Float.isFinite(v) ? Double.parseDouble(Float.toString(v)) : v); // 0.1f is 0.1, as written
    }

    @Override
    public void writeNumber(BigDecimal v) throws IOException {
        fraction(v.doubleValue());
    }

    @Override
    public void writeNumber(String encoded) throws IOException {
        try {
            number(Long.parseLong(encoded), 0, true);
        } catch (NumberFormatException notWhole) {
            fraction(Double.parseDouble(encoded));
        }
    }

    @Override
    public void writeString(String text) throws IOException {
        if (text == null) {
            writeNull();
        } else {
            text(text);
        }
    }

    @Override
    public void writeString(SerializableString text) throws IOException {
        text(text.getValue());
    }

    @Override
    public void writeString(char[] text, int offset, int len) throws IOException {
        text(new String(text, offset, len));
    }

    @Override
    public void writeString(Reader reader, int len) {
        throw unsupported("a streamed string");
    }

    @Override
    public void writeRawUTF8String(byte[] text, int offset, int length) {
        throw unsupported("raw UTF-8");
    }

    @Override
    public void writeUTF8String(byte[] text, int offset, int length) throws IOException {
        text(new String(text, offset, length, StandardCharsets.UTF_8));
    }

    @Override
    public void writeBoolean(boolean state) throws IOException {
        other();
        delegate.writeBoolean(state);
    }

    @Override
    public void writeNull() throws IOException {
        other();
        delegate.writeNull();
    }

    @Override
    public void writeArray(int[] array, int offset, int length) throws IOException {
        writeStartArray(array, length);
        for (int i = offset; i < offset + length; i++) {
            writeNumber(array[i]);
        }
        writeEndArray();
    }

    @Override
    public void writeArray(long[] array, int offset, int length) throws IOException {
        writeStartArray(array, length);
        for (int i = offset; i < offset + length; i++) {
            writeNumber(array[i]);
        }
        writeEndArray();
    }

    @Override
    public void writeArray(double[] array, int offset, int length) throws IOException {
        writeStartArray(array, length);
        for (int i = offset; i < offset + length; i++) {
            writeNumber(array[i]);
        }
        writeEndArray();
    }

    @Override
    public void writeArray(String[] array, int offset, int length) throws IOException {
        writeStartArray(array, length);
        for (int i = offset; i < offset + length; i++) {
            writeString(array[i]);
        }
        writeEndArray();
    }

    @Override
    public void writeBinary(Base64Variant b64variant, byte[] data, int offset, int len) {
        throw unsupported("binary");
    }

    @Override
    public int writeBinary(Base64Variant b64variant, InputStream data, int dataLength) {
        throw unsupported("binary");
    }

    @Override
    public void writeRawValue(String text) {
        throw unsupported("a raw value");
    }

    @Override
    public void writeRawValue(String text, int offset, int len) {
        throw unsupported("a raw value");
    }

    @Override
    public void writeRawValue(char[] text, int offset, int len) {
        throw unsupported("a raw value");
    }

    @Override
    public void writeEmbeddedObject(Object object) {
        throw unsupported("an embedded object");
    }

    /** What results never hold: this writer cannot give it version 2's names, so it refuses it. */
    private static UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException("formatVersion 2 has no form for " + what);
    }
}
