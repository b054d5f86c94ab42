package org.iobench.job;

import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * What a fio job's write buffers hold, as fio 3.33 makes them ({@code io_u.c}'s {@code fill_io_buffer}, docs/fio.md
 * "Buffer contents"): filled once when the job starts and, with {@code refill}, again before every write, from the
 * job's buffer generator ({@code buf_state}); with {@code scramble} (fio's default when nothing refills them) each
 * write gets its offset and issue time stamped into every 512-byte block.
 *
 * @param fill             what a fill writes: random data (with {@code compressPercent}), zeros or {@code pattern}
 * @param patternHex       {@code buffer_pattern}'s bytes, hex; empty without one
 * @param compressPercent  {@code buffer_compress_percentage} as fio keeps it (100 became zeros): 0..99
 * @param compressChunk    {@code buffer_compress_chunk}: bytes per random-then-fixed region; 0 = the write's size
 * @param chunked          fills go through fio's compression and dedupe path (either option was given)
 * @param dedupePercent    {@code dedupe_percentage}: 0..100
 * @param workingSet       {@code dedupe_mode=working_set} (else {@code repeat})
 * @param workingSetPages  the working set's pages ({@code size * dedupe_working_set_percentage / 100 / bs})
 * @param refill           fill before every write ({@code refill_buffers}, or implied as fio implies it)
 * @param scramble         stamp offset and time into each write's 512-byte blocks ({@code scramble_buffers})
 * @param minWriteBytes    fio's {@code min_bs[WRITE]}: the size of a fill's first chunk
 * @param buffer           where the job's buffer generator starts ({@code rand_seeds[FIO_RAND_BUF_OFF]})
 * @param dedupeSeed       where the dedupe draw starts ({@code rand_seeds[FIO_DEDUPE_OFF]}, always 32-bit)
 * @param indexSeed        where the working set's page draw starts ({@code rand_seeds[FIO_RAND_DEDUPE_WORKING_SET_IX]})
 * @param threadNumber     fio's {@code thread_number} of the job (from 1)
 * @param global           {@code dedupe_global}: the working set is spread over every job's buffer generator
 * @param shared           with {@code global}, every job's buffer generator in fio's order; empty otherwise
 */
public record FioBuffers(Fill fill, String patternHex, int compressPercent, long compressChunk, boolean chunked,
                         int dedupePercent, boolean workingSet, long workingSetPages, boolean refill,
                         boolean scramble, long minWriteBytes, Seed buffer, long dedupeSeed, long indexSeed,
                         int threadNumber, boolean global, List<Seed> shared) {
    /** What a fill writes. */
    public enum Fill { RANDOM, ZERO, PATTERN }

    /** A start of one of fio's generators: the value and whether it is the 64-bit one ({@code tausworthe64}). */
    public record Seed(long value, boolean wide) {}

    public FioBuffers {
        Objects.requireNonNull(fill, "fill");
        Objects.requireNonNull(buffer, "buffer");
        patternHex = patternHex == null ? "" : patternHex;
        shared = shared == null ? List.of() : List.copyOf(shared);
    }

    /** {@code buffer_pattern}'s bytes. */
    public byte[] pattern() {
        return HexFormat.of().parseHex(patternHex);
    }

    /** The same contents with {@code dedupe_global}'s generators of every job. */
    public FioBuffers withShared(List<Seed> all) {
        return new FioBuffers(fill, patternHex, compressPercent, compressChunk, chunked, dedupePercent, workingSet,
                workingSetPages, refill, scramble, minWriteBytes, buffer, dedupeSeed, indexSeed, threadNumber, global, all);
    }
}
