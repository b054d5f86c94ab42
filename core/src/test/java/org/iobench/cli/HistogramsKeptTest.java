package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run keeps its latency distributions: {@code show --format hdr} writes them as HdrHistogram's log, and
 * HdrHistogram's own {@link HistogramLogReader} reads back histograms whose percentiles are the run's, figure for
 * figure; the JSON carries them with documented bins.
 */
class HistogramsKeptTest {
    @TempDir
    Path dir;

    @Test
    void showFormatHdrIsReadBackByHistogramLogReaderWithTheRunsPercentiles() throws Exception {
        String db = "jdbc:sqlite:" + dir.resolve("r.db");
        InProcess.Result run = InProcess.run("run", "--rw", "randrw", "--mix", "50", "--bs", "4k", "--size", "2m",
                "--runs", "2", "--sync", "fdatasync", "--db", db, "-q", dir.resolve("f").toString());
        assertThat(run.status()).as(run.err()).isZero();
        InProcess.Result json = InProcess.run("show", "last", "--format", "json", "--db", db);
        assertThat(json.status()).as(json.err()).isZero();
        JsonNode runs = new ObjectMapper().readTree(json.out()).path("benchmarks").path(0).path("runs");
        assertThat(runs).hasSize(2);

        InProcess.Result hdr = InProcess.run("show", "last", "--format", "hdr", "--db", db);
        assertThat(hdr.status()).as(hdr.err()).isZero();
        assertThat(hdr.out()).startsWith("#iobench latency histograms").contains("#[Histogram log format version 1.3]");
        Map<String, Histogram> byTag = new HashMap<>();
        try (HistogramLogReader reader = new HistogramLogReader(
                new ByteArrayInputStream(hdr.out().getBytes(StandardCharsets.UTF_8)))) {
            while (reader.hasNext()) {
                Histogram h = (Histogram) reader.nextIntervalHistogram();
                byTag.put(h.getTag(), h);
            }
        }
        String id = new ObjectMapper().readTree(json.out()).path("id").asText();
        for (JsonNode r : runs) {
            int rep = r.path("run").asInt();
            for (String side : new String[]{"read", "write", "sync", "all"}) {
                Histogram h = byTag.get(id + "/" + rep + "/" + side);
                assertThat(h).as("histogram %s/%d/%s in %s", id, rep, side, byTag.keySet()).isNotNull();
                JsonNode l = r.path(side + "Latency");
                assertThat(h.getTotalCount()).isEqualTo(l.path("count").asLong());
                assertThat(h.getValueAtPercentile(50)).isEqualTo(l.path("p50Ns").asLong());
                assertThat(h.getValueAtPercentile(99)).isEqualTo(l.path("p99Ns").asLong());
                assertThat(h.getValueAtPercentile(99.9)).isEqualTo(l.path("p999Ns").asLong());
                // The JSON's min and max are the requests' own (exact); the histogram holds them at its precision.
                assertThat(h.valuesAreEquivalent(h.getMaxValue(), l.path("maxNs").asLong()))
                        .as("max %d against %d", h.getMaxValue(), l.path("maxNs").asLong()).isTrue();
                assertThat(h.valuesAreEquivalent(h.getMinValue(), l.path("minNs").asLong()))
                        .as("min %d against %d", h.getMinValue(), l.path("minNs").asLong()).isTrue();
            }
            assertThat(byTag).doesNotContainKey(id + "/" + rep + "/trim");
        }
    }

    @Test
    void theJsonCarriesEachHistogramWithBinsThatAddUpToItsCount() throws Exception {
        InProcess.Result run = InProcess.run("run", "--rw", "randrw", "--mix", "70", "--bs", "4k", "--size", "1m",
                "--no-store", "--format", "json", dir.resolve("f").toString());
        assertThat(run.status()).as(run.err()).isZero();
        JsonNode doc = org.iobench.testing.ResultSchema.assertValid(run.out());
        JsonNode r = doc.path("benchmarks").path(0).path("runs").path(0);
        for (String side : new String[]{"read", "write", "all"}) {
            JsonNode h = r.path("latencyHistograms").path(side);
            assertThat(h.path("hdr").asText()).isNotEmpty();
            long sum = 0;
            double previousHigh = 0;
            for (JsonNode bin : h.path("bins")) {
                assertThat(bin.path("lowNs").asDouble()).isGreaterThanOrEqualTo(previousHigh);
                assertThat(bin.path("highNs").asDouble()).isGreaterThan(bin.path("lowNs").asDouble());
                previousHigh = bin.path("highNs").asDouble();
                sum += bin.path("count").asLong();
            }
            assertThat(sum).isEqualTo(r.path(side + "Latency").path("count").asLong());
            // the p99 lies in the bin where the cumulative count passes 99 %
            long cumulative = 0;
            long target = (long) Math.ceil(0.99 * sum);
            double p99 = r.path(side + "Latency").path("p99Ns").asDouble();
            for (JsonNode bin : h.path("bins")) {
                cumulative += bin.path("count").asLong();
                if (cumulative >= target) {
                    assertThat(p99).isBetween(bin.path("lowNs").asDouble() * 0.99, bin.path("highNs").asDouble() * 1.01);
                    break;
                }
            }
        }
        assertThat(r.path("latencyHistograms").has("trim")).isFalse();
    }

