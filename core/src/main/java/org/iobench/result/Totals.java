package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.iobench.job.RwMode;

/**
 * What a run moved in its measured phase, and how long it took.
 *
 * @param elapsedNanos from the start of the measured phase until the last worker finished and the final sync (if
 *                     any) returned: the sync is inside the time
 * @param syncNanos    the final fdatasync/fsync alone, plus periodic syncs ({@code --fsync-every}) summed over workers
 * @param syncs        sync calls made
 * @param bytesTrimmed bytes discarded by trims (fio's trim direction), counted by their length as fio counts them;
 *                     absent from JSON when 0, so runs without trims keep their documents
 * @param trims        trims made; absent from JSON when 0
 * @param zoneResets   write pointers of emulated zones moved back to their zone's start ({@code zonemode=zbd}: fio's
 *                     {@code nr_zone_resets}, counted by the job that reset them); absent from JSON when 0
 */
public record Totals(long bytesRead, long bytesWritten, long reads, long writes, long elapsedNanos, long syncNanos,
                     long syncs, @JsonInclude(JsonInclude.Include.NON_DEFAULT) long bytesTrimmed,
                     @JsonInclude(JsonInclude.Include.NON_DEFAULT) long trims,
                     @JsonInclude(JsonInclude.Include.NON_DEFAULT) long zoneResets) {

    /** Totals of a run without zone resets. */
    public Totals(long bytesRead, long bytesWritten, long reads, long writes, long elapsedNanos, long syncNanos,
                  long syncs, long bytesTrimmed, long trims) {
        this(bytesRead, bytesWritten, reads, writes, elapsedNanos, syncNanos, syncs, bytesTrimmed, trims, 0);
    }

    /** Totals of a run without trims. */
    public Totals(long bytesRead, long bytesWritten, long reads, long writes, long elapsedNanos, long syncNanos,
                  long syncs) {
        this(bytesRead, bytesWritten, reads, writes, elapsedNanos, syncNanos, syncs, 0, 0, 0);
    }

    /** Bytes of every direction: read, written and trimmed (fio counts a trim's length as its bytes). */
    @JsonProperty
    public long bytes() {
        return bytesRead + bytesWritten + bytesTrimmed;
    }

    /** Reads, writes and trims. */
    @JsonProperty
    public long ops() {
        return reads + writes + trims;
    }

    /** Bytes per second over the elapsed time; NaN for a zero-length run. */
    @JsonProperty
    public double bytesPerSecond() {
        return elapsedNanos == 0 ? Double.NaN : bytes() * 1e9 / elapsedNanos;
    }

    @JsonProperty
    public double iops() {
        return elapsedNanos == 0 ? Double.NaN : ops() * 1e9 / elapsedNanos;
    }

    /** MB/s with MB = 10^6 bytes, as dd prints. */
    @JsonProperty
    public double megabytesPerSecond() {
        return bytesPerSecond() / 1e6;
    }

    /** MiB/s with MiB = 2^20 bytes. */
    @JsonProperty
    public double mebibytesPerSecond() {
        return bytesPerSecond() / (1 << 20);
    }

    /**
     * The bytes a rate of a job of kind {@code rw} counts: a copy's bytes copied (written, as dd counts them), any
     * other job's bytes moved.
     */
    public long bytesCounted(RwMode rw) {
        return rw == RwMode.COPY ? bytesWritten : bytes();
    }

    public double elapsedSeconds() {
        return elapsedNanos / 1e9;
    }
}
