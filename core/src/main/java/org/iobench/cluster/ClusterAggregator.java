package org.iobench.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.iobench.job.JobSpec;
import org.iobench.measure.HistogramCodec;
import org.iobench.measure.LatencyRecorder;
import org.iobench.measure.RunLatencies;
import org.iobench.result.Accounting;
import org.iobench.result.Extras;
import org.iobench.result.Intervals;
import org.iobench.result.Latencies;
import org.iobench.result.LatencyHistograms;
import org.iobench.result.Outcome;
import org.iobench.result.RunEvidence;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Interval;
import org.iobench.result.IoFailure;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.RunSummary;
import org.iobench.result.TargetInfo;
import org.iobench.result.Totals;
import org.iobench.result.WorkerResult;

/** Turns the hosts' parts into a {@link ClusterResult}: sums, merged histograms, stonewalled rates. */
public final class ClusterAggregator {
    private ClusterAggregator() {}

    public static ClusterResult aggregate(List<HostPart> parts) {
        int benchmarks = parts.stream().mapToInt(p -> p.benchmarks().size()).max().orElse(0);
        List<BenchmarkResult> aggregate = new ArrayList<>();
        List<Stonewall> stonewalls = new ArrayList<>();
        List<HostPart> lost = parts.stream().filter(HostPart::lost).toList();
        for (int i = 0; i < benchmarks; i++) {
            List<HostPart> with = new ArrayList<>();
            for (HostPart p : parts) {
                if (i < p.benchmarks().size()) {
                    with.add(p);
                }
            }
            aggregate.add(benchmark(i, with, parts, !lost.isEmpty()));
            int idx = i;
            int runs = with.stream().mapToInt(p -> p.benchmarks().get(idx).runs().size()).max().orElse(0);
            for (int r = 1; r <= runs; r++) {
                Stonewall s = stonewall(i, r, with);
                if (s != null) {
                    stonewalls.add(s);
                }
            }
        }
        return new ClusterResult(parts, aggregate, stonewalls);
    }

    private static BenchmarkResult benchmark(int index, List<HostPart> with, List<HostPart> all, boolean anyLost) {
        BenchmarkResult first = with.getFirst().benchmarks().get(index);
        int runs = with.stream().mapToInt(p -> p.benchmarks().get(index).runs().size()).max().orElse(0);
        List<RunResult> out = new ArrayList<>();
        for (int r = 1; r <= runs; r++) {
            out.add(run(index, r, with, all));
        }
        boolean complete = with.size() == all.size() && !anyLost
                && with.stream().allMatch(p -> p.benchmarks().get(index).complete());
        return new BenchmarkResult(pattern(first.job(), with, index), target(first.target(), with, index), out,
                RunSummary.of(out), complete, List.of(), first.test());
    }

