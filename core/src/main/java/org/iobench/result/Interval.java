package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What completed during one interval of the measured phase (normally one second).
 *
 * @param index         0 for the first interval after the measured phase started
 * @param durationNanos the interval's length (the last one may be shorter)
 */
public record Interval(int index, long durationNanos, long bytesRead, long bytesWritten, long reads, long writes) {

    @JsonProperty
    public double bytesPerSecond() {
        return durationNanos == 0 ? Double.NaN : (bytesRead + bytesWritten) * 1e9 / durationNanos;
    }

    @JsonProperty
    public double iops() {
        return durationNanos == 0 ? Double.NaN : (reads + writes) * 1e9 / durationNanos;
    }
}
