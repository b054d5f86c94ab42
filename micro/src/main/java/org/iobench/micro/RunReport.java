package org.iobench.micro;

import java.time.Instant;
import java.util.List;

/** Everything one run produced: the suites of one class (or one {@code Suite.run()}), and where it ran. */
public record RunReport(JvmEnvironment environment, Instant startedAt, List<SuiteResult> suites) {

    public RunReport {
        suites = List.copyOf(suites);
    }
}
