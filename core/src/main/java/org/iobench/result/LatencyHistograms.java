package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's latency distributions, whole: each histogram in HdrHistogram's own compressed encoding, base64
 * ({@code measure.HistogramCodec}), nanoseconds at 3 significant digits. Kept by name, in {@link #NAMES}' order;
 * a histogram the run had nothing for (no trims, no syncs, no rate for the corrected ones) is absent.
 *
 * @param encoded name to base64 histogram
 */
public record LatencyHistograms(Map<String, String> encoded) {
    /** Reads, writes, trims, syncs, all requests; then from the intended start under {@code --rate}. */
    public static final List<String> NAMES = List.of("read", "write", "trim", "sync", "all",
            "readCorrected", "writeCorrected", "allCorrected");

    public LatencyHistograms {
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String n : NAMES) {
            if (encoded.get(n) != null) {
                ordered.put(n, encoded.get(n));
            }
        }
        encoded = Collections.unmodifiableMap(ordered);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static LatencyHistograms fromJson(Map<String, String> json) {
        return new LatencyHistograms(json);
    }

    @JsonValue
    Map<String, String> json() {
        return encoded;
    }

    /** True when no histogram was kept. */
    public boolean isEmpty() {
        return encoded.isEmpty();
    }
}
