package org.iobench.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class DdOperandsTest {
    private static DdOperands parse(String... operands) {
        return DdOperands.parse(List.of(operands));
    }

    @Test
    void withoutBsBothSidesUseDdsDefaultOf512Bytes() {
        DdOperands d = parse("if=/dev/zero", "of=/dev/vg/lv");
        assertThat(d.ibs()).isEqualTo(512);
        assertThat(d.obs()).isEqualTo(512);
        assertThat(d.bsGiven()).isFalse();
        assertThat(d.count()).isEqualTo(-1);
        assertThat(d.countLimitBytes()).isEqualTo(-1);
    }

    @Property
    void everyUnitDdKnowsMultipliesLikeDd(@ForAll @IntRange(min = 1, max = 4096) int n) {
        assertThat(DdNumbers.parse("bs", n + "c").value()).isEqualTo(n);
        assertThat(DdNumbers.parse("bs", n + "w").value()).isEqualTo(2L * n);
        assertThat(DdNumbers.parse("bs", n + "b").value()).isEqualTo(512L * n);
        assertThat(DdNumbers.parse("bs", n + "k").value()).isEqualTo(1024L * n);
        assertThat(DdNumbers.parse("bs", n + "K").value()).isEqualTo(1024L * n);
        assertThat(DdNumbers.parse("bs", n + "KiB").value()).isEqualTo(1024L * n);
        assertThat(DdNumbers.parse("bs", n + "kB").value()).isEqualTo(1000L * n);
        assertThat(DdNumbers.parse("bs", n + "KB").value()).isEqualTo(1000L * n);
        assertThat(DdNumbers.parse("bs", n + "M").value()).isEqualTo((1L << 20) * n);
        assertThat(DdNumbers.parse("bs", n + "MB").value()).isEqualTo(1_000_000L * n);
        assertThat(DdNumbers.parse("bs", n + "G").value()).isEqualTo((1L << 30) * n);
        assertThat(DdNumbers.parse("bs", n + "xM").value()).isEqualTo((1L << 20) * n);
    }

    @Property
    void productsMultiplyTheirFactors(@ForAll @IntRange(min = 1, max = 10_000) int a,
                                      @ForAll @IntRange(min = 1, max = 10_000) int b) {
        assertThat(DdNumbers.parse("count", a + "x" + b).value()).isEqualTo((long) a * b);
        assertThat(DdNumbers.parse("count", a + "x" + b + "k").value()).isEqualTo((long) a * b * 1024);
    }

    @Test
    void lowerCaseMIsNotAUnitForDdAndTheMessageNamesTheOperand() {
        assertThatThrownBy(() -> parse("if=/dev/zero", "of=x", "bs=1m"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("bs=1m: invalid number");
        assertThatThrownBy(() -> parse("if=/dev/zero", "of=x", "count=1e3"))
                .hasMessageContaining("count=1e3: invalid number");
        assertThatThrownBy(() -> parse("if=/dev/zero", "of=x", "bs=0x10")).hasMessageContaining("zero multiplier");
        assertThatThrownBy(() -> parse("if=/dev/zero", "of=x", "bs=0")).hasMessageContaining("bs=0");
    }

    @Test
    void aTrailingBCountsBytesAsInGnuDd() {
        DdOperands d = parse("if=a", "of=/dev/null", "bs=1k", "count=3000B", "skip=2");
        assertThat(d.countInBytes()).isTrue();
        assertThat(d.countLimitBytes()).isEqualTo(3000);
        assertThat(d.skipBytes()).isEqualTo(2048);
        DdOperands flags = parse("if=a", "of=b", "bs=1k", "count=7", "skip=5", "seek=9",
                "iflag=count_bytes,skip_bytes", "oflag=seek_bytes");
        assertThat(flags.countLimitBytes()).isEqualTo(7);
        assertThat(flags.skipBytes()).isEqualTo(5);
        assertThat(flags.seekBytes()).isEqualTo(9);
    }

    @Property
    void bsOverridesIbsAndObsWhereverItStands(@ForAll("blocks") long bs, @ForAll("blocks") long ibs,
                                               @ForAll("blocks") long obs, @ForAll long seed) {
        List<String> ops = new ArrayList<>(List.of("if=/dev/zero", "of=f", "bs=" + bs, "ibs=" + ibs, "obs=" + obs));
        Collections.shuffle(ops, new Random(seed));
        DdOperands d = DdOperands.parse(ops);
        assertThat(d.ibs()).isEqualTo(bs);
        assertThat(d.obs()).isEqualTo(bs);
        assertThat(d.bsGiven()).isTrue();
    }

    @Property
    void operandOrderDoesNotMatterAndTheLastRepeatWins(@ForAll("blocks") long first, @ForAll("blocks") long last,
                                                         @ForAll @LongRange(min = 0, max = 1 << 20) long count,
                                                         @ForAll long seed) {
        List<String> ops = new ArrayList<>(List.of("if=in", "of=out", "count=" + count, "oflag=direct",
                "conv=notrunc,fdatasync", "status=noxfer"));
        Collections.shuffle(ops, new Random(seed));
        ops.add("ibs=" + first);
        ops.add("ibs=" + last);
        DdOperands d = DdOperands.parse(ops);
        assertThat(d.ibs()).isEqualTo(last);
        assertThat(d.obs()).isEqualTo(512);
        assertThat(d.count()).isEqualTo(count);
        assertThat(d.oflags()).containsExactly("direct");
        assertThat(d.conv()).containsExactlyInAnyOrder("notrunc", "fdatasync");
        assertThat(d.status()).isEqualTo("noxfer");
    }

    @Provide
    Arbitrary<Long> blocks() {
        return Arbitraries.longs().between(1, 1L << 30);
    }

    @Test
    void unsupportedAndUnknownOperandsAreRefusedByName() {
        assertThatThrownBy(() -> parse("if=a", "of=b", "foo=1")).hasMessageContaining("unrecognized operand 'foo=1'");
        assertThatThrownBy(() -> parse("if=a", "of=b", "conv=sync"))
                .hasMessageContaining("conv=sync is not supported by iobench");
        assertThatThrownBy(() -> parse("if=a", "of=b", "conv=bogus")).hasMessageContaining("invalid flag 'bogus'");
        assertThatThrownBy(() -> parse("if=a", "of=b", "oflag=append"))
                .hasMessageContaining("oflag=append is not supported");
        assertThatThrownBy(() -> parse("if=a", "of=b", "status=loud")).hasMessageContaining("status=loud");
        assertThatThrownBy(() -> parse("of=b")).hasMessageContaining("if= is required");
        assertThatThrownBy(() -> parse("if=a")).hasMessageContaining("of= is required");
        assertThatThrownBy(() -> parse("if=a", "of=b", "bs")).hasMessageContaining("unrecognized operand 'bs'");
    }

    @Property
    void theDdJobTransfersExactlyCountTimesIbs(@ForAll("blocks") long bs,
                                               @ForAll @LongRange(min = 1, max = 1000) long count) {
        JobSpec w = DdJob.toSpec(parse("if=/dev/zero", "of=f", "bs=" + bs, "count=" + count, "seek=3"), false, -1);
        assertThat(w.workload().rw()).isEqualTo(RwMode.WRITE);
        assertThat(w.workload().sizeBytes()).isEqualTo(bs * count);
        assertThat(w.workload().offsetBytes()).isEqualTo(3 * bs);
        assertThat(w.safety().truncate()).isTrue();
        assertThat(w.safety().keep()).isTrue();
        assertThat(w.workload().exactSize()).isTrue();
    }

    @Test
    void devZeroIsAWriteDevNullARreadAndTheRestACopy() {
        assertThat(DdJob.toSpec(parse("if=/dev/zero", "of=f", "count=1"), false,
                -1).workload().rw()).isEqualTo(RwMode.WRITE);
        JobSpec read = DdJob.toSpec(parse("if=f", "of=/dev/null", "bs=4k", "skip=1"), false, 10_000);
        assertThat(read.workload().rw()).isEqualTo(RwMode.READ);
        assertThat(read.workload().sizeBytes()).isEqualTo(10_000 - 4096);
        assertThat(read.workload().offsetBytes()).isEqualTo(4096);
        JobSpec copy = DdJob.toSpec(parse("if=a", "of=b", "bs=1M", "oflag=dsync", "conv=notrunc"), true, 5 << 20);
        assertThat(copy.workload().rw()).isEqualTo(RwMode.COPY);
        assertThat(copy.durability().sync()).isEqualTo(SyncMode.DSYNC);
        assertThat(copy.safety().truncate()).isFalse();
        assertThat(copy.safety().allowOverwrite()).isTrue();
        assertThat(DdJob.toSpec(parse("if=/dev/zero", "of=f", "count=1", "conv=fdatasync"), false,
                -1).durability().sync())
                .isEqualTo(SyncMode.FDATASYNC);
        assertThatThrownBy(() -> DdJob.toSpec(parse("if=/dev/zero", "of=/dev/null"), false, -1))
                .hasMessageContaining("touches no storage");
        assertThatThrownBy(() -> DdJob.toSpec(parse("if=a", "of=b", "ibs=1k", "obs=4k"), false, -1))
                .hasMessageContaining("give bs=");
    }
}
