package org.iobench.result;

import java.util.List;
import org.iobench.sysmon.SystemSeries;

/**
 * One run of a job, immutable.
 *
 * @param run          1-based repetition number
 * @param startedAt    wall-clock start, ISO-8601 UTC
 * @param complete     false when the run was stopped early (I/O error, interrupt); the figures cover what was done
 * @param stopReason   why an incomplete run stopped ({@code "interrupted"}, an I/O error), null when complete
 * @param failure      the I/O error that stopped it, if any
 * @param series       per-interval counts of the measured phase
 * @param warnings     one-line warnings raised while running (accounting mismatch, short file)
 * @param system       the vmstat/iostat-like samples taken while the run went on, null where /proc was unreadable
 * @param systemSummary totals of {@code system} set against iobench's own counts, null without samples
 * @param verification what {@code --verify} stamped and checked, null when the job did not verify
 * @param pacing       the schedule of a rate-limited run and its coordinated-omission-corrected latencies; null
 *                     without {@code --rate}
 * @param steady       whether a run with {@code --steady} reached steady state; null without it
 * @param latencySplit submission (slat) and completion (clat) latency as fio splits them; null where unknown
 * @param evidence     what the worker threads did and caused over the measured window (kernel per-task
 *                     accounting); null where unknown (older results, imports, procfs unreadable)
 * @param allLatency   every read and write together ("all requests": their histograms merged, so a mixed job's
 *                     percentiles are of all its requests, not the larger of two); null where unknown (older
 *                     results, imports)
 */
public record RunResult(int run, String startedAt, boolean complete, String stopReason, IoFailure failure,
                        Totals totals, LatencySummary readLatency, LatencySummary writeLatency,
                        LatencySummary syncLatency, long intervalNanos, List<Interval> series,
                        List<WorkerResult> workers, Accounting accounting, List<String> warnings,
                        SystemSeries system, SystemSummary systemSummary, VerifyResult verification, Pacing pacing,
                        SteadyOutcome steady, LatencySplit latencySplit, WorkerEvidence evidence,
                        LatencySummary allLatency) {
    public RunResult {
        series = List.copyOf(series);
        workers = List.copyOf(workers);
        warnings = List.copyOf(warnings);
    }

    /** A run without the all-requests latency (the shape before it existed). */
    public RunResult(int run, String startedAt, boolean complete, String stopReason, IoFailure failure,
                     Totals totals, LatencySummary readLatency, LatencySummary writeLatency,
                     LatencySummary syncLatency, long intervalNanos, List<Interval> series,
                     List<WorkerResult> workers, Accounting accounting, List<String> warnings,
                     SystemSeries system, SystemSummary systemSummary, VerifyResult verification, Pacing pacing,
                     SteadyOutcome steady, LatencySplit latencySplit, WorkerEvidence evidence) {
        this(run, startedAt, complete, stopReason, failure, totals, readLatency, writeLatency, syncLatency,
                intervalNanos, series, workers, accounting, warnings, system, systemSummary, verification, pacing,
                steady, latencySplit, evidence, null);
    }

    /** A run without verification, rate limit or steady-state criterion (the shape before those existed). */
    public RunResult(int run, String startedAt, boolean complete, String stopReason, IoFailure failure,
                     Totals totals, LatencySummary readLatency, LatencySummary writeLatency,
                     LatencySummary syncLatency, long intervalNanos, List<Interval> series,
                     List<WorkerResult> workers, Accounting accounting, List<String> warnings,
                     SystemSeries system, SystemSummary systemSummary) {
        this(run, startedAt, complete, stopReason, failure, totals, readLatency, writeLatency, syncLatency,
                intervalNanos, series, workers, accounting, warnings, system, systemSummary, null, null, null, null, null);
    }

    /** This run with its verification attached. */
    public RunResult withVerification(VerifyResult v) {
        return new RunResult(run, startedAt, complete, stopReason, failure, totals, readLatency, writeLatency,
                syncLatency, intervalNanos, series, workers, accounting, warnings, system, systemSummary, v, pacing,
                steady, latencySplit, evidence, allLatency);
    }

    /** This run with its submission/completion latency split attached. */
    public RunResult withLatencySplit(LatencySplit split) {
        return new RunResult(run, startedAt, complete, stopReason, failure, totals, readLatency, writeLatency,
                syncLatency, intervalNanos, series, workers, accounting, warnings, system, systemSummary,
                verification, pacing, steady, split, evidence, allLatency);
    }

    /** This run with the worker threads' evidence attached. */
    public RunResult withEvidence(WorkerEvidence e) {
        return new RunResult(run, startedAt, complete, stopReason, failure, totals, readLatency, writeLatency,
                syncLatency, intervalNanos, series, workers, accounting, warnings, system, systemSummary,
                verification, pacing, steady, latencySplit, e, allLatency);
    }

    /** This run with the latency of all its requests attached. */
    public RunResult withLatency(LatencySummary all) {
        return new RunResult(run, startedAt, complete, stopReason, failure, totals, readLatency, writeLatency,
                syncLatency, intervalNanos, series, workers, accounting, warnings, system, systemSummary,
                verification, pacing, steady, latencySplit, evidence, all);
    }
}
