package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Objects;

/**
 * One run of a job, immutable, in a few parts named for what they hold. Its JSON form is flat, as formatVersion 1
 * has always written it ({@link RunResultJson}).
 *
 * @param run       1-based repetition number
 * @param startedAt wall-clock start, ISO-8601 UTC
 * @param outcome   complete or why not
 * @param totals    what the measured phase moved, and in how long
 * @param latencies read, write and sync latency, and fio's slat/clat split
 * @param intervals the per-interval series
 * @param workers   each worker's counts
 * @param evidence  the accounting self-check, the worker threads' kernel counters, the system monitor
 * @param extras    what {@code --verify}, {@code --rate} and {@code --steady} added; {@link Extras#NONE} without them
 */
public record RunResult(int run, String startedAt, Outcome outcome, Totals totals, Latencies latencies,
                        Intervals intervals, List<WorkerResult> workers, RunEvidence evidence, Extras extras) {
    public RunResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(latencies, "latencies");
        Objects.requireNonNull(intervals, "intervals");
        Objects.requireNonNull(evidence, "evidence");
        workers = List.copyOf(workers);
        extras = extras == null ? Extras.NONE : extras;
    }

    /** False when the run was stopped early: {@code outcome().complete()}. */
    public boolean complete() {
        return outcome.complete();
    }

    /** This run with its verification attached. */
    public RunResult withVerification(VerifyResult v) {
        return new RunResult(run, startedAt, outcome, totals, latencies, intervals, workers, evidence,
                extras.withVerification(v));
    }

    /** This run with its series' stub tail folded ({@link Intervals#folded}); this run when there is none. */
    public RunResult withFoldedSeries() {
        Intervals f = intervals.folded();
        return f == intervals ? this : new RunResult(run, startedAt, outcome, totals, latencies, f, workers, evidence,
                extras);
    }

    /** The flat JSON form (formatVersion 1). */
    @JsonValue
    RunResultJson json() {
        return RunResultJson.of(this);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static RunResult fromJson(RunResultJson json) {
        return json.toResult();
    }
}
