package org.iobench.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.Deflater;
import org.iobench.job.VerifyChecksum;
import org.iobench.result.BlockMismatch;
import org.iobench.result.MismatchKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** Blocks stamped in memory, damaged the ways storage damages them, and classified. */
class BlockCheckerTest {
    static final int BS = 4096;
    static final long RUN = 0x1234_5678_9abc_def0L;
    static final long OTHER_RUN = 0x0fed_cba9_8765_4321L;
    static final long OFFSET = 7 * BS;

    private static ByteBuffer block() {
        return ByteBuffer.allocate(BS).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static ByteBuffer stamped(long run, long offset, long seq, VerifyChecksum algorithm, boolean random) {
        ByteBuffer b = block();
        new BlockStamper(run, 0, BS, algorithm, random).stamp(b, offset, seq, 1_700_000_000_000L);
        return b;
    }

    private static ByteBuffer stamped(long seq) {
        return stamped(RUN, OFFSET, seq, VerifyChecksum.CRC32C, true);
    }

    private static BlockMismatch check(ByteBuffer b, boolean ours, long expectedSeq) {
        return new BlockChecker(RUN, BS).check(b, OFFSET, ours, expectedSeq);
    }

    @ParameterizedTest
    @EnumSource(value = VerifyChecksum.class, names = {"CRC32C", "SHA256"})
    void aFreshlyStampedBlockIsAsWrittenWithEitherChecksumAndEitherPayload(VerifyChecksum algorithm) {
        for (boolean random : new boolean[] {true, false}) {
            assertThat(check(stamped(RUN, OFFSET, 5, algorithm, random), true, 5)).isNull();
        }
    }

    @Test
    void theHeaderIsLaidOutAsDocumented() {
        ByteBuffer b = stamped(RUN, OFFSET, 42, VerifyChecksum.SHA256, true);
        byte[] magic = new byte[8];
        b.get(0, magic);
        assertThat(new String(magic, StandardCharsets.US_ASCII)).isEqualTo("IOBVRFY1");
        assertThat(b.getShort(8)).isEqualTo((short) 1);
        assertThat(b.get(10)).isEqualTo((byte) 2);
        assertThat(b.get(11)).isEqualTo((byte) 1);
        assertThat(b.getInt(12)).isEqualTo(128);
        assertThat(b.getLong(16)).isEqualTo(OFFSET);
        assertThat(b.getLong(24)).isEqualTo(BS);
        assertThat(b.getLong(32)).isEqualTo(RUN);
        assertThat(b.getLong(40)).isEqualTo(42);
        assertThat(b.getLong(48)).isEqualTo(1_700_000_000_000L);
        assertThat(b.getInt(56)).isZero();
        assertThat(BlockHeader.BYTES).isEqualTo(VerifyChecksum.HEADER_BYTES).isEqualTo(128);
    }

    @Test
    void aFlippedPayloadByteIsCorruptAndNamesTheByte() {
        ByteBuffer b = stamped(3);
        b.put(1000, (byte) (b.get(1000) ^ 0x01));
        BlockMismatch m = check(b, true, 3);
        assertThat(m.kind()).isEqualTo(MismatchKind.CORRUPT);
        assertThat(m.detail()).contains("1 payload bytes differ in 1000..1000");
        assertThat(m.found().sequence()).isEqualTo(3);
        assertThat(m.foundChecksum()).isNotEqualTo(m.found().payloadChecksum());
    }

    @Test
    void aFlippedHeaderByteIsACorruptHeader() {
        ByteBuffer b = stamped(3);
        b.put(41, (byte) (b.get(41) ^ 0x10));
        BlockMismatch m = check(b, true, 3);
        assertThat(m.kind()).isEqualTo(MismatchKind.CORRUPT);
        assertThat(m.detail()).contains("header damaged");
    }

    @Test
    void aZeroedBlockIsGarbageWhereThisRunWroteItAndOnlyUnstampedElsewhere() {
        assertThat(check(block(), true, 3).kind()).isEqualTo(MismatchKind.GARBAGE);
        assertThat(check(block(), true, 3).detail()).startsWith("all zero");
        assertThat(check(block(), false, 0).kind()).isEqualTo(MismatchKind.UNSTAMPED);
    }

    @Test
    void anIntactOlderVersionOfTheBlockIsStale() {
        BlockMismatch m = check(stamped(2), true, 5);
        assertThat(m.kind()).isEqualTo(MismatchKind.STALE);
        assertThat(m.expected().sequence()).isEqualTo(5);
        assertThat(m.found().sequence()).isEqualTo(2);
    }

    @Test
    void aBlockOfAnEarlierRunIsStaleWhereThisRunWroteItAndOtherRunElsewhere() {
        ByteBuffer old = stamped(OTHER_RUN, OFFSET, 9, VerifyChecksum.CRC32C, true);
        assertThat(check(old, true, 0).kind()).isEqualTo(MismatchKind.STALE);
        assertThat(check(old, false, 0).kind()).isEqualTo(MismatchKind.OTHER_RUN);
        assertThat(check(old, false, 0).kind().failure()).isFalse();
    }

    @Test
    void aPayloadWhoseSecondHalfIsFromTheNextWriteIsTornAndSaysWhichWrite() {
        ByteBuffer b = stamped(4);
        ByteBuffer next = stamped(5);
        for (int i = BS / 2; i < BS; i++) {
            b.put(i, next.get(i));
        }
        BlockMismatch m = check(b, true, 5);
        assertThat(m.kind()).isEqualTo(MismatchKind.TORN);
        assertThat(m.detail()).contains("sectors of 512: 4..7").contains("from sequence 5, the header from 4");
    }

    @Test
    void aNewHeaderSectorOverAnOldPayloadIsTorn() {
        ByteBuffer b = stamped(4);
        ByteBuffer next = stamped(5);
        for (int i = 0; i < 512; i++) {
            b.put(i, next.get(i));
        }
        assertThat(check(b, true, 5).kind()).isEqualTo(MismatchKind.TORN);
    }

    @Test
    void aPartiallyWrittenSectorOfZerosIsTorn() {
        ByteBuffer b = stamped(4);
        for (int i = 1024; i < 1024 + 200; i++) {
            b.put(i, (byte) 0);
        }
        assertThat(check(b, true, 4).kind()).isEqualTo(MismatchKind.TORN);
    }

    @Test
    void aBlockMeantForAnotherOffsetIsMisplaced() {
        ByteBuffer b = stamped(RUN, OFFSET + BS, 1, VerifyChecksum.CRC32C, true);
        BlockMismatch m = check(b, true, 1);
        assertThat(m.kind()).isEqualTo(MismatchKind.MISPLACED);
        assertThat(m.found().offset()).isEqualTo(OFFSET + BS);
    }

    @Test
    void randomPayloadsDifferInEveryWordBetweenWritesAndDoNotCompress() {
        ByteBuffer a = stamped(1);
        ByteBuffer b = stamped(2);
        int sameWords = 0;
        for (int i = BlockHeader.BYTES; i < BS; i += 8) {
            sameWords += a.getLong(i) == b.getLong(i) ? 1 : 0;
        }
        assertThat(sameWords).isZero();
        int payload = BS - BlockHeader.BYTES;
        byte[] two = new byte[2 * payload];
        a.get(BlockHeader.BYTES, two, 0, payload);
        b.get(BlockHeader.BYTES, two, payload, payload);
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        d.setInput(two);
        d.finish();
        byte[] out = new byte[3 * BS];
        int n = d.deflate(out);
        assertThat(n).as("deflated size of two payloads").isGreaterThanOrEqualTo(two.length);
    }
}
