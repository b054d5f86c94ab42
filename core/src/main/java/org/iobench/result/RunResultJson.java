package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.iobench.sysmon.SystemSeries;

/**
 * The JSON form of a {@link RunResult}, flat as formatVersion 1 has always written it ({@code runs[]} in
 * docs/json-format.md): the parts' fields side by side, in this order. Users' scripts, stored runs and golden files
 * read it; a field added here is added at the end ({@code trimLatency}, like the totals' trim counts, only where
 * the run made trims; {@code latencyHistograms} and {@code latencyMoments}, only where they were kept;
 * {@code dryRun}, only for fio's {@code verify_only}; {@code verifyPhases}, only where fio's verify read back after
 * the writes). The store
 * keeps this form; the published document
 * (formatVersion 2) is made from it by {@code report.JsonV2}.
 */
record RunResultJson(int run, String startedAt, boolean complete, String stopReason, IoFailure failure,
                     Totals totals, LatencySummary readLatency, LatencySummary writeLatency,
                     LatencySummary syncLatency, long intervalNanos, List<Interval> series,
                     List<WorkerResult> workers, Accounting accounting, List<String> warnings,
                     SystemSeries system, SystemSummary systemSummary, VerifyResult verification, Pacing pacing,
                     SteadyOutcome steady, LatencySplit latencySplit, WorkerEvidence evidence,
                     LatencySummary allLatency,
                     @JsonInclude(JsonInclude.Include.NON_NULL) LatencySummary trimLatency,
                     @JsonInclude(JsonInclude.Include.NON_NULL) LatencyHistograms latencyHistograms,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, LatencyMoments> latencyMoments,
                     @JsonInclude(JsonInclude.Include.NON_NULL) DryRun dryRun,
                     @JsonInclude(JsonInclude.Include.NON_NULL) VerifyPhases verifyPhases) {

    static RunResultJson of(RunResult r) {
        Outcome o = r.outcome();
        Latencies l = r.latencies();
        RunEvidence e = r.evidence();
        Extras x = r.extras();
        return new RunResultJson(r.run(), r.startedAt(), o.complete(), o.stopReason(), o.failure(), r.totals(),
                l.read(), l.write(), l.sync(), r.intervals().intervalNanos(), r.intervals().series(), r.workers(),
                e.accounting(), o.warnings(), e.system(), e.systemSummary(), x.verification(), x.pacing(),
                x.steady(), l.split(), e.workerThreads(), l.all(), l.trim(), l.histograms(), l.moments(), x.dryRun(),
                x.verifyPhases());
    }

    RunResult toResult() {
        return new RunResult(run, startedAt, new Outcome(complete, stopReason, failure, warnings), totals,
                new Latencies(readLatency, writeLatency, syncLatency, latencySplit, allLatency, trimLatency,
                        latencyHistograms, latencyMoments),
                new Intervals(intervalNanos, series), workers,
                new RunEvidence(accounting, evidence, system, systemSummary),
                new Extras(verification, pacing, steady, dryRun, verifyPhases));
    }
}
