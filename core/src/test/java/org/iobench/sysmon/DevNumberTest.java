package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DevNumberTest {

    @Test
    void parsesMajorColonMinor() {
        assertThat(DevNumber.parse("254:0")).isEqualTo(new DevNumber(254, 0));
        assertThat(DevNumber.parse(" 7:12\n").toString()).isEqualTo("7:12");
    }

    @Test
    void rejectsTextThatIsNotADeviceNumberAndQuotesIt() {
        assertThatThrownBy(() -> DevNumber.parse("vda")).hasMessageContaining("'vda'");
        assertThatThrownBy(() -> DevNumber.parse("8:")).hasMessageContaining("'8:'");
    }

    @Test
    void decodesTheDevTThatStatReportsForTheRootDiskHere() {
        // stat -c %d / printed 65024 (0xfe00) for /dev/vda = 254:0
        assertThat(DevNumber.fromDevT(65024)).isEqualTo(new DevNumber(254, 0));
        assertThat(DevNumber.fromDevT(27).isAnonymous()).isTrue();
    }

    @Test
    void decodesLargeMajorsAndMinorsLikeGlibc() {
        SplittableRandom random = new SplittableRandom(42);
        int[][] edges = {{0, 0}, {4095, 1_048_575}, {255, 255}, {256, 256}, {7, 0}, {259, 65536}};
        for (int i = 0; i < 500; i++) {
            int major = i < edges.length ? edges[i][0] : random.nextInt(4096);
            int minor = i < edges.length ? edges[i][1] : random.nextInt(1_048_576);
            // glibc gnu_dev_makedev
            long devT = ((long) (major & 0xfff) << 8) | ((long) (major & ~0xfff) << 32)
                    | (minor & 0xff) | ((long) (minor & ~0xff) << 12);
            assertThat(DevNumber.fromDevT(devT)).isEqualTo(new DevNumber(major, minor));
        }
    }
}
