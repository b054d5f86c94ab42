package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What completed during one interval of the measured phase (normally one second).
 *
 * @param index         0 for the first interval after the measured phase started
 * @param durationNanos the interval's length (the last one may be shorter)
 * @param latency       p50, p99 and max per direction of the requests completed in the interval; null where not
 *                      recorded (results of earlier builds, imports, multi-host totals)
 */
public record Interval(int index, long durationNanos, long bytesRead, long bytesWritten, long reads, long writes,
                       @JsonInclude(JsonInclude.Include.NON_NULL) IntervalLatency latency) {

    /** An interval without its latency. */
    public Interval(int index, long durationNanos, long bytesRead, long bytesWritten, long reads, long writes) {
        this(index, durationNanos, bytesRead, bytesWritten, reads, writes, null);
    }

    /** This interval with its latency (null or empty: none). */
    public Interval withLatency(IntervalLatency l) {
        return new Interval(index, durationNanos, bytesRead, bytesWritten, reads, writes,
                l == null || l.isEmpty() ? null : l);
    }

    @JsonProperty
    public double bytesPerSecond() {
        return durationNanos == 0 ? Double.NaN : (bytesRead + bytesWritten) * 1e9 / durationNanos;
    }

    @JsonProperty
    public double iops() {
        return durationNanos == 0 ? Double.NaN : (reads + writes) * 1e9 / durationNanos;
    }
}
