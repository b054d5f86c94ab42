package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Latency within one interval of the series, per direction, by completion time as the interval's counts are: each
 * direction's requests that completed in the interval, from an interval histogram at 2 significant digits (values
 * within 1 %; the run's own percentiles come from its 3-digit histograms). A direction with no request completed
 * in the interval is null (absent from JSON).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IntervalLatency(Point read, Point write, Point trim) {
    /**
     * @param count requests of this direction completed in the interval
     * @param p50Ns median latency, ns
     * @param p99Ns 99th percentile, ns
     * @param maxNs the largest, ns
     */
    public record Point(long count, long p50Ns, long p99Ns, long maxNs) {}

    /** True when no direction has a point. */
    @JsonIgnore
    public boolean isEmpty() {
        return read == null && write == null && trim == null;
    }
}
