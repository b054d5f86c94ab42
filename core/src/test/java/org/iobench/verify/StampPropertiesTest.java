package org.iobench.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.iobench.job.VerifyChecksum;
import org.iobench.result.BlockMismatch;
import org.iobench.result.MismatchKind;

/** Stamping and checking over block sizes (odd ones too), offsets, sequences and single damaged bytes. */
class StampPropertiesTest {

    @Property(tries = 200)
    void anyStampedBlockChecksCleanAndAnyFlippedPayloadByteIsFoundAsCorrupt(
            @ForAll @IntRange(min = 128, max = 70_000) int blockBytes,
            @ForAll @LongRange(min = 0, max = 1L << 40) long offset,
            @ForAll @LongRange(min = 1, max = 1L << 40) long sequence,
            @ForAll long runId, @ForAll boolean random, @ForAll boolean sha,
            @ForAll @IntRange(min = 0, max = 1 << 30) int where, @ForAll @IntRange(min = 1, max = 255) int mask) {
        VerifyChecksum algorithm = sha ? VerifyChecksum.SHA256 : VerifyChecksum.CRC32C;
        ByteBuffer b = ByteBuffer.allocate(blockBytes).order(ByteOrder.LITTLE_ENDIAN);
        new BlockStamper(runId, 3, blockBytes, algorithm, random).stamp(b, offset, sequence, 0);
        BlockChecker checker = new BlockChecker(runId, blockBytes);
        assertThat(checker.check(b, offset, true, sequence)).isNull();

        if (blockBytes == BlockHeader.BYTES) {
            return;
        }
        int p = BlockHeader.BYTES + where % (blockBytes - BlockHeader.BYTES);
        b.put(p, (byte) (b.get(p) ^ mask));
        BlockMismatch m = checker.check(b, offset, true, sequence);
        assertThat(m.kind()).isEqualTo(MismatchKind.CORRUPT);
        assertThat(m.detail()).contains("1 payload bytes differ in " + p + ".." + p);
    }

    @Property
    void runIdsReadBackAsPrinted(@ForAll long id) {
        assertThat(RunIds.parse(RunIds.format(id))).isEqualTo(id);
        assertThat(RunIds.format(id)).hasSize(16);
    }
}
