package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A run's latency summaries.
 *
 * @param read  reads, from issue to the last byte's completion
 * @param write writes, likewise
 * @param sync  syncs (periodic and final)
 * @param split submission (slat) and completion (clat) latency of the data operations, as fio splits them; null where
 *              no engine stamped it
 * @param all   every read, write and trim together ("all requests": their histograms merged, so a mixed job's
 *              percentiles are of all its requests, not the larger of two); null where unknown (older results, imports)
 * @param trim  trims (fio's trim direction), from issue to completion; null (absent from JSON) when the run made none
 * @param histograms the distributions the summaries come from, whole; null where not kept (older results, imports)
 * @param moments    each kept histogram's exact count, min, max, mean and standard deviation, by the histogram's
 *                   name ({@link LatencyHistograms}); null where not kept (older results, imports)
 */
public record Latencies(LatencySummary read, LatencySummary write, LatencySummary sync, LatencySplit split,
                        LatencySummary all, @JsonInclude(JsonInclude.Include.NON_NULL) LatencySummary trim,
                        @JsonInclude(JsonInclude.Include.NON_NULL) LatencyHistograms histograms,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, LatencyMoments> moments) {

    public Latencies {
        moments = moments == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(moments));
    }

    /** Latencies with their histograms but without the exact moments (results from before them). */
    public Latencies(LatencySummary read, LatencySummary write, LatencySummary sync, LatencySplit split,
                     LatencySummary all, LatencySummary trim, LatencyHistograms histograms) {
        this(read, write, sync, split, all, trim, histograms, null);
    }

    /** Latencies without their histograms. */
    public Latencies(LatencySummary read, LatencySummary write, LatencySummary sync, LatencySplit split,
                     LatencySummary all, LatencySummary trim) {
        this(read, write, sync, split, all, trim, null, null);
    }

    /** Latencies without the all-requests summary (results and imports from before it). */
    public Latencies(LatencySummary read, LatencySummary write, LatencySummary sync, LatencySplit split) {
        this(read, write, sync, split, null, null, null, null);
    }

    /**
     * The latency that stands for the run in one figure: of all requests where it was recorded; otherwise the reads',
     * the writes', or for a mixed job the one with the larger p99.
     */
    public LatencySummary allOrLarger() {
        if (all != null && all.count() > 0) {
            return all;
        }
        if (read.count() == 0) {
            return write;
        }
        if (write.count() == 0) {
            return read;
        }
        return read.p99Ns() >= write.p99Ns() ? read : write;
    }
}
