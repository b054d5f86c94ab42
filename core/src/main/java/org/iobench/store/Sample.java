package org.iobench.store;

import java.util.Map;

/**
 * One complete repetition of a stored run: the unit of statistics in {@code iobench compare}.
 *
 * @param runId          the stored run
 * @param repetition     1-based repetition within the run
 * @param workload       the run's workload
 * @param labels         the run's labels
 * @param bytesPerSecond bytes read and written per second of the measured phase
 * @param iops           operations per second
 */
public record Sample(long runId, int repetition, WorkloadKey workload, Map<String, String> labels,
                     double bytesPerSecond, double iops) {
    public Sample {
        labels = Map.copyOf(labels);
    }
}
