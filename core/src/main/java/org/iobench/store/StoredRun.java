package org.iobench.store;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.iobench.result.TestId;

/**
 * A saved run as listed by {@code iobench runs}: its indexed columns, without the full result document.
 *
 * @param id                  stable id, increasing in save order
 * @param createdAt           when it ran
 * @param source              {@code iobench}, {@code fio}, {@code iobench-json}, {@code micro}
 * @param name                the job's name
 * @param workload            its comparison key
 * @param engine              the engine ({@code psync}, fio's {@code libaio}...)
 * @param target              the target path as the run saw it
 * @param repetitions         repetitions saved
 * @param complete            every repetition completed
 * @param meanBytesPerSecond  over the complete repetitions; NaN if none
 * @param meanIops            over the complete repetitions (micro-benchmarks: calls per second); NaN if none
 * @param labels              sorted by key
 * @param note                free text or null
 * @param test                the suite's or job file's test and the run's place in its group; null for a run on its
 *                            own (and for runs saved before test identity was kept)
 * @param testRun             the id that the members of one execution of a group share (the first member's); the
 *                            run's own id outside a group
 * @param findings            the ids of the advisor's warnings about the run ({@code page-cache}), sorted; empty for
 *                            none and for runs saved before they were kept
 */
public record StoredRun(long id, Instant createdAt, String source, String name, WorkloadKey workload, String engine,
                        String target, int repetitions, boolean complete, double meanBytesPerSecond, double meanIops,
                        Map<String, String> labels, String note, TestId test, long testRun, List<String> findings) {
    public StoredRun {
        findings = findings == null ? List.of() : List.copyOf(findings);
    }


    /** This run with {@code labels}. */
    public StoredRun withLabels(Map<String, String> labels) {
        return new StoredRun(id, createdAt, source, name, workload, engine, target, repetitions, complete,
                meanBytesPerSecond, meanIops, labels, note, test, testRun, findings);
    }
}
