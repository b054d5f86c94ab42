package org.iobench.cluster;

import java.util.List;
import org.iobench.result.BenchmarkResult;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;

/**
 * What an agent does with a job; implemented by the command line, which parses it exactly as a local run would.
 * {@link #check} runs before any I/O (every host must accept before any starts); the returned job then runs once.
 */
public interface JobHandler {
    /**
     * Parses and checks {@code request} without any I/O.
     *
     * @throws Refusal with a one-line reason and the exit status a local run would have given (2 for bad input)
     */
    Checked check(JobRequest request);

    /** A job that passed its checks. */
    interface Checked {
        /** Runs the job under {@code control}, telling {@code listener} about every run; never throws. */
        Outcome run(RunControl control, RunListener listener);
    }

    /**
     * How a job ended.
     *
     * @param status       the exit status a local run would have given (0, 1, 2, 130)
     * @param message      why it failed, or null
     * @param results      what ran, in order (possibly partial)
     * @param resultJson   the JSON result document of {@code results} (docs/json-format.md)
     * @param environments each result's environment as JSON, in the same order
     */
    record Outcome(int status, String message, List<BenchmarkResult> results, String resultJson,
                   List<String> environments) {}

    /** A job refused before it started. */
    final class Refusal extends RuntimeException {
        private final int status;

        public Refusal(int status, String message) {
            super(message);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }
}
