package org.iobench.workload.offsets;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.iobench.job.Distribution;
import org.iobench.job.RandomOffsets;
import org.junit.jupiter.api.Test;

/**
 * fio 3.33's generators give fio's offsets: the expected blocks are those fio 3.33 logged on this machine
 * ({@code ioengine=null filesize=1M rw=randread write_iops_log log_offset=1}, 256 blocks of 4 KiB, the job's
 * {@code thread_number} 1 unless said), so a change here that drifts from fio fails.
 */
class FioGeneratorsTest {
    private static final long FIO_RANDSEED = 0xb1899bedL;

    private static List<Long> first(RandomOffsets.Kind kind, boolean map, int thread, int n) {
        BlockPicker p = BlockPickers.of(Distribution.UNIFORM, map, 256, 4096, 0,
                new RandomOffsets(kind, FIO_RANDSEED * thread));
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(p.next());
        }
        return out;
    }

    @Test
    void tauswortheIsFiosDefaultSequenceWithAndWithoutTheRandomMap() {
        assertThat(first(RandomOffsets.Kind.TAUSWORTHE, false, 1, 8)).containsExactly(15L, 189L, 215L, 120L, 102L,
                215L, 97L, 90L);
        // the map: block 215 again is taken as the next free one, 216 (fio's axmap_next_free)
        assertThat(first(RandomOffsets.Kind.TAUSWORTHE, true, 1, 8)).containsExactly(15L, 189L, 215L, 120L, 102L,
                216L, 97L, 90L);
    }

    @Test
    void tausworthe64IsFios64BitSequence() {
        assertThat(first(RandomOffsets.Kind.TAUSWORTHE64, false, 1, 7)).containsExactly(240L, 6L, 20L, 25L, 135L,
                6L, 112L);
    }

    @Test
    void lfsrTouchesEveryBlockOncePerPassInFiosOrder() {
        assertThat(first(RandomOffsets.Kind.LFSR, false, 1, 8)).containsExactly(235L, 205L, 163L, 196L, 114L, 41L,
                154L, 93L);
        // thread 4 starts above the last block: fio's first step is a double one
        assertThat(first(RandomOffsets.Kind.LFSR, false, 4, 8)).containsExactly(117L, 141L, 179L, 198L, 115L,
                222L, 127L, 238L);
        BlockPicker p = BlockPickers.of(Distribution.UNIFORM, false, 256, 4096, 0,
                new RandomOffsets(RandomOffsets.Kind.LFSR, FIO_RANDSEED));
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 256; i++) {
            seen.add(p.next());
        }
        assertThat(seen).hasSize(256); // t0021: all 256 offsets
        assertThat(p.next()).isEqualTo(BlockPicker.PASS_DONE);
        p.newPass();
        assertThat(p.next()).isBetween(0L, 255L);
    }

    @Test
    void tauswortheWithoutAMapRepeatsBlocksAsFiosDoes() {
        // t0022: norandommap touches some offsets more than once (fio 3.33: 157 distinct of 256)
        Set<Long> seen = new HashSet<>(first(RandomOffsets.Kind.TAUSWORTHE, false, 1, 256));
        assertThat(seen).hasSize(157);
    }
}
