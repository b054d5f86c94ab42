package org.iobench.store;

import java.util.List;
import java.util.Map;
import org.iobench.result.TestId;

/**
 * One complete repetition of a stored run: the unit of statistics in {@code iobench compare}.
 *
 * @param runId          the stored run
 * @param repetition     1-based repetition within the run
 * @param workload       the run's workload
 * @param labels         the run's labels
 * @param bytesPerSecond bytes read and written per second of the measured phase
 * @param iops           operations per second
 * @param test           the test and the run's place in its group; null for a run on its own
 * @param testRun        shared by the members of one execution of a group ({@link StoredRun#testRun()})
 * @param timing         bytes and times of the repetition; null for runs saved before they were kept, and imports
 *                       of micro-benchmarks
 * @param findings       the ids of the advisor's warnings about the run ({@link StoredRun#findings()})
 */
public record Sample(long runId, int repetition, WorkloadKey workload, Map<String, String> labels,
                     double bytesPerSecond, double iops, TestId test, long testRun, SampleTiming timing,
                     List<String> findings) {
    public Sample {
        labels = Map.copyOf(labels);
        findings = findings == null ? List.of() : List.copyOf(findings);
    }

    /** A repetition whose run carries no warnings. */
    public Sample(long runId, int repetition, WorkloadKey workload, Map<String, String> labels, double bytesPerSecond,
                  double iops, TestId test, long testRun, SampleTiming timing) {
        this(runId, repetition, workload, labels, bytesPerSecond, iops, test, testRun, timing, List.of());
    }

    /** A repetition of a run on its own, without timing (as runs were saved before test identity). */
    public Sample(long runId, int repetition, WorkloadKey workload, Map<String, String> labels, double bytesPerSecond,
                  double iops) {
        this(runId, repetition, workload, labels, bytesPerSecond, iops, null, runId, null);
    }
}
