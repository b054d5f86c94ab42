package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SelectorTest {
    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    private static RunQuery parse(String text) {
        return Selector.parse("--base", text, NOW);
    }

    @Test
    void commasContinueTheValuesOfATermUntilTheNextKey() {
        RunQuery q = parse("id:12,13,label:kernel=6.1,6.2,patch=with");
        assertThat(q.ids()).extracting(r -> r[0] + "-" + r[1]).containsExactly("12-12", "13-13");
        assertThat(q.labels()).isEqualTo(Map.of("kernel", Set.of("6.1", "6.2"), "patch", Set.of("with")));
    }

    @Test
    void datesAreUtcDaysInstantsOrAgesAndUntilEndsWithItsDay() {
        assertThat(parse("since:2026-11-01").since()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
        assertThat(parse("until:2026-11-01").until()).isEqualTo(Instant.parse("2026-11-02T00:00:00Z"));
        assertThat(parse("since:2026-11-01T14:30").since()).isEqualTo(Instant.parse("2026-11-01T14:30:00Z"));
        assertThat(parse("since:7d").since()).isEqualTo(Instant.parse("2026-11-23T12:00:00Z"));
        assertThat(parse("since:12h target:/dev/md0 last:4 bs:4k").blockSizes()).containsExactly(4096L);
    }

    @Test
    void badTermsNameTheOptionTheSelectorAndTheTerm() {
        assertThatThrownBy(() -> parse("patch")).hasMessage("--base 'patch': 'patch' is not a selector term (an id,"
                + " last, id:, label:, KEY=VALUE, target:, since:, until:, source:, name:, rw:, bs:, last:)");
        assertThatThrownBy(() -> parse("id:20-10")).hasMessageContaining("id:20-10 is not an id or a range");
        assertThatThrownBy(() -> parse("since:yesterday")).hasMessageContaining("'yesterday' is not a date");
        assertThatThrownBy(() -> parse("last:0")).hasMessageContaining("last:0 is not a positive number");
        assertThatThrownBy(() -> parse("bs:4q")).hasMessageContaining("bs:4q");
        assertThatThrownBy(() -> parse("label:=x")).hasMessageContaining("label:=x");
    }

    @Test
    void aBareNumberIsAnIdAndBareLastIsTheNewestRun() {
        assertThat(parse("12 13").ids()).extracting(r -> r[0] + "-" + r[1]).containsExactly("12-12", "13-13");
        assertThat(parse("10-20").ids()).extracting(r -> r[0] + "-" + r[1]).containsExactly("10-20");
        assertThat(parse("#7").ids()).extracting(r -> r[0]).containsExactly(7L);
        assertThat(parse("last").last()).isEqualTo(1);
        assertThat(parse("last kernel=6.1").last()).isEqualTo(1);
        RunQuery q = parse("kernel=6.1,6.2 12");
        assertThat(q.labels()).isEqualTo(Map.of("kernel", Set.of("6.1", "6.2")));
        assertThat(q.ids()).extracting(r -> r[0]).containsExactly(12L);
        assertThat(parse("kernel=5,6").ids()).as("a number after a comma continues its term").isEmpty();
    }
}
