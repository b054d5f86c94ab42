package org.iobench.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** fio's num2str, checked against figures fio 3.33 printed on this machine. */
class FioNumbersTest {
    @Test
    void fourDigitsWithFiosPrefixesAndRounding() {
        assertThat(FioNumbers.num2str(202_000_000L, 4, true, "B/s")).isEqualTo("193MiB/s");
        assertThat(FioNumbers.num2str(202_000_000L, 4, false, "B/s")).isEqualTo("202MB/s");
        assertThat(FioNumbers.num2str(33_554_432L, 4, true, "B")).isEqualTo("32.0MiB");
        assertThat(FioNumbers.num2str(33_554_432L, 4, false, "B")).isEqualTo("33.6MB");
        assertThat(FioNumbers.num2str(4_194_304L, 4, true, "B")).isEqualTo("4096KiB");
        assertThat(FioNumbers.num2str(4_194_304L, 4, false, "B")).isEqualTo("4194kB");
        assertThat(FioNumbers.num2str(49_348L, 4, false, "")).isEqualTo("49.3k");
        assertThat(FioNumbers.num2str(5_461_333L, 4, false, "")).isEqualTo("5461k");
        assertThat(FioNumbers.num2str(78_769L, 4, false, "")).isEqualTo("78.8k");
        assertThat(FioNumbers.num2str(999L, 4, false, "")).isEqualTo("999");
        assertThat(FioNumbers.num2str(8717L, 6, false, "")).isEqualTo("8717");
    }
}