    private static RunResult run(int index, int run, List<HostPart> with, List<HostPart> all) {
        long bytesRead = 0, bytesWritten = 0, reads = 0, writes = 0, elapsed = 0, syncNanos = 0, syncs = 0;
        long bytesTrimmed = 0, trims = 0; // trims' counts add up; their latency histograms do not travel yet
        long zoneResets = 0;
        long intervalNanos = 0;
        String startedAt = null;
        IoFailure failure = null;
        List<String> stops = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<WorkerResult> workers = new ArrayList<>();
        List<List<Interval>> series = new ArrayList<>();
        Histogram readHist = new Histogram(3);
        Histogram writeHist = new Histogram(3);
        Histogram syncHist = new Histogram(3);
        ExactMeans readMeans = new ExactMeans();
        ExactMeans writeMeans = new ExactMeans();
        ExactMeans syncMeans = new ExactMeans();
        boolean accountingChecked = true;
        boolean mismatch = false;
        long appRead = 0, appWritten = 0, kernelRead = 0, kernelWritten = 0;
        int present = 0;
        for (HostPart p : with) {
            RunResult r = runOf(p.benchmarks().get(index), run);
            if (r == null) {
                stops.add(p.host() + ": this run did not happen");
                continue;
            }
            present++;
            Totals t = r.totals();
            bytesRead += t.bytesRead();
            bytesWritten += t.bytesWritten();
            reads += t.reads();
            writes += t.writes();
            elapsed = Math.max(elapsed, t.elapsedNanos());
            syncNanos += t.syncNanos();
            syncs += t.syncs();
            bytesTrimmed += t.bytesTrimmed();
            trims += t.trims();
            zoneResets += t.zoneResets();
            intervalNanos = r.intervals().intervalNanos();
            series.add(r.intervals().series());
            if (startedAt == null || (r.startedAt() != null && r.startedAt().compareTo(startedAt) < 0)) {
                startedAt = r.startedAt();
            }
            if (!r.complete()) {
                stops.add(p.host() + ": " + r.outcome().stopReason());
                if (failure == null) {
                    failure = r.outcome().failure();
                }
            }
            for (WorkerResult w : r.workers()) {
                workers.add(new WorkerResult(workers.size(), w.bytesRead(), w.bytesWritten(), w.reads(), w.writes(),
                        w.elapsedNanos(), w.readLatency(), w.writeLatency()));
            }
            RunLatencies l = p.latency(index, run);
            if (l == null) {
                warnings.add(p.host() + ": no latency histograms came back; the merged percentiles leave it out");
            } else {
                l.readsByWorker().forEach(readHist::add);
                l.writesByWorker().forEach(writeHist::add);
                syncHist.add(l.syncs());
                readMeans.add(r.latencies().read(), l.readsByWorker().stream().mapToLong(Histogram::getTotalCount).sum());
                writeMeans.add(r.latencies().write(),
                        l.writesByWorker().stream().mapToLong(Histogram::getTotalCount).sum());
                syncMeans.add(r.latencies().sync(), l.syncs().getTotalCount());
            }
            Accounting a = r.evidence().accounting();
            if (a != null) {
                accountingChecked &= a.checked();
                mismatch |= a.mismatch();
                appRead += a.appBytesRead();
                appWritten += a.appBytesWritten();
                kernelRead += a.kernelBytesRead();
                kernelWritten += a.kernelBytesWritten();
            }
            r.outcome().warnings().forEach(w -> warnings.add(p.host() + ": " + w));
        }
        for (HostPart p : all) {
            if (!with.contains(p)) {
                stops.add(p.host() + (p.lost() ? " lost" : ": no result") + (p.message() != null ? ": " + p.message()
                        : ""));
            }
        }
        boolean complete = stops.isEmpty() && present == all.size();
        Accounting accounting = new Accounting(accountingChecked && present > 0, appRead, appWritten, kernelRead,
                kernelWritten, mismatch, "the sum over " + present + " hosts, each checked against its own kernel");
        return new RunResult(run, startedAt,
                new Outcome(complete, complete ? null : String.join("; ", stops), failure, warnings),
                new Totals(bytesRead, bytesWritten, reads, writes, elapsed, syncNanos, syncs, bytesTrimmed, trims,
                        zoneResets),
                new Latencies(readMeans.apply(LatencyRecorder.summarize(readHist)),
                        writeMeans.apply(LatencyRecorder.summarize(writeHist)),
                        syncMeans.apply(LatencyRecorder.summarize(syncHist)), null,
                        all(readHist, writeHist, readMeans, writeMeans), null,
                        histograms(readHist, writeHist, syncHist)),
                new Intervals(intervalNanos, sum(series)), workers, new RunEvidence(accounting, null, null, null),
                Extras.NONE);
    }

    private static RunResult runOf(BenchmarkResult b, int run) {
        return b.runs().stream().filter(r -> r.run() == run).findFirst().orElse(null);
    }

