package org.iobench.advise;

import java.util.Optional;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;

/**
 * The foundation's self-check failed: the bytes the workers counted disagree with the kernel's count for the same
 * worker threads ({@link org.iobench.result.Accounting}). Only the workers' own counters are compared, so nothing
 * else in the process or on the machine can trip it; a request moved but not counted does.
 */
final class AccountingMismatch implements Rule {

    @Override
    public Optional<Finding> check(Subject s) {
        return Evidence.perRun("accounting-mismatch", s, AccountingMismatch::run);
    }

    private static Optional<Hit> run(Subject s, RunResult r) {
        if (r.evidence().accounting() == null || !r.evidence().accounting().mismatch()) {
            return Optional.empty();
        }
        return Optional.of(Hit.warning("iobench's byte counts disagree with the kernel's count for its worker"
                        + " threads by more than 1%: the figures of this run are suspect",
                                r.evidence().accounting().note(),
                "report this with the JSON output (--format json)", Finding.Confidence.CERTAIN));
    }
}
