package org.iobench.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class JobSpecTest {
    private static final Path T = Path.of("/tmp/x");

    @Test
    void defaultsLiveInTheBuilder() {
        JobSpec s = JobSpec.builder(T).build();
        assertThat(s.workload().rw()).isEqualTo(RwMode.READ);
        assertThat(s.workload().blockSize()).isEqualTo(1 << 20);
        assertThat(s.queue().threads()).isEqualTo(1);
        assertThat(s.queue().engine()).isEqualTo("psync");
        assertThat(s.durability().sync()).isEqualTo(SyncMode.NONE);
        assertThat(s.name()).isEqualTo("read-1MiB");
    }

    @Property
    void mixOutsidePercentRangeIsRejectedNamingTheOption(@ForAll @IntRange(min = 101, max = 100_000) int mix) {
        assertThatThrownBy(() -> JobSpec.builder(T).rw(RwMode.RANDRW).mixReadPercent(mix).build())
                .isInstanceOf(InvalidJobException.class).hasMessageStartingWith("--mix " + mix);
    }

    @Property
    void threadCountsOutsideTheLimitsAreRejected(@ForAll @IntRange(min = -100, max = 0) int threads) {
        assertThatThrownBy(() -> JobSpec.builder(T).threads(threads).build())
                .hasMessageStartingWith("--threads " + threads);
    }

    @Test
    void dsyncOnAReadJobIsAMistake() {
        assertThatThrownBy(() -> JobSpec.builder(T).rw(RwMode.READ).sync(SyncMode.DSYNC).build())
                .hasMessageContaining("--sync dsync");
    }

    @Test
    void readFractionFollowsTheMode() {
        assertThat(JobSpec.builder(T).rw(RwMode.RANDRW).mixReadPercent(70).build().readFraction()).isEqualTo(0.7);
        assertThat(JobSpec.builder(T).rw(RwMode.WRITE).build().readFraction()).isZero();
    }

    @Test
    void anAccessPartSurvivesTheJsonFormAndAPlainJobWritesNone() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        JobSpec shaped = JobSpec.builder(T).rw(RwMode.RANDRW).blockSize(512).access(new Access(
                BlockSizeMix.split("512/50:4k/50", 1024), null, true, Distribution.parse("zipf:1.1", 1024), 0,
                1 << 20, 10)).build();
        String text = json.writeValueAsString(shaped);
        assertThat(json.readValue(text, JobSpec.class)).isEqualTo(shaped);
        assertThat(json.writeValueAsString(JobSpec.builder(T).build())).doesNotContain("access");
        assertThatThrownBy(() -> JobSpec.builder(T).rw(RwMode.RANDWRITE).verify(VerifyChecksum.CRC32C)
                .access(new Access(null, null, true, null, 0, 1 << 20, 0)).build()).hasMessageContaining("--verify");
        assertThatThrownBy(() -> JobSpec.builder(T).rw(RwMode.RANDWRITE).verify(VerifyChecksum.CRC32C).threads(2)
                .access(Access.DEFAULT.withRandomMap()).build()).hasMessageContaining("shared by several workers");
    }
}
