package org.iobench.job;

/**
 * How long, how often and how fast a job runs.
 *
 * @param timeNanos  time limit of the measured phase; 0 = size-based only
 * @param rampNanos  warm-up before measuring, not counted
 * @param runs       repetitions
 * @param loopRegion a time-based job goes over its region again and again until the time is up, even with an
 *                   explicit size (fio's {@code time_based}); without it, size and time both limit the job (see also
 *                   {@link Schedule#timeCapsOnly()})
 * @param rate       the job's requested rate (all workers together), paced on a fixed schedule; null = as fast as
 *                   possible
 * @param steady     end a time-based run early once throughput is steady; null = run the whole time
 */
public record Timing(long timeNanos, long rampNanos, int runs, boolean loopRegion, RateLimit rate,
                     SteadyCriterion steady) {

    public boolean timeBased() {
        return timeNanos > 0;
    }
}
