package org.iobench.workload.offsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StridedZonesTest {
    /** The zone start and whether fio resets its file, before each of {@code requests} requests of {@code bytes}. */
    private static List<String> walk(StridedZones z, int requests, long bytes) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            boolean reset = z.prepare();
            out.add(z.start() + (reset ? "R" : ""));
            z.moved(bytes);
        }
        return out;
    }

    @Test
    void aZoneLargerThanItsRangeStaysAndResetsAtEachWholeRange() {
        // zonesize 16k over a range of 4k, 4k requests: four requests per zone, each one a whole range
        assertThat(walk(new StridedZones(16384, 4096, 0, 1 << 20), 6, 4096))
                .containsExactly("0R", "0R", "0R", "0R", "4096R", "4096R");
        // zonesize 16k over a range of 8k: the map resets every second request
        assertThat(walk(new StridedZones(16384, 8192, 0, 1 << 20), 6, 4096))
                .containsExactly("0R", "0", "0R", "0", "8192R", "8192");
    }

    @Test
    void aZoneSmallerThanItsRangeMovesOnByRangePlusSkipAndWrapsAtTheFilesEnd() {
        // zonesize 4k, range 8k, skip 4k, a walk of 32k: zones at 0, 12k, 24k, then back to 0 (36k is past the end)
        assertThat(walk(new StridedZones(4096, 8192, 4096, 32768), 5, 4096))
                .containsExactly("0R", "12288R", "24576R", "0R", "12288R");
    }

    @Test
    void aNewLoopStartsAtTheFirstZone() {
        StridedZones z = new StridedZones(4096, 4096, 0, 1 << 20);
        walk(z, 3, 4096);
        assertThat(z.start()).isEqualTo(8192);
        assertThat(walk(z.restarted(), 2, 4096)).containsExactly("0R", "4096R");
    }

    @Test
    void zonesWithoutBytesAreRefused() {
        assertThatThrownBy(() -> new StridedZones(0, 4096, 0, 8192)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new StridedZones(4096, 0, 0, 8192)).isInstanceOf(IllegalArgumentException.class);
    }
}
