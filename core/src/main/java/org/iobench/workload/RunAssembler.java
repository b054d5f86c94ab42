package org.iobench.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.job.JobSpec;
import org.iobench.measure.HistogramCodec;
import org.iobench.measure.IntervalLatencies;
import org.iobench.measure.IntervalSeries;
import org.iobench.measure.LatencyRecorder;
import org.iobench.measure.RunLatencies;
import org.iobench.result.Accounting;
import org.iobench.result.DryRun;
import org.iobench.result.VerifyPhases;
import org.iobench.result.Extras;
import org.iobench.result.Interval;
import org.iobench.result.IntervalLatency;
import org.iobench.result.Intervals;
import org.iobench.result.Latencies;
import org.iobench.result.LatencyHistograms;
import org.iobench.result.LatencyMoments;
import org.iobench.result.Outcome;
import org.iobench.result.RunEvidence;
import org.iobench.result.IoFailure;
import org.iobench.result.LatencySplit;
import org.iobench.result.LatencySummary;
import org.iobench.result.Pacing;
import org.iobench.result.RunResult;
import org.iobench.result.SteadyOutcome;
import org.iobench.result.SystemSummary;
import org.iobench.result.Totals;
import org.iobench.result.WorkerEvidence;
import org.iobench.result.WorkerResult;
import org.iobench.sysmon.SystemSeries;
import org.iobench.workload.files.PreparedTarget;

/**
 * The one place a run's result is made: the workers' counts and histograms merged, the final sync added, the stop
 * reason read from the {@link RunControl}, the evidence attached. Called by the runner after every worker ended.
 */
final class RunAssembler {
    private final JobSpec spec;
    private final List<WorkerStats> workers;
    private final long intervalNanos;

    /** @param workers each worker's counters (its final ones, or a copy of them so far) */
    RunAssembler(JobSpec spec, List<WorkerStats> workers, long intervalNanos) {
        this.spec = spec;
        this.workers = workers;
        this.intervalNanos = intervalNanos;
    }

    /**
     * What the run's evidence rests on, as the runner gathered it.
     *
     * @param warmUp the warm-up's warning ({@link WarmHarness.Outcome#warning}), null without one
     */
    record Evidence(Accounting accounting, WorkerEvidence workers, SystemSeries system, SteadyOutcome steady,
                    String warmUp) {}

