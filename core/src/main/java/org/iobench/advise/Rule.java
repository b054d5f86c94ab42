package org.iobench.advise;

import java.util.Optional;
import org.iobench.result.Finding;

/**
 * One pitfall detector: reads a finished job (with its group, if it ran in one) and reports a finding when the
 * evidence shows the pitfall. A rule stays silent rather than guess: where its evidence is missing it finds nothing.
 */
@FunctionalInterface
interface Rule {
    Optional<Finding> check(Subject subject);

    /**
     * Whether the rule judges storage (a device, the page cache, the kernel's accounting): not asked of a job whose
     * engine stores nothing ({@code --engine null}).
     */
    default boolean judgesStorage() {
        return true;
    }
}
