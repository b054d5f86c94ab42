package org.iobench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.measure.LatencyRecorder;
import org.iobench.measure.RunLatencies;
import org.iobench.result.Accounting;
import org.iobench.result.Extras;
import org.iobench.result.Intervals;
import org.iobench.result.Latencies;
import org.iobench.result.Outcome;
import org.iobench.result.RunEvidence;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Interval;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.Totals;
import org.junit.jupiter.api.Test;

class HistogramMergeTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void mergedPercentilesEqualThoseOfTheConcatenatedSamples() {
        Random random = new Random(42);
        LatencyRecorder concatenated = new LatencyRecorder();
        List<HostPart> parts = new ArrayList<>();
        for (int host = 0; host < 3; host++) {
            List<Histogram> reads = new ArrayList<>();
            LatencyRecorder hostReads = new LatencyRecorder(); // the host's own summary, with its exact mean
            long count = 0;
            for (int worker = 0; worker < 2; worker++) {
                LatencyRecorder r = new LatencyRecorder();
                // each host has its own distribution: a mean of averages would be far off the true percentiles
                double scale = 20_000 * Math.pow(10, host);
                for (int i = 0; i < 5_000 + host * 3_000; i++) {
                    long v = (long) (scale * -Math.log(1 - random.nextDouble())) + 1;
                    r.record(v);
                    hostReads.record(v);
                    concatenated.record(v);
                    count++;
                }
                reads.add(r.histogram());
            }
            RunLatencies l = new RunLatencies(reads, List.of(new Histogram(3), new Histogram(3)), new Histogram(3));
            parts.add(new HostPart("h" + host, List.of(benchmark(count * 4096, count, 2 * SECOND, hostReads.summary(),
                    List.of(new Interval(0, SECOND, count * 2048, 0, count / 2, 0),
                            new Interval(1, SECOND, count * 2048, 0, count - count / 2, 0)))),
                    List.of(List.of(l)), false, null, -1, -1, null));
        }
        ClusterResult result = ClusterAggregator.aggregate(parts);
        LatencySummary merged = result.aggregate().getFirst().runs().getFirst().latencies().read();
        assertThat(merged).isEqualTo(concatenated.summary());
        long p99OfHost0 = parts.getFirst().latency(0, 1).readsByWorker().getFirst().getValueAtPercentile(99);
        assertThat(merged.p99Ns()).isGreaterThan(10 * p99OfHost0);
    }

    @Test
    void countsAddUpAndTheStonewallCoversTheTimeAllHostsRan() {
        // host a: 100 MB/s for 2 s; host b: 100 MB/s for 4 s
        HostPart a = part("a", 200_000_000, 2 * SECOND, List.of(interval(0, 100_000_000),
                interval(1, 100_000_000)));
        HostPart b = part("b", 400_000_000, 4 * SECOND, List.of(interval(0, 100_000_000), interval(1, 100_000_000),
                interval(2, 100_000_000), interval(3, 100_000_000)));
        ClusterResult r = ClusterAggregator.aggregate(List.of(a, b));
        RunResult all = r.aggregate().getFirst().runs().getFirst();
        assertThat(all.totals().bytesRead()).isEqualTo(600_000_000L);
        assertThat(all.totals().elapsedNanos()).isEqualTo(4 * SECOND);
        assertThat(all.intervals().series()).extracting(Interval::bytesRead)
                .containsExactly(200_000_000L, 200_000_000L, 100_000_000L, 100_000_000L);
        assertThat(all.complete()).isTrue();
        Stonewall s = r.stonewall(0, 1);
        assertThat(s.firstDone()).isEqualTo("a");
        assertThat(s.lastDone()).isEqualTo("b");
        assertThat(s.bytes()).isEqualTo(400_000_000.0);
        assertThat(s.bytesPerSecond()).isEqualTo(200e6);
    }

    @Test
    void aLostHostMakesTheAggregateIncompleteAndIsNamed() {
        HostPart a = part("a", 200_000_000, 2 * SECOND, List.of(interval(0, 100_000_000),
                interval(1, 100_000_000)));
        HostPart lost = new HostPart("b", List.of(), List.of(), true, "its connection was lost", 50_000_000,
                SECOND / 2, "read-1MiB run 1");
        ClusterResult r = ClusterAggregator.aggregate(List.of(a, lost));
        assertThat(r.complete()).isFalse();
        RunResult all = r.aggregate().getFirst().runs().getFirst();
        assertThat(all.complete()).isFalse();
        assertThat(all.outcome().stopReason()).contains("b lost").contains("connection was lost");
        assertThat(all.totals().bytesRead()).isEqualTo(200_000_000L);
    }

    private static Interval interval(int index, long bytes) {
        return new Interval(index, SECOND, bytes, 0, bytes / 1_000_000, 0);
    }

    private static HostPart part(String host, long bytes, long elapsed, List<Interval> series) {
        return new HostPart(host, List.of(benchmark(bytes, bytes / 1_000_000, elapsed, series)), List.of(), false,
                null, -1, -1, null);
    }

    private static BenchmarkResult benchmark(long bytes, long ops, long elapsedNanos, List<Interval> series) {
        return benchmark(bytes, ops, elapsedNanos, LatencySummary.EMPTY, series);
    }

    private static BenchmarkResult benchmark(long bytes, long ops, long elapsedNanos, LatencySummary reads,
                                             List<Interval> series) {
        JobSpec job = JobSpec.builder(Path.of("/data/f")).rw(RwMode.READ).build();
        RunResult run = new RunResult(1, "2026-12-01T00:00:00Z", Outcome.COMPLETE,
                new Totals(bytes, 0, ops, 0, elapsedNanos, 0, 0),
                new Latencies(reads, LatencySummary.EMPTY, LatencySummary.EMPTY, null),
                new Intervals(SECOND, series), List.of(),
                new RunEvidence(new Accounting(true, bytes, 0, bytes, 0, false, "ok"), null, null, null), Extras.NONE);
        return BenchmarkResult.of(job, null, List.of(run));
    }
}