    @Test
    void theReportsCsvHasEveryPercentileOfTheRun() throws Exception {
        String db = "jdbc:sqlite:" + dir.resolve("r.db");
        assertThat(InProcess.run("run", "--rw", "randread", "--bs", "4k", "--size", "1m", "--db", db, "-q",
                dir.resolve("f").toString()).status()).isZero();
        InProcess.Result csv = InProcess.run("report", "--format", "csv", "--db", db);
        assertThat(csv.status()).as(csv.err()).isZero();
        java.util.List<String> lines = csv.out().lines().toList();
        java.util.List<String> header = java.util.List.of(lines.getFirst().split(","));
        assertThat(header).contains("p99 (ns)", "latency p50 (ns)", "latency p99.9 (ns)", "latency p99.99 (ns)",
                "latency max (ns)");
        JsonNode l = new ObjectMapper().readTree(InProcess.run("show", "last", "--format", "json", "--db", db).out())
                .path("benchmarks").path(0).path("runs").path(0).path("allLatency");
        String[] row = lines.get(1).split(",");
        assertThat(Double.parseDouble(row[header.indexOf("latency p50 (ns)")])).isEqualTo(l.path("p50Ns").asDouble());
        assertThat(Double.parseDouble(row[header.indexOf("latency max (ns)")])).isEqualTo(l.path("maxNs").asDouble());
    }

    @Test
    void latencyOverTimeIsInTheJsonSeriesAndShowsCsvForEveryRun() throws Exception {
        String db = "jdbc:sqlite:" + dir.resolve("r.db");
        InProcess.Result run = InProcess.run("run", "--rw", "randrw", "--mix", "50", "--bs", "4k", "--time", "2s",
                "--size", "1m", "--db", db, "-q", dir.resolve("f").toString());
        assertThat(run.status()).as(run.err()).isZero();
        JsonNode r = new ObjectMapper().readTree(InProcess.run("show", "last", "--format", "json", "--db", db).out())
                .path("benchmarks").path(0).path("runs").path(0);
        JsonNode series = r.path("series");
        assertThat(series.size()).isGreaterThanOrEqualTo(2);
        long reads = 0;
        long maxRead = 0;
        for (JsonNode in : series) {
            JsonNode l = in.path("latency").path("read");
            if (in.path("reads").asLong() == 0) {
                assertThat(l.isMissingNode()).isTrue();
                continue;
            }
            assertThat(l.path("count").asLong()).isEqualTo(in.path("reads").asLong());
            assertThat(l.path("p50Ns").asLong()).isLessThanOrEqualTo(l.path("p99Ns").asLong());
            assertThat(l.path("p99Ns").asLong()).isLessThanOrEqualTo(l.path("maxNs").asLong());
            reads += l.path("count").asLong();
            maxRead = Math.max(maxRead, l.path("maxNs").asLong());
        }
        assertThat(reads).isEqualTo(r.path("readLatency").path("count").asLong());
        // the run's max (3 digits) and the intervals' largest (2 digits) are the same request
        assertThat((double) maxRead).isCloseTo(r.path("readLatency").path("maxNs").asDouble(),
                org.assertj.core.data.Percentage.withPercentage(1));

        InProcess.Result csv = InProcess.run("show", "last", "--format", "csv", "--db", db);
        assertThat(csv.status()).as(csv.err()).isZero();
        java.util.List<String> lines = csv.out().lines().toList();
        assertThat(lines.getFirst()).startsWith("id,repetition,interval,").contains("readP99Ns", "writeMaxNs");
        assertThat(lines).hasSize(1 + series.size());
        String[] first = lines.get(1).split(",", -1);
        assertThat(Long.parseLong(first[12])).isEqualTo(series.path(0).path("latency").path("read").path("p99Ns").asLong());
    }
}
