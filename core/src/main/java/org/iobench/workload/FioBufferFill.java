package org.iobench.workload;

import java.nio.ByteBuffer;
import java.util.List;
import org.iobench.job.FioBuffers;
import org.iobench.verify.FioData;
import org.iobench.workload.offsets.FioTausworthe;

/**
 * fio 3.33's {@code fill_io_buffer} for one job ({@link FioBuffers} says what it holds): the buffer generator
 * ({@code buf_state}), the dedupe draw ({@code get_buf_state}: a page repeated from the generator's previous state,
 * or one of the working set's pages) and the write split into {@code buffer_compress_chunk} chunks, each from a new
 * seed, random then fixed. The same seeds give fio's bytes, fill for fill, so a job that fills its buffers in fio's
 * order writes what fio writes. Also {@code small_content_scramble}. Not thread-safe: one per worker.
 */
final class FioBufferFill {
    private static final byte[] ZEROS = new byte[0];
    /** Longs per working-set page. */
    private static final int STRIDE = FioTausworthe.SAVED_LONGS;

    private final FioBuffers spec;
    private final byte[] pattern;
    private final byte[] fixed;
    private final FioTausworthe buf;
    private final FioTausworthe prev;
    private final FioTausworthe ret;
    private final FioTausworthe dedupe;
    private final FioTausworthe index;
    private final long[] workingSet;
    private final long[] scratch = new long[FioData.SEED_BUCKETS];

    FioBufferFill(FioBuffers spec) {
        this(spec, spec.dedupePercent() > 0 && spec.workingSet() ? workingSet(spec) : null);
    }

    private FioBufferFill(FioBuffers spec, long[] workingSet) {
        this.spec = spec;
        this.pattern = spec.pattern();
        this.fixed = spec.fill() == FioBuffers.Fill.PATTERN ? pattern : ZEROS;
        this.buf = start(spec.buffer());
        this.prev = buf.copy();
        this.ret = buf.copy();
        this.dedupe = FioTausworthe.of32(spec.dedupeSeed());
        this.index = start(new FioBuffers.Seed(spec.indexSeed(), spec.buffer().wide()));
        this.workingSet = workingSet;
    }

    /**
     * This fill with every generator at its start again, its working set kept (fio's {@code td_fill_rand_seeds} at a
     * new loop: {@code buf_state} and its previous state, {@code dedupe_state}, the working set's index).
     */
    FioBufferFill restarted() {
        return new FioBufferFill(spec, workingSet);
    }

    private static FioTausworthe start(FioBuffers.Seed s) {
        return s.wide() ? FioTausworthe.of64(s.value()) : FioTausworthe.of32(s.value());
    }

    /** fio's {@code __get_next_seed}: on a 64-bit machine the product of two values. */
    private static long nextSeed(FioTausworthe t) {
        long r = t.next();
        return r * t.next();
    }

    /**
     * fio's {@code init_dedupe_working_set_seeds}: page 0 from the job's generator as it starts, each next page that
     * many seeds further (one per chunk of a smallest write); with {@code dedupe_global} the pages are dealt out
     * over every job's generator in turn, starting with the job after this one.
     */
    private static long[] workingSet(FioBuffers spec) {
        long pages = spec.workingSetPages();
        long[] set = new long[Math.toIntExact(pages * STRIDE)];
        long chunk = spec.compressChunk() == 0 ? spec.minWriteBytes() : Math.min(spec.minWriteBytes(), spec.compressChunk());
        long advancements = spec.minWriteBytes() / chunk;
        List<FioBuffers.Seed> all = spec.shared();
        long perSeed = all.isEmpty() ? 1 : Math.max(pages / all.size(), 1);
        int job = spec.threadNumber() - 1;
        FioTausworthe t = start(spec.buffer());
        t.saveTo(set, 0);
        for (int i = 1; i < pages; i++) {
            for (long j = 0; j < advancements; j++) {
                nextSeed(t);
            }
            if (spec.global() && !all.isEmpty() && i % perSeed == 0) {
                t = start(all.get(++job % all.size()));
            }
            t.saveTo(set, i * STRIDE);
        }
        return set;
    }

    /** fio's {@code get_buf_state}: the generator this buffer is made from (a dedupe draw first). */
    private FioTausworthe state() {
        int dedupePercent = spec.dedupePercent();
        if (dedupePercent == 0) {
            return buf;
        }
        if (dedupePercent == 100) {
            prev.copyFrom(buf);
            return buf;
        }
        long v = 1 + (long) (100.0 * (dedupe.next() / 4294967296.0));
        if (v > dedupePercent) {
            return buf;
        }
        if (!spec.workingSet()) {
            ret.copyFrom(prev);
            return ret;
        }
        ret.loadFrom(workingSet, page() * STRIDE);
        return ret;
    }

    /** fio's {@code rand_between(&dedupe_working_set_index_state, 0, pages - 1)}. */
    private int page() {
        long pages = spec.workingSetPages();
        long r = index.next();
        double fraction = index.wide() ? unsigned(r) / 18446744073709551616.0 : r / 4294967296.0;
        return (int) Math.min(pages - 1, (long) (pages * fraction));
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : ((v >>> 1) | (v & 1)) * 2.0;
    }

    /** fio's {@code save_buf_state}. */
    private void save(FioTausworthe rs) {
        if (spec.dedupePercent() == 100) {
            rs.copyFrom(prev);
        } else if (rs == buf) {
            prev.copyFrom(rs);
        }
    }

    /** fio's {@code fill_io_buffer(td, b, min_bs[WRITE], len)} over {@code b[0, len)}. */
    void fill(ByteBuffer b, int len) {
        if (spec.chunked()) {
            FioTausworthe rs = null;
            long minWrite = spec.minWriteBytes();
            int at = 0;
            int left = len;
            do {
                if (rs == null) {
                    rs = state();
                }
                minWrite = Math.min(minWrite, left);
                int n = (int) (spec.compressChunk() == 0 ? minWrite : Math.min(minWrite, spec.compressChunk()));
                FioData.compressible(b, at, n, spec.compressPercent(), fixed, nextSeed(rs), scratch);
                at += n;
                left -= n;
                save(rs);
            } while (left > 0);
        } else if (spec.fill() == FioBuffers.Fill.PATTERN) {
            FioData.pattern(b, 0, len, pattern);
        } else if (spec.fill() == FioBuffers.Fill.ZERO) {
            FioData.fixed(b, 0, len, ZEROS);
        } else {
            FioData.random(b, 0, len, nextSeed(state()), scratch);
        }
    }

    /**
     * fio's {@code small_content_scramble}: in each 512-byte block of a write at {@code offset} issued at
     * {@code nanos}, the block's offset in one of its eight 64-byte lines (the same line for the whole write, chosen
     * by the time and offset) and the time (seconds, nanoseconds) in its bytes 48-63.
     */
    static void scramble(ByteBuffer b, int len, long offset, long nanos) {
        int blocks = len >>> 9;
        long sec = nanos / 1_000_000_000L;
        long nsec = nanos % 1_000_000_000L;
        int line = (int) ((nsec ^ offset) & 7) << 6;
        for (int i = 0, p = 0; i < blocks; i++, p += 512) {
            b.putLong(p + line, offset + p);
            b.putLong(p + 48, sec);
            b.putLong(p + 56, nsec);
        }
    }
}
