package org.iobench.workload;

import java.io.IOException;
import org.iobench.result.BenchmarkResult;

/**
 * A job whose later repetition could not start (its target was replaced, {@code beforeRun} failed): the
 * repetitions that did run are kept in {@link #partial()}, marked incomplete, so they are still printed and saved.
 */
public final class JobCutShortException extends IOException {
    private final transient BenchmarkResult partial;

    JobCutShortException(BenchmarkResult partial, IOException cause) {
        super(cause.getMessage(), cause);
        this.partial = partial;
    }

    /** The job with the repetitions that ran before the failure; not complete. */
    public BenchmarkResult partial() {
        return partial;
    }
}
