package org.iobench.session;

import java.io.PrintStream;
import java.util.List;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;

/** After runs that completed: a verification that found bad blocks fails the command (exit 1). */
final class VerifyFailures {
    private VerifyFailures() {}

    /** Prints one line per failed verification and returns 1 if there was one, else 0. */
    static int report(List<BenchmarkResult> results, PrintStream err) {
        int status = 0;
        for (BenchmarkResult b : results) {
            for (RunResult r : b.runs()) {
                if (r.extras().verification() != null && !r.extras().verification().passed()) {
                    err.println("iobench: " + b.job().name() + " run " + r.run() + ": verification failed: "
                            + r.extras().verification().failures() + " bad blocks " + r.extras().verification().counts()
                            + " (run id " + r.extras().verification().runId() + ")");
                    status = ExitException.IO_FAILURE;
                }
            }
        }
        return status;
    }
}
