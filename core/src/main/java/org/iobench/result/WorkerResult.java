package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonProperty;

/** One worker's share of a run; {@code elapsedNanos} runs from the measured start until this worker stopped. */
public record WorkerResult(int worker, long bytesRead, long bytesWritten, long reads, long writes, long elapsedNanos,
                           LatencySummary readLatency, LatencySummary writeLatency) {

    @JsonProperty
    public double bytesPerSecond() {
        return elapsedNanos == 0 ? Double.NaN : (bytesRead + bytesWritten) * 1e9 / elapsedNanos;
    }
}
