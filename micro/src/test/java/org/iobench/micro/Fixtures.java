package org.iobench.micro;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Fixed results for format tests. */
final class Fixtures {

    private Fixtures() {
    }

    static SuiteResult intsSuite() {
        Settings s = Settings.DEFAULTS.withSamples(4).withSampleTime(Duration.ofMillis(10));
        return SuiteResult.of("ints: int[]", s, false, 25, List.of(
                new Measurement("for", 800_000, List.of(12.25, 12.5, 12.0, 12.25), List.of()),
                new Measurement("forEach", 790_000, List.of(12.5, 12.25, 12.75, 12.5), List.of()),
                new Measurement("stream", 100_000, List.of(98.0, 99.0, 97.5, 98.0, 150.0),
                        List.of("wide spread: \"quoted\"\tand tabbed"))),
                List.of());
    }

    static RunReport report() {
        JvmEnvironment env = new JvmEnvironment("OpenJDK 64-Bit Server VM", "Eclipse Adoptium", "25.0.3+9-LTS",
                "25.0.3", List.of("-Xmx1g"), "Linux", "6.18.0", "amd64", 2, "AMD EPYC", 0.42);
        SuiteResult empty = SuiteResult.of("empty", Settings.DEFAULTS, true, 25,
                List.of(new Measurement("none", 0, List.of(), List.of())), List.of("suite-level note"));
        return new RunReport(env, Instant.parse("2026-11-30T12:00:00Z"), List.of(intsSuite(), empty));
    }
}
