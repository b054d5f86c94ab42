package org.iobench.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.iobench.job.FioVerify;
import org.iobench.job.FioVerifyType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** fio's verify on one buffer: what a write stamps a read finds intact, and each kind of damage is named as fio does. */
class FioBlocksTest {
    private static FioVerify verify(FioVerifyType type, long interval, long headerOffset, String pattern) {
        return verify(type, interval, headerOffset, pattern, List.of());
    }

    private static FioVerify verify(FioVerifyType type, long interval, long headerOffset, String pattern,
                                    List<Integer> offsetsAt) {
        return new FioVerify(type, true, interval, headerOffset, pattern, offsetsAt, 0, 0, false, false, false, false, 0, false, 3, "j", false, false, "", 1, 0);
    }

    private static ByteBuffer block(int len) {
        return ByteBuffer.allocateDirect(len).order(ByteOrder.LITTLE_ENDIAN);
    }

    @ParameterizedTest
    @EnumSource(value = FioVerifyType.class, names = {"PATTERN", "PATTERN_NO_HDR"}, mode = EnumSource.Mode.EXCLUDE)
    void whatIsStampedChecksAndAFlippedDataByteFails(FioVerifyType type) {
        FioBlocks blocks = new FioBlocks(verify(type, 0, 0, ""));
        ByteBuffer b = block(4096);
        blocks.stamp(b, 8192, 4096, 0x1234_5678_9abcL, 7, 1, 2);
        assertNull(blocks.check(b, 8192, 4096, FioBlocks.Expect.FROM_HEADER, false));
        assertNull(blocks.check(b, 8192, 4096, new FioBlocks.Expect(0x1234_5678_9abcL, 7), true));
        b.put(4000, (byte) (b.get(4000) ^ 1));
        FioBlocks.Failure f = blocks.check(b, 8192, 4096, FioBlocks.Expect.FROM_HEADER, false);
        if (type.checksumBytes() == 0 || type == FioVerifyType.SHA512) {
            assertNull(f, "meta and null check no data; fio's sha512 only the bytes its buffer holds");
        } else {
            assertNotNull(f);
            assertTrue(f.message().startsWith(type.label() + ": verify failed at offset 8192, length 4096"), f.message());
        }
    }

    @Test
    void theHeaderNamesItsOffsetLengthAndItsOwnChecksum() {
        FioBlocks blocks = new FioBlocks(verify(FioVerifyType.MD5, 0, 0, ""));
        ByteBuffer b = block(4096);
        blocks.stamp(b, 8192, 4096, 99, 1, 0, 0);
        assertEquals(0xacca, b.getShort(0) & 0xFFFF);
        assertEquals(FioVerifyType.MD5.code(), b.getShort(2));
        assertEquals(4096, b.getInt(4));
        assertEquals(99, b.getLong(8));
        assertEquals(8192, b.getLong(16));
        assertEquals(3, b.getShort(32));
        String moved = blocks.check(b, 4096, 4096, FioBlocks.Expect.FROM_HEADER, false).message();
        assertTrue(moved.startsWith("verify: bad header offset 8192, wanted 4096"), moved);
        assertTrue(blocks.check(b, 8192, 4096, new FioBlocks.Expect(98, 1), false).message()
                .startsWith("verify: bad header rand_seed 99, wanted 98"));
        assertTrue(blocks.check(b, 8192, 4096, new FioBlocks.Expect(99, 2), true).message()
                .startsWith("verify: bad header numberio 1, wanted 2"));
        b.put(24, (byte) 1); // time_sec: covered by the header's crc32c
        assertTrue(blocks.check(b, 8192, 4096, FioBlocks.Expect.FROM_HEADER, false).message()
                .startsWith("verify: bad header crc"));
        ByteBuffer other = block(1 << 20);
        blocks.stamp(other, 0, 512, 5, 0, 0, 0);
        assertTrue(blocks.check(other, 0, 1 << 20, FioBlocks.Expect.FROM_HEADER, false).message()
                .startsWith("verify: bad header length 512, wanted 1048576"), "t0003: 1 MiB reads of 512-byte writes");
    }

