package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A job that replays a recorded log of requests (fio's {@code read_iolog}) instead of drawing its own: each request's
 * direction, offset and length as the log has them, in its order, each issued no sooner than its delay after the one
 * before. The requests are held in compact arrays (about 32 bytes each), read before the run starts; the JSON form of
 * a job names the log and counts its requests; a job read back from JSON has no requests ({@link #requests()} null,
 * {@link #count()} as recorded).
 *
 * <p>Delays are in microseconds as fio's logs count time, already scaled by {@code replay_time_scale} (or all 0 under
 * {@code replay_no_stall}); offsets are already divided by {@code replay_scale} and aligned down to
 * {@code replay_align}, as fio applies them while it reads the log.
 *
 * @param log          the log file as the job names it
 * @param version      the log's format: 2 (no times) or 3 (each line's time in microseconds)
 * @param count        the requests replayed (reads, writes, syncs and waits)
 * @param bytes        the bytes the reads and writes of the log move
 * @param stalls       false under {@code replay_no_stall}: the requests go as fast as the job can issue them
 * @param timeScalePercent {@code replay_time_scale}: delays are multiplied by 100 / this
 * @param redirect     {@code replay_redirect}: the file every request goes to, whatever the log names; null: the log's
 * @param requests     the requests; null in a job read back from JSON
 */
public record Replay(Path log, int version, long count, long bytes, boolean stalls, int timeScalePercent,
                     Path redirect, @JsonIgnore Requests requests) {

    public Replay {
        Objects.requireNonNull(log, "log");
    }

    /** The requests of a log, in order: parallel arrays, never changed once made. */
    public static final class Requests {
        private final Op[] ops;
        private final long[] offsets;
        private final long[] lengths;
        private final long[] delayMicros;

        /** The arrays are taken as they are: the maker hands them over and keeps no reference. */
        public Requests(Op[] ops, long[] offsets, long[] lengths, long[] delayMicros) {
            if (offsets.length != ops.length || lengths.length != ops.length || delayMicros.length != ops.length) {
                throw new IllegalArgumentException("arrays of different lengths");
            }
            this.ops = ops;
            this.offsets = offsets;
            this.lengths = lengths;
            this.delayMicros = delayMicros;
        }

        public int size() {
            return ops.length;
        }

        public Op op(int i) {
            return ops[i];
        }

        /** A request's offset; a {@link Op#WAIT}'s is the time since the job's start it waits for, in ms. */
        public long offset(int i) {
            return offsets[i];
        }

        public long length(int i) {
            return lengths[i];
        }

        /** The time after the previous request's issue before this one may go, in microseconds (0: at once). */
        public long delayMicros(int i) {
            return delayMicros[i];
        }
    }

    /**
     * What a replayed line asks: fio's {@code read}, {@code write}, {@code sync}, {@code datasync}, {@code wait} (fio
     * 3.33 replays no {@code trim}).
     */
    public enum Op {
        READ, WRITE, SYNC, DATASYNC,
        /** fio's version 2 {@code wait}: nothing is issued before the job has run {@code offset} milliseconds. */
        WAIT
    }

    /** False for a job read back from JSON, which names its log but holds none of its requests. */
    @JsonIgnore
    public boolean hasRequests() {
        return requests != null;
    }
}