    /**
     * @param endNanos   when the measured phase ended: the last worker's end, or the final sync's return
     * @param finalSync  the job's final sync, null without one
     */
    RunResult result(int run, String startedAt, Timeline t, long endNanos, FinalSync finalSync, RunControl control,
                     Evidence evidence, PreparedTarget target) {
        LatencyRecorder reads = new LatencyRecorder();
        LatencyRecorder writes = new LatencyRecorder();
        LatencyRecorder syncs = syncs(finalSync);
        IntervalSeries series = new IntervalSeries(intervalNanos);
        LatencyRecorder trims = new LatencyRecorder();
        long bytesRead = 0, bytesWritten = 0, nReads = 0, nWrites = 0, bytesTrimmed = 0, nTrims = 0, zoneResets = 0;
        long syncCount = finalSync == null ? 0 : finalSync.latency.count();
        long syncNanos = finalSync == null ? 0 : finalSync.nanos;
        List<WorkerResult> perWorker = new ArrayList<>();
        DryRun dryRun = null;
        VerifyPhases verifyPhases = null;
        for (WorkerStats s : workers) {
            dryRun = s.dryRun == null ? dryRun : s.dryRun.plus(dryRun);
            verifyPhases = s.verifyPhases == null ? verifyPhases : s.verifyPhases.max(verifyPhases);
            reads.add(s.readLatency);
            writes.add(s.writeLatency);
            trims.add(s.trimLatency);
            bytesTrimmed += s.bytesTrimmed;
            nTrims += s.trims;
            zoneResets += s.zoneResets;
            series.merge(s.series);
            bytesRead += s.bytesRead;
            bytesWritten += s.bytesWritten;
            nReads += s.reads;
            nWrites += s.writes;
            syncCount += s.syncs;
            syncNanos += s.syncNanos;
            perWorker.add(new WorkerResult(perWorker.size(), s.bytesRead, s.bytesWritten, s.reads, s.writes,
                    Math.max(0, s.endNanos - t.measureStartNanos()), s.readLatency.summary(),
                    s.writeLatency.summary()));
        }
        long elapsed = Math.max(0, endNanos - t.measureStartNanos());
        Totals totals = new Totals(bytesRead, bytesWritten, nReads, nWrites, elapsed, syncNanos, syncCount,
                bytesTrimmed, nTrims, zoneResets);
        List<String> warnings = new ArrayList<>(); // an accounting mismatch is the advisor's finding, not repeated here
        if (evidence.warmUp() != null) {
            warnings.add(evidence.warmUp());
        }
        RunControl.StopReason why = control.reason();
        String stopReason = null;
        IoFailure failure = null;
        if (why instanceof RunControl.Interrupted i) {
            stopReason = i.describe();
        } else if (why instanceof RunControl.Failed f) {
            failure = f.failure();
            stopReason = failure.message();
        }
        SystemSummary summary = evidence.system() == null ? null
                : SystemEvidence.summarize(evidence.system(), target, totals, evidence.workers());
        LatencyRecorder all = all(reads, writes, trims);
        Map<String, LatencyMoments> moments = new LinkedHashMap<>();
        LatencyHistograms kept = histograms(reads, writes, trims, syncs, all, moments);
        return new RunResult(run, startedAt, new Outcome(why == null, stopReason, failure, warnings), totals,
                new Latencies(reads.summary(), writes.summary(), syncs.summary(), latencySplit(),
                        all.summary(), trims.count() == 0 ? null : trims.summary(),
                        kept, moments),
                new Intervals(intervalNanos, withLatency(series.intervals(elapsed))), perWorker,
                new RunEvidence(evidence.accounting(), evidence.workers(), evidence.system(), summary),
                new Extras(null, pacing(), evidence.steady(), dryRun, verifyPhases));
    }

    /** The series with each interval's p50/p99/max per direction, the workers' interval histograms added up. */
    private List<Interval> withLatency(List<Interval> series) {
        List<IntervalLatencies> each = new ArrayList<>();
        for (WorkerStats w : workers) {
            w.intervalLatency.finish();
            each.add(w.intervalLatency);
        }
        List<IntervalLatency> latency = IntervalLatencies.merge(each, series.size());
        List<Interval> out = new ArrayList<>(series.size());
        for (int i = 0; i < series.size(); i++) {
            out.add(series.get(i).withLatency(latency.get(i)));
        }
        return out;
    }

    /** Every read, write and trim together: the histograms merged (percentiles of all requests). */
    private static LatencyRecorder all(LatencyRecorder reads, LatencyRecorder writes, LatencyRecorder trims) {
        LatencyRecorder all = new LatencyRecorder();
        all.add(reads);
        all.add(writes);
        all.add(trims);
        return all;
    }

    /**
     * The run's distributions, kept whole in HdrHistogram's encoding: the summaries' own histograms, fio's parts of
     * each direction (submission and completion, where the engine stamped the hand-over), each priority's (a job
     * with priorities), and under a rate the coordinated-omission-corrected ones. A histogram with nothing recorded
     * is left out. Each kept histogram's exact moments go to {@code moments} under its name.
     */
    private LatencyHistograms histograms(LatencyRecorder reads, LatencyRecorder writes, LatencyRecorder trims,
                                         LatencyRecorder syncs, LatencyRecorder all,
                                         Map<String, LatencyMoments> moments) {
        Map<String, String> kept = new LinkedHashMap<>();
        put(kept, moments, "read", reads);
        put(kept, moments, "write", writes);
        put(kept, moments, "trim", trims);
        put(kept, moments, "sync", syncs);
        put(kept, moments, "all", all);
        if (spec.timing().rate() != null) {
            LatencyRecorder r = new LatencyRecorder();
            LatencyRecorder w = new LatencyRecorder();
            for (WorkerStats worker : workers) {
                r.add(worker.correctedReadLatency);
                w.add(worker.correctedWriteLatency);
            }
            LatencyRecorder both = new LatencyRecorder();
            both.add(r);
            both.add(w);
            put(kept, moments, "readCorrected", r);
            put(kept, moments, "writeCorrected", w);
            put(kept, moments, "allCorrected", both);
        }
        for (int d = 0; d < LatencyHistograms.DIRECTIONS.size(); d++) {
            String direction = LatencyHistograms.DIRECTIONS.get(d);
            LatencyRecorder submission = new LatencyRecorder();
            LatencyRecorder completion = new LatencyRecorder();
            for (WorkerStats w : workers) {
                submission.add(w.submitLatency[d]);
                completion.add(w.completionLatency[d]);
            }
            put(kept, moments, LatencyHistograms.part(direction, LatencyHistograms.Part.SUBMISSION), submission);
            put(kept, moments, LatencyHistograms.part(direction, LatencyHistograms.Part.COMPLETION), completion);
            priorities(d, kept, moments);
        }
        return new LatencyHistograms(kept);
    }

