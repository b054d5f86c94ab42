package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreLocationTest {
    private static final Path HOME = Path.of("/home/u");

    @Test
    void theOptionWinsThenIobenchDbThenXdgDataHomeThenTheHomeDirectory() {
        Map<String, String> env = Map.of("IOBENCH_DB", "jdbc:postgresql://db/iobench", "XDG_DATA_HOME", "/xdg");
        assertThat(StoreLocation.resolve("/tmp/r.db", env, HOME)).isEqualTo("jdbc:sqlite:/tmp/r.db");
        assertThat(StoreLocation.resolve(null, env, HOME)).isEqualTo("jdbc:postgresql://db/iobench");
        assertThat(StoreLocation.resolve(null, Map.of("IOBENCH_DB", "", "XDG_DATA_HOME", "/xdg"), HOME))
                .isEqualTo("jdbc:sqlite:/xdg/iobench/results.db");
        assertThat(StoreLocation.resolve(null, Map.of("XDG_DATA_HOME", "relative"), HOME))
                .isEqualTo("jdbc:sqlite:/home/u/.local/share/iobench/results.db");
        assertThat(StoreLocation.resolve(null, Map.of(), HOME))
                .isEqualTo("jdbc:sqlite:/home/u/.local/share/iobench/results.db");
    }

    @Test
    void messagesShowAFilePathAndHidePasswords() {
        assertThat(StoreLocation.describe("jdbc:sqlite:/tmp/r.db")).isEqualTo("/tmp/r.db");
        assertThat(StoreLocation.describe("jdbc:postgresql://h/db?user=u&password=secret&ssl=true"))
                .isEqualTo("jdbc:postgresql://h/db?user=u&password=***&ssl=true");
        assertThatThrownBy(() -> SqlDialect.of("jdbc:mysql://h/db")).hasMessageContaining("--db jdbc:mysql://h/db");
    }
}
