package org.iobench.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class DurationsTest {

    @Property
    void formattedDurationsParseBack(@ForAll @IntRange(min = 0, max = 1_000_000) int millis) {
        Duration d = Duration.ofMillis(millis);
        assertThat(Durations.parse(Durations.format(d))).isEqualTo(d);
    }

    @Test
    void unitsAreThoseUsersType() {
        assertThat(Durations.parse("180s")).isEqualTo(Duration.ofSeconds(180));
        assertThat(Durations.parse("3m")).isEqualTo(Duration.ofMinutes(3));
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("30")).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aBadDurationSaysWhatWasWrong() {
        assertThatThrownBy(() -> Durations.parse("3 fortnights")).hasMessageContaining("'3 fortnights'")
                .hasMessageContaining("not a duration");
    }
}
