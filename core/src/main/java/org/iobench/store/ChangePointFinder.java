package org.iobench.store;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Finds the change points of stored workload series, for the store to keep in its {@code change_points} table
 * (docs/store.md), where a dashboard reading the database finds them. The store does not know how change points are
 * found: {@code history} does ({@code StoredChangePoints}, E-Divisive means as {@code iobench history} runs it), and
 * the command line hands it to {@link ResultStore#open(String, ChangePointFinder)}.
 */
public interface ChangePointFinder {
    /**
     * The change points of every workload series in {@code samples}.
     *
     * @param samples  the complete repetitions of every stored run of some workload shapes, as
     *                 {@link ResultStore#samples} returns them
     * @param runTimes creation time of each run id in {@code samples}
     */
    List<StoredChangePoint> find(List<Sample> samples, Map<Long, Instant> runTimes);
}
