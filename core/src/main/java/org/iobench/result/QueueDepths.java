package org.iobench.result;

import java.util.List;

/**
 * How deep a run's queue was, counted by its workers over the measured window as fio counts a job's
 * {@code io_u_map}, {@code io_u_submit} and {@code io_u_complete}: seven buckets each, summed over the workers.
 *
 * <ul>
 *   <li>{@code levels}: requests by the number in flight when they were handed to the engine, themselves included
 *       (fio's {@code IO depths}: 1, 2-3, 4-7, 8-15, 16-31, 32-63, 64 and more); a synchronous engine's are all
 *       at 1</li>
 *   <li>{@code submits}: calls that handed requests to the kernel, by how many each handed over (fio's
 *       {@code submit}: 0, 1-4, 5-8, 9-16, 17-32, 33-64, more than 64); a synchronous request is one call of 1</li>
 *   <li>{@code completes}: calls that asked for completions, by how many each returned (fio's {@code complete}, the
 *       same buckets; a call that found none counts under 0)</li>
 * </ul>
 *
 * @param levels    7 counts of requests
 * @param submits   7 counts of submission calls
 * @param completes 7 counts of completion calls
 */
public record QueueDepths(List<Long> levels, List<Long> submits, List<Long> completes) {
    /** Buckets of each distribution (fio's {@code FIO_IO_U_MAP_NR}). */
    public static final int BUCKETS = 7;

    public QueueDepths {
        levels = checked(levels, "levels");
        submits = checked(submits, "submits");
        completes = checked(completes, "completes");
    }

    private static List<Long> checked(List<Long> counts, String name) {
        if (counts == null || counts.size() != BUCKETS) {
            throw new IllegalArgumentException("queue depths: " + name + " needs " + BUCKETS + " counts");
        }
        return List.copyOf(counts);
    }

    /** The depths of several workers or runs, bucket by bucket. */
    public QueueDepths plus(QueueDepths o) {
        return new QueueDepths(add(levels, o.levels), add(submits, o.submits), add(completes, o.completes));
    }

    private static List<Long> add(List<Long> a, List<Long> b) {
        Long[] out = new Long[BUCKETS];
        for (int i = 0; i < BUCKETS; i++) {
            out[i] = a.get(i) + b.get(i);
        }
        return List.of(out);
    }

    /** All zero: no request counted. */
    public static QueueDepths none() {
        List<Long> zero = List.of(0L, 0L, 0L, 0L, 0L, 0L, 0L);
        return new QueueDepths(zero, zero, zero);
    }
}
