package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's latency distributions, whole: each histogram in HdrHistogram's own compressed encoding, base64
 * ({@code measure.HistogramCodec}), nanoseconds at 3 significant digits. Kept by name, in {@link #NAMES}' order,
 * then fio's parts of each direction ({@link #part}: {@code readSubmission}, {@code readCompletion}...) and, for a
 * job with I/O priorities, each priority's ({@link #ofPriority}: {@code read@8193}, {@code readCompletion@8193}) in
 * the order they were made; a histogram the run had nothing for (no trims, no syncs, no rate for the corrected ones,
 * no submission stamp) is absent.
 *
 * @param encoded name to base64 histogram
 */
public record LatencyHistograms(Map<String, String> encoded) {
    /** Reads, writes, trims, syncs, all requests; then from the intended start under {@code --rate}. */
    public static final List<String> NAMES = List.of("read", "write", "trim", "sync", "all",
            "readCorrected", "writeCorrected", "allCorrected");

    /** The directions whose parts are kept: fio's read, write and trim. */
    public static final List<String> DIRECTIONS = List.of("read", "write", "trim");

    /** What part of a request's latency a histogram holds: fio's slat, clat, lat. */
    public enum Part {
        /** Issue to the hand-over to the kernel (fio's slat). */
        SUBMISSION("Submission"),
        /** Hand-over to completion (fio's clat). */
        COMPLETION("Completion"),
        /** Issue to completion (fio's lat): the direction's own histogram. */
        TOTAL("");

        private final String suffix;

        Part(String suffix) {
            this.suffix = suffix;
        }
    }

    public LatencyHistograms {
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String n : NAMES) {
            if (encoded.get(n) != null) {
                ordered.put(n, encoded.get(n));
            }
        }
        encoded.forEach((n, h) -> {
            if (h != null && !ordered.containsKey(n)) {
                ordered.put(n, h);
            }
        });
        encoded = Collections.unmodifiableMap(ordered);
    }

    /** The name of {@code part} of {@code direction}'s latency ({@code read}, {@code writeCompletion}). */
    public static String part(String direction, Part part) {
        return direction + part.suffix;
    }

    /** The name of {@code part} of {@code direction}'s requests of I/O priority {@code ioprio} (class << 13 | level). */
    public static String ofPriority(String direction, Part part, int ioprio) {
        return part(direction, part) + "@" + ioprio;
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