    /** Direction {@code d}'s latencies per priority, the workers' merged, in the order the priorities were seen. */
    private void priorities(int d, Map<String, String> kept, Map<String, LatencyMoments> moments) {
        Map<Integer, LatencyRecorder[]> byPrio = new LinkedHashMap<>();
        for (WorkerStats w : workers) {
            PriorityLatencies p = w.priorityLatency;
            if (p == null) {
                continue;
            }
            for (int prio : p.priorities(d)) {
                LatencyRecorder[] r = byPrio.computeIfAbsent(prio, k -> new LatencyRecorder[] {
                        new LatencyRecorder(), new LatencyRecorder()});
                r[0].add(p.completion(d, prio));
                r[1].add(p.total(d, prio));
            }
        }
        String direction = LatencyHistograms.DIRECTIONS.get(d);
        byPrio.forEach((prio, r) -> {
            put(kept, moments, LatencyHistograms.ofPriority(direction, LatencyHistograms.Part.COMPLETION, prio), r[0]);
            put(kept, moments, LatencyHistograms.ofPriority(direction, LatencyHistograms.Part.TOTAL, prio), r[1]);
        });
    }

    private static void put(Map<String, String> kept, Map<String, LatencyMoments> moments, String name,
                            LatencyRecorder r) {
        if (r.count() > 0) {
            kept.put(name, HistogramCodec.encode(r.histogram()));
            moments.put(name, r.moments());
        }
    }

    /** Copies of the workers' histograms, for a listener that merges runs of several processes. */
    RunLatencies latencies(FinalSync finalSync) {
        return new RunLatencies(workers.stream().map(w -> w.readLatency.histogram()).toList(),
                workers.stream().map(w -> w.writeLatency.histogram()).toList(), syncs(finalSync).histogram());
    }

    private LatencyRecorder syncs(FinalSync finalSync) {
        LatencyRecorder syncs = new LatencyRecorder();
        if (finalSync != null) {
            syncs.add(finalSync.latency);
        }
        for (WorkerStats w : workers) {
            syncs.add(w.syncLatency);
        }
        return syncs;
    }

    /** Submission (slat) and completion (clat) latency, where the engine stamped them. */
    private LatencySplit latencySplit() {
        LatencyRecorder submission = new LatencyRecorder();
        LatencyRecorder completion = new LatencyRecorder();
        for (WorkerStats w : workers) {
            for (int d = 0; d < w.submitLatency.length; d++) {
                submission.add(w.submitLatency[d]);
                completion.add(w.completionLatency[d]);
            }
        }
        return submission.count() == 0 ? null : new LatencySplit(submission.summary(), completion.summary());
    }

    /** A rate-limited run's schedule and its coordinated-omission-corrected latencies; null without a rate. */
    private Pacing pacing() {
        if (spec.timing().rate() == null) {
            return null;
        }
        LatencyRecorder reads = new LatencyRecorder();
        LatencyRecorder writes = new LatencyRecorder();
        for (WorkerStats w : workers) {
            reads.add(w.correctedReadLatency);
            writes.add(w.correctedWriteLatency);
        }
        return new Pacing(spec.timing().rate(), spec.timing().rate().opsPerSecond(spec.workload().blockSize()),
                reads.summary(), writes.summary());
    }
}
