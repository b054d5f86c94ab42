package org.iobench.store;

import java.time.Instant;
import java.util.Map;

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
 */
public record StoredRun(long id, Instant createdAt, String source, String name, WorkloadKey workload, String engine,
                        String target, int repetitions, boolean complete, double meanBytesPerSecond, double meanIops,
                        Map<String, String> labels, String note) {

    /** This run with {@code labels}. */
    public StoredRun withLabels(Map<String, String> labels) {
        return new StoredRun(id, createdAt, source, name, workload, engine, target, repetitions, complete,
                meanBytesPerSecond, meanIops, labels, note);
    }
}
