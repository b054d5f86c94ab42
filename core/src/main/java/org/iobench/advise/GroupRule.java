package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import org.iobench.job.Dialect;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;

/**
 * A detector for what the jobs of a parallel group did together (the device they shared): its finding is about the
 * group, printed once.
 */
@FunctionalInterface
interface GroupRule {
    /**
     * @param group   the group's jobs, in job order (at least two)
     * @param dialect the language its fixes are written in
     */
    Optional<Finding> check(String name, List<BenchmarkResult> group, Dialect dialect);
}