    /** Sums per-interval counts by index: every host's measured phase began at the common start. */
    static List<Interval> sum(List<List<Interval>> series) {
        int n = series.stream().mapToInt(List::size).max().orElse(0);
        List<Interval> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long duration = 0, br = 0, bw = 0, r = 0, w = 0;
            for (List<Interval> s : series) {
                if (i < s.size()) {
                    Interval x = s.get(i);
                    duration = Math.max(duration, x.durationNanos());
                    br += x.bytesRead();
                    bw += x.bytesWritten();
                    r += x.reads();
                    w += x.writes();
                }
            }
            out.add(new Interval(i, duration, br, bw, r, w));
        }
        return out;
    }

    /** The run's figures over the time all hosts ran; null when fewer than one host has the run. */
    static Stonewall stonewall(int index, int run, List<HostPart> with) {
        List<HostPart> hosts = new ArrayList<>();
        List<RunResult> runs = new ArrayList<>();
        for (HostPart p : with) {
            RunResult r = runOf(p.benchmarks().get(index), run);
            if (r != null) {
                hosts.add(p);
                runs.add(r);
            }
        }
        if (runs.isEmpty()) {
            return null;
        }
        int first = 0;
        int last = 0;
        for (int i = 1; i < runs.size(); i++) {
            if (runs.get(i).totals().elapsedNanos() < runs.get(first).totals().elapsedNanos()) {
                first = i;
            }
            if (runs.get(i).totals().elapsedNanos() > runs.get(last).totals().elapsedNanos()) {
                last = i;
            }
        }
        long window = runs.get(first).totals().elapsedNanos();
        double bytes = 0;
        double ops = 0;
        for (int i = 0; i < runs.size(); i++) {
            RunResult r = runs.get(i);
            if (i == first) {
                bytes += r.totals().bytes();
                ops += r.totals().ops();
                continue;
            }
            for (Interval x : r.intervals().series()) {
                long start = x.index() * r.intervals().intervalNanos();
                long end = start + x.durationNanos();
                double share = end <= window ? 1 : start >= window ? 0
                        : (window - start) / (double) x.durationNanos();
                bytes += share * (x.bytesRead() + x.bytesWritten());
                ops += share * (x.reads() + x.writes());
            }
        }
        return new Stonewall(index, run, hosts.get(first).host(), window, hosts.get(last).host(),
                runs.get(last).totals().elapsedNanos(), bytes, ops);
    }

    /** The job as given: a target that differs per host shows with {@code {host}} in place of the host's name. */
    private static JobSpec pattern(JobSpec job, List<HostPart> with, int index) {
        Path target = Path.of(patterned(job.target().toString(), with, index, b -> b.job().target().toString()));
        return job.toBuilder().target(target).build();
    }

    private static TargetInfo target(TargetInfo t, List<HostPart> with, int index) {
        if (t == null) {
            return null;
        }
        String path = patterned(t.path(), with, index, b -> b.target() == null ? null : b.target().path());
        boolean sameFs = with.stream().allMatch(p -> p.benchmarks().get(index).target() != null
                && Objects.equals(p.benchmarks().get(index).target().filesystem(), t.filesystem()));
        return new TargetInfo(t.kind(), path, t.created(), t.regionBytes(), t.logicalBlockSize(),
                t.physicalBlockSize(), null, sameFs ? t.filesystem() : null);
    }

    private static String patterned(String first, List<HostPart> with, int index,
                                    Function<BenchmarkResult, String> field) {
        boolean same = with.stream().allMatch(p -> Objects.equals(field.apply(p.benchmarks().get(index)),
                first));
        if (same || first == null) {
            return first;
        }
        return first.replace(with.getFirst().host(), JobRequest.HOST_PLACEHOLDER);
    }

    /** The merged distributions, kept whole as a single host's run keeps its own. */
    private static LatencyHistograms histograms(Histogram reads, Histogram writes,
                                                                   Histogram syncs) {
        Map<String, String> kept = new LinkedHashMap<>();
        Histogram all = reads.copy();
        all.add(writes);
        for (var e : Map.of("read", reads, "write", writes, "sync", syncs, "all", all).entrySet()) {
            if (e.getValue().getTotalCount() > 0) {
                kept.put(e.getKey(), HistogramCodec.encode(e.getValue()));
            }
        }
        return new LatencyHistograms(kept);
    }

    /** Every read and write of every host together: the merged histograms merged once more. */
    private static LatencySummary all(Histogram reads, Histogram writes, ExactMeans readMeans,
                                      ExactMeans writeMeans) {
        Histogram all = reads.copy();
        all.add(writes);
        ExactMeans means = new ExactMeans();
        means.add(readMeans);
        means.add(writeMeans);
        return means.apply(LatencyRecorder.summarize(all));
    }
}
