package org.iobench.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class SizesTest {

    @Property
    void binaryFormIsParsedBackToTheSameNumber(@ForAll @LongRange(min = 1, max = 1L << 50) long bytes) {
        assertThat(Sizes.parse(Sizes.binary(bytes))).isEqualTo(bytes);
    }

    @Property
    void lowerAndUpperCaseUnitLettersArePowersOf1024(@ForAll @IntRange(min = 0, max = 100_000) int n) {
        assertThat(Sizes.parse(n + "k")).isEqualTo(n * 1024L);
        assertThat(Sizes.parse(n + "K")).isEqualTo(n * 1024L);
        assertThat(Sizes.parse(n + "m")).isEqualTo(n * 1048576L);
        assertThat(Sizes.parse(n + "MiB")).isEqualTo(n * 1048576L);
        assertThat(Sizes.parse(n + "g")).isEqualTo(n * 1073741824L);
    }

    @Test
    void decimalUnitsFollowDd() {
        assertThat(Sizes.parse("1MB")).isEqualTo(1_000_000);
        assertThat(Sizes.parse("2kB")).isEqualTo(2_000);
        assertThat(Sizes.parse("512")).isEqualTo(512);
        assertThat(Sizes.parse("4kb")).isEqualTo(4096);
    }

    @Property
    void garbageIsRejectedWithTheValueQuoted(@ForAll @StringLength(min = 1, max = 8) String s) {
        String text = s + "q";
        assertThatThrownBy(() -> Sizes.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + text + "'");
    }

    @Test
    void overflowIsAnErrorNotAWrapAround() {
        assertThatThrownBy(() -> Sizes.parse("99999999999999t")).hasMessageContaining("too large");
    }

    @Test
    void humanFormsMatchDd() {
        assertThat(Sizes.human(1073741824L)).isEqualTo("1.1 GB, 1.0 GiB");
    }
}
