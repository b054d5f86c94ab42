package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.zip.CRC32;
import org.iobench.job.FioBuffers;
import org.junit.jupiter.api.Test;

/**
 * The bytes fio 3.33 wrote, checked without fio: CRC-32s of 64 KiB files fio wrote here with one job each
 * ({@code fio a.fio}: {@code size=64k bs=4k rw=write} and the options named), reproduced from the generators' starts
 * fio gives thread 1 with its default {@code randseed}.
 */
class FioBufferFillTest {
    /** fio's {@code rand_seeds[index]} for thread 1 with {@code randseed=0x89}. */
    private static long seed(int index) {
        long s = 0x89;
        for (int i = 0; i < 4 + index; i++) {
            s *= 0x9e370001L;
        }
        return s + index;
    }

    private static FioBuffers spec(FioBuffers.Fill fill, int compress, boolean chunked, int dedupe,
                                   boolean workingSet, long pages) {
        return new FioBuffers(fill, "", compress, 512, chunked, dedupe, workingSet, pages, true, false, 4096,
                new FioBuffers.Seed(seed(9), false), seed(14), seed(20), 1, false, List.of());
    }

    /** fio's job: the one buffer filled at the start, then refilled before each of the 16 writes. */
    private static long crcOfSixteenWrites(FioBuffers spec) {
        FioBufferFill fill = new FioBufferFill(spec);
        ByteBuffer b = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        fill.fill(b, 4096);
        CRC32 crc = new CRC32();
        for (int i = 0; i < 16; i++) {
            fill.fill(b, 4096);
            crc.update(b.array());
        }
        return crc.getValue();
    }

    @Test
    void refilledBuffersAreFiosBytes() {
        // refill_buffers
        assertThat(crcOfSixteenWrites(spec(FioBuffers.Fill.RANDOM, 0, false, 0, false, 0))).isEqualTo(0x7dcb2327L);
    }

    @Test
    void compressedBuffersDedupedFromAWorkingSetAreFiosBytes() {
        // buffer_compress_percentage=50 dedupe_percentage=40 dedupe_mode=working_set dedupe_working_set_percentage=25
        assertThat(crcOfSixteenWrites(spec(FioBuffers.Fill.RANDOM, 50, true, 40, true, 4))).isEqualTo(0x3fb18170L);
    }

    @Test
    void aRestartedFillWritesWhatAFreshOneWritesAsFiosNewLoopDoes() {
        // fio's clear_io_state at a new loop seeds the buffer, dedupe and working-set index generators again
        FioBuffers spec = spec(FioBuffers.Fill.RANDOM, 50, true, 40, true, 4);
        FioBufferFill fill = new FioBufferFill(spec);
        ByteBuffer first = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer again = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        fill.fill(first, 4096);
        fill.fill(again, 4096);
        assertThat(again.array()).as("the generator goes on").isNotEqualTo(first.array());
        fill.restarted().fill(again, 4096);
        assertThat(again.array()).as("from its start").isEqualTo(first.array());
    }

    @Test
    void theScrambleStampsOffsetAndTimeInEvery512ByteBlock() {
        ByteBuffer b = ByteBuffer.allocate(1024).order(ByteOrder.LITTLE_ENDIAN);
        long nanos = 7_000_000_005L; // line (5 ^ offset) & 7 = 5 ^ 0 = 5
        FioBufferFill.scramble(b, 1024, 8192, nanos);
        assertThat(b.getLong(5 * 64)).isEqualTo(8192);
        assertThat(b.getLong(512 + 5 * 64)).isEqualTo(8192 + 512);
        assertThat(b.getLong(48)).isEqualTo(7);
        assertThat(b.getLong(56)).isEqualTo(5);
        assertThat(b.getLong(512 + 56)).isEqualTo(5);
        assertThat(b.getLong(0)).isZero();
    }
}
