package org.iobench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.iobench.measure.HistogramCodec;

/**
 * A latency histogram's counts in bins a chart or a script can use without HdrHistogram: 10 bins per decade of
 * nanoseconds, bin {@code k} holding the values in {@code (10^((k-1)/10), 10^(k/10)]} ns (edges 1, 1.26, 1.58, 2,
 * 2.51, 3.16, 3.98, 5.01, 6.31, 7.94 times a power of ten), only the non-empty ones, in ascending order. A value is
 * binned by the middle of the range HdrHistogram holds it in (3 significant digits, so a value within 0.1 % of an
 * edge may sit in the neighbouring bin). The counts add up to the histogram's count.
 */
public final class HistogramBins {
    /** Bins per factor of ten. */
    public static final int PER_DECADE = 10;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private HistogramBins() {}

    /**
     * One non-empty bin.
     *
     * @param lowNs  its lower edge (exclusive), ns
     * @param highNs its upper edge (inclusive), ns
     * @param count  the values in it
     */
    public record Bin(double lowNs, double highNs, long count) {}

    /** The non-empty bins, in ascending order. */
    public static List<Bin> bins(Histogram h) {
        TreeMap<Integer, Long> counts = new TreeMap<>();
        for (HistogramIterationValue v : h.recordedValues()) {
            long middle = h.medianEquivalentValue(v.getValueIteratedTo());
            int k = (int) Math.ceil(PER_DECADE * Math.log10(Math.max(1, middle)) - 1e-9);
            counts.merge(k, v.getCountAtValueIteratedTo(), Long::sum);
        }
        List<Bin> bins = new ArrayList<>(counts.size());
        for (Map.Entry<Integer, Long> e : counts.entrySet()) {
            bins.add(new Bin(edge(e.getKey() - 1), edge(e.getKey()), e.getValue()));
        }
        return bins;
    }

    /**
     * The non-empty bins of a kept histogram as HdrHistogram encodes it ({@code LatencyHistograms}); none when
     * the text is not a histogram, as the JSON form writes it.
     */
    public static List<Bin> bins(String encoded) {
        try {
            return bins(HistogramCodec.decode(encoded));
        } catch (IllegalArgumentException notAHistogram) {
            return List.of();
        }
    }

    /** {@code {lowNs, highNs, count}} per non-empty bin: the JSON form of {@link #bins(Histogram)}. */
    static ArrayNode of(Histogram h) {
        ArrayNode out = NODES.arrayNode();
        for (Bin b : bins(h)) {
            out.addObject().put("lowNs", b.lowNs()).put("highNs", b.highNs()).put("count", b.count());
        }
        return out;
    }

    /** {@code 10^(k/10)} to 3 significant digits. */
    static double edge(int k) {
        double v = Math.pow(10, (double) k / PER_DECADE);
        double scale = Math.pow(10, 2 - Math.floor(Math.log10(v)));
        return Math.round(v * scale) / scale;
    }

    /**
     * A run's {@code latencyHistograms} in version 2's form: each {@code NAME: "base64"} of version 1 becomes
     * {@code NAME: {hdr: "base64", bins: [...]}}; an entry that does not decode keeps its text alone.
     */
    static JsonNode upgrade(JsonNode v1) {
        if (!(v1 instanceof ObjectNode o)) {
            return v1;
        }
        ObjectNode out = NODES.objectNode();
        Iterator<Map.Entry<String, JsonNode>> fields = o.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            ObjectNode h = out.putObject(f.getKey()).put("hdr", f.getValue().asText());
            try {
                h.set("bins", of(HistogramCodec.decode(f.getValue().asText())));
            } catch (IllegalArgumentException notAHistogram) {
                h.putArray("bins");
            }
        }
        return out;
    }

    /** Version 2's form back to version 1's: each histogram's {@code hdr} text. */
    static JsonNode downgrade(JsonNode v2) {
        if (!(v2 instanceof ObjectNode o)) {
            return v2;
        }
        ObjectNode out = NODES.objectNode();
        o.fields().forEachRemaining(f -> out.put(f.getKey(), f.getValue().isTextual() ? f.getValue().asText()
                : f.getValue().path("hdr").asText()));
        return out;
    }
}
