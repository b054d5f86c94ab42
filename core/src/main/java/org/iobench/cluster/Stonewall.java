package org.iobench.cluster;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The aggregate of one run over the time every host was running: from the common start until the first host
 * finished (elbencho's "first done"; fio sums the bandwidth of a group's jobs the same way). Bytes of the other
 * hosts in their last, partly covered interval of the per-second series are counted pro rata.
 *
 * @param benchmark       index of the benchmark (job) in the job's order
 * @param run             1-based repetition
 * @param firstDone       the host that finished first
 * @param firstDoneNanos  its measured time: the window's length
 * @param lastDone        the host that finished last
 * @param lastDoneNanos   its measured time
 * @param bytes           bytes all hosts moved in the window
 * @param ops             requests all hosts completed in the window
 */
public record Stonewall(int benchmark, int run, String firstDone, long firstDoneNanos, String lastDone,
                        long lastDoneNanos, double bytes, double ops) {
    @JsonProperty
    public double bytesPerSecond() {
        return firstDoneNanos == 0 ? Double.NaN : bytes * 1e9 / firstDoneNanos;
    }

    @JsonProperty
    public double iops() {
        return firstDoneNanos == 0 ? Double.NaN : ops * 1e9 / firstDoneNanos;
    }
}
