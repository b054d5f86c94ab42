package org.iobench.sysmon;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** Paths of fixture files under src/test/resources/sysmon. */
final class Fixtures {

    private Fixtures() {
    }

    static Path path(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/sysmon/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("missing fixture sysmon/" + name, e);
        }
    }
}