    @Test
    void intervalsAndAnOffsetHeaderEachCheckTheirOwnPart() {
        FioBlocks blocks = new FioBlocks(verify(FioVerifyType.CRC64, 512, 100, ""));
        ByteBuffer b = block(4096);
        blocks.stamp(b, 1 << 20, 4096, 42, 0, 0, 0);
        assertEquals(0xacca, b.getShort(100) & 0xFFFF, "the header is swapped verify_offset bytes in");
        assertEquals((1 << 20) + 512, b.getLong(512 + 100 + 16), "the second interval's header names its own offset");
        assertNull(blocks.check(b, 1 << 20, 4096, FioBlocks.Expect.FROM_HEADER, false));
        blocks.stamp(b, 1 << 20, 4096, 42, 0, 0, 0); // a check swaps the headers back in the buffer, as fio's does
        b.put(3 * 512 + 300, (byte) 0x55);
        assertTrue(blocks.check(b, 1 << 20, 4096, FioBlocks.Expect.FROM_HEADER, false).message()
                .startsWith("crc64: verify failed at offset " + ((1 << 20) + 3 * 512) + ", length 512"));
    }

    @Test
    void aPatternIsCheckedByteByByteWithOrWithoutHeader() {
        FioBlocks meta = new FioBlocks(verify(FioVerifyType.META, 0, 0, "0aaa"));
        ByteBuffer b = block(4096);
        meta.stamp(b, 0, 4096, 0, 0, 0, 0);
        assertEquals((byte) 0x0a, b.get(40));
        assertEquals((byte) 0xaa, b.get(41));
        assertNull(meta.check(b, 0, 4096, FioBlocks.Expect.FROM_HEADER, false));
        b.put(1000, (byte) 0);
        String m = meta.check(b, 0, 4096, FioBlocks.Expect.FROM_HEADER, false).message();
        assertTrue(m.contains("got pattern '00', wanted '0a'. Bad bits 2 at block offset 960"), m);

        FioBlocks bare = new FioBlocks(verify(FioVerifyType.PATTERN_NO_HDR, 0, 0, "deadbeef"));
        ByteBuffer c = block(512);
        bare.stamp(c, 0, 512, 0, 0, 0, 0);
        assertEquals(0xefbeadde, c.getInt(0), "no header: the pattern from the first byte");
        assertNull(bare.check(c, 0, 512, FioBlocks.Expect.FROM_HEADER, false));
    }

    @Test
    void aPatternsOffsetFormatIsEachRequestsOffset() {
        // verify_pattern=1%o: the byte 01, then the offset's 8 bytes (fio's paste_blockoff), the 9 repeated
        FioBlocks blocks = new FioBlocks(verify(FioVerifyType.PATTERN_NO_HDR, 512, 0, "01" + "00".repeat(8),
                List.of(1)));
        ByteBuffer b = block(4096);
        blocks.stamp(b, 0x12345678_9000L, 4096, 0, 0, 0, 0);
        assertEquals(1, b.get(0));
        assertEquals(0x12345678_9000L, b.getLong(1), "the request's offset, little-endian");
        assertEquals(1, b.get(9), "the pattern repeats, the offset in every copy");
        assertEquals(0x12345678_9000L, b.getLong(4096 - 4096 % 9 + 1 - 9));
        assertNull(blocks.check(b, 0x12345678_9000L, 4096, FioBlocks.Expect.FROM_HEADER, false));
        String m = blocks.check(b, 0x12345678_8000L, 4096, FioBlocks.Expect.FROM_HEADER, false).message();
        assertTrue(m.startsWith("pattern: verify failed at offset " + 0x12345678_8000L), m);
        blocks.stamp(b, 0, 4096, 0, 0, 0, 0);
        assertEquals(0, b.getLong(1), "each request pastes its own offset");

        // %o cut at the pattern's end: "%o" alone is 8 bytes, fio's interval mod the pattern's size continues it
        FioBlocks bare = new FioBlocks(verify(FioVerifyType.PATTERN_NO_HDR, 0, 0, "00".repeat(8), List.of(0)));
        ByteBuffer c = block(512);
        bare.stamp(c, 512, 512, 0, 0, 0, 0);
        assertEquals(512, c.getLong(504));
        assertNull(bare.check(c, 512, 512, FioBlocks.Expect.FROM_HEADER, false));
    }

    @Test
    void randomDataIsFiosFromTheSeed() {
        ByteBuffer b = block(64);
        FioBlocks.randomFill(b, 64, 0x0123456789abcdefL, new long[FioBlocks.SEED_BUCKETS]);
        assertEquals(0x0123456789abcdefL, b.getLong(0));
        assertEquals(0x0123456789abcdefL * 2, b.getLong(8));
        assertEquals(0x0123456789abcdefL * 0x61C8864680B583EBL, b.getLong(32), "each bucket's next value");
    }
}
