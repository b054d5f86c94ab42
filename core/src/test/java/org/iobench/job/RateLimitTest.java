package org.iobench.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RateLimitTest {
    @Test
    void aBareNumberIsIopsAndARateWithASizeIsBytesInThatSizesBase() {
        assertThat(RateLimit.parse("5000")).isEqualTo(RateLimit.iops(5000));
        assertThat(RateLimit.parse("5000iops")).isEqualTo(RateLimit.iops(5000));
        assertThat(RateLimit.parse("200MB/s")).isEqualTo(RateLimit.bytesPerSecond(200e6));
        assertThat(RateLimit.parse("50MiB/s")).isEqualTo(RateLimit.bytesPerSecond(50 << 20));
        assertThat(RateLimit.parse("4m/s")).isEqualTo(RateLimit.bytesPerSecond(4 << 20));
        assertThat(RateLimit.parse("800kB/s")).isEqualTo(RateLimit.bytesPerSecond(800_000));
    }

    @Test
    void aByteRateBecomesRequestsPerSecondForTheBlockSize() {
        assertThat(RateLimit.parse("50MiB/s").opsPerSecond(1 << 20)).isEqualTo(50.0);
        assertThat(RateLimit.parse("5000").opsPerSecond(1 << 20)).isEqualTo(5000.0);
        assertThat(RateLimit.parse("50MiB/s").label()).isEqualTo("50 MiB/s");
        assertThat(RateLimit.parse("200MB/s").label()).isEqualTo("200 MB/s");
        assertThat(RateLimit.parse("5000").label()).isEqualTo("5000 IOPS");
    }

    @Test
    void nonsenseAndZeroRatesNameTheOptionAndTheValue() {
        assertThatThrownBy(() -> RateLimit.parse("fast")).isInstanceOf(InvalidJobException.class)
                .hasMessage("--rate 'fast': is not a rate (examples: 5000 for IOPS, 200MB/s, 50MiB/s)");
        assertThatThrownBy(() -> RateLimit.parse("0")).hasMessageStartingWith("--rate 0: must be above 0");
        assertThatThrownBy(() -> RateLimit.parse("5q/s")).hasMessageStartingWith("--rate '5q/s': is not a rate");
    }

    @Test
    void steadyCriteriaParseIopsAndBandwidthBounds() {
        assertThat(SteadyCriterion.parse("iops:2%", 5_000_000_000L))
                .isEqualTo(new SteadyCriterion(SteadyCriterion.Metric.IOPS, 0.02, 5_000_000_000L));
        assertThat(SteadyCriterion.parse("bw:5", 1).metric()).isEqualTo(SteadyCriterion.Metric.BW);
        assertThat(SteadyCriterion.parse("iops:2.5%", 1).label()).isEqualTo("iops:2.5%");
        assertThatThrownBy(() -> SteadyCriterion.parse("lat:2%", 1))
                .hasMessageStartingWith("--steady 'lat:2%': is not a steady-state criterion");
        assertThatThrownBy(() -> SteadyCriterion.parse("iops:0%", 1)).hasMessageContaining("above 0%");
    }

    @Test
    void steadyStateNeedsATimeBasedJob() {
        SteadyCriterion c = SteadyCriterion.parse("iops:2%", 5_000_000_000L);
        JobSpec.Builder b = JobSpec.builder(Path.of("/tmp/x")).steady(c);
        assertThatThrownBy(b::build).hasMessageStartingWith("--steady iops:2%: ends a time-based run early");
        // fio runs a window longer than the job (and reports it not attained); iobench's --steady refuses it
        assertThat(b.timeNanos(3_000_000_000L).build().timing().steady()).isEqualTo(c);
        assertThat(b.timeNanos(60_000_000_000L).build().timing().steady()).isEqualTo(c);
    }
}
