package org.iobench.advise;

import java.util.Optional;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;

/** One pitfall detector: reads a finished benchmark and reports a finding when the evidence shows the pitfall. */
@FunctionalInterface
public interface Rule {
    Optional<Finding> check(BenchmarkResult result);
}
