package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * When a job's requests may go, beyond its rate: fio's {@code startdelay}, {@code thinktime}, {@code flow} and
 * {@code rate_min}. {@link #NONE} for a job that starts with its stage and issues as fast as it can (or its rate
 * lets it).
 *
 * @param startDelayNanos  the job starts this long after its stage ({@code startdelay})
 * @param thinkNanos       a pause after every {@code thinkBlocks} requests ({@code thinktime}), after the requests in
 *                         flight completed; 0: none
 * @param thinkBlocks      requests between pauses ({@code thinktime_blocks}), at least 1
 * @param flowId           the flow group ({@code flow_id})
 * @param flowWeight       the job's weight in its flow group ({@code flow}); 0: not in a flow group
 * @param flowSleepNanos   the wait before trying again when the job is ahead of its share ({@code flow_sleep})
 * @param rateMinBytes     the job fails when it moves fewer bytes per second than this over a
 *                         {@code rateCycleMillis} window, after its first 2 s ({@code rate_min}); 0: no floor
 * @param rateMinIops      the same in requests per second ({@code rate_iops_min})
 * @param rateCycleMillis  the window of the floor ({@code rate_cycle}, 1000 ms by default)
 * @param exitAll          what the job's end ends ({@code exitall} with {@code exit_what})
 * @param poissonRate      the rate's requests arrive as a Poisson process, exponential gaps with the rate's mean
 *                         ({@code rate_process=poisson}); else evenly spaced
 * @param timeCapsOnly     the time only caps a job that ends when its region is done, even on a file without a size
 *                         (fio's {@code runtime} without {@code time_based})
 * @param latency          fio's latency target and ceiling ({@link LatencyGoal#NONE}: none)
 * @param rates            a fio job's {@code rate}/{@code rate_iops} per direction, paced as fio paces them (the
 *                         job's {@code Timing.rate} is then only what reports show); null: none
 */
public record Schedule(long startDelayNanos, long thinkNanos, int thinkBlocks, int flowId, int flowWeight,
                       long flowSleepNanos, long rateMinBytes, long rateMinIops, long rateCycleMillis,
                       ExitAll exitAll, boolean poissonRate, boolean timeCapsOnly, LatencyGoal latency,
                       @JsonInclude(JsonInclude.Include.NON_NULL) DirectionRates rates) {
    /**
     * fio's {@code latency_target} (ns; 0: none) searched for by queue depth over {@code latency_window}s with
     * {@code latency_percentile} of the requests within it, {@code latency_run} to keep searching; and
     * {@code max_latency} (ns; 0: none), which fails the job.
     */
    public record LatencyGoal(long targetNanos, long windowNanos, double percentile, boolean keepSearching,
                              long maxNanos) {
        public static final LatencyGoal NONE = new LatencyGoal(0, 0, 100, false, 0);
    }

    /**
     * fio's {@code exitall} with {@code exit_what}: when the job ends, the jobs running with it end too
     * ({@code GROUP}: the jobs of its reporting group; {@code STONEWALL}: every job running); {@code ALL} also skips
     * the stages after it.
     */
    public enum ExitAll { NONE, GROUP, STONEWALL, ALL }

    public static final Schedule NONE = new Schedule(0, 0, 1, 0, 0, 0, 0, 0, 1000, ExitAll.NONE, false, false,
            LatencyGoal.NONE);

    /** A schedule without per-direction rates. */
    public Schedule(long startDelayNanos, long thinkNanos, int thinkBlocks, int flowId, int flowWeight,
                    long flowSleepNanos, long rateMinBytes, long rateMinIops, long rateCycleMillis, ExitAll exitAll,
                    boolean poissonRate, boolean timeCapsOnly, LatencyGoal latency) {
        this(startDelayNanos, thinkNanos, thinkBlocks, flowId, flowWeight, flowSleepNanos, rateMinBytes, rateMinIops,
                rateCycleMillis, exitAll, poissonRate, timeCapsOnly, latency, null);
    }

    public Schedule {
        exitAll = exitAll == null ? ExitAll.NONE : exitAll;
        latency = latency == null ? LatencyGoal.NONE : latency;
        if (startDelayNanos < 0 || thinkNanos < 0 || thinkBlocks < 1 || flowWeight < 0 || flowSleepNanos < 0
                || rateMinBytes < 0 || rateMinIops < 0 || rateCycleMillis < 1) {
            throw new InvalidJobException("schedule", this.toString(), "has a negative or zero value where it"
                    + " cannot");
        }
    }

    @JsonIgnore
    public boolean isNone() {
        return equals(NONE);
    }

    /** True when requests wait for something besides the rate: a pause, a flow share or a floor to check. */
    @JsonIgnore
    public boolean throttles() {
        return thinkNanos > 0 || flowWeight > 0 || rateMinBytes > 0 || rateMinIops > 0
                || latency.targetNanos() > 0 || latency.maxNanos() > 0;
    }

    /** This schedule with {@link #timeCapsOnly} set. */
    public Schedule withTimeCapsOnly(boolean v) {
        return new Schedule(startDelayNanos, thinkNanos, thinkBlocks, flowId, flowWeight, flowSleepNanos,
                rateMinBytes, rateMinIops, rateCycleMillis, exitAll, poissonRate, v, latency, rates);
    }

    /** This schedule with fio's per-direction {@code rates} (null: none). */
    public Schedule withRates(DirectionRates r) {
        return new Schedule(startDelayNanos, thinkNanos, thinkBlocks, flowId, flowWeight, flowSleepNanos,
                rateMinBytes, rateMinIops, rateCycleMillis, exitAll, poissonRate, timeCapsOnly, latency, r);
    }
}
