package org.iobench.report;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.iobench.measure.HistogramCodec;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencyHistograms;
import org.iobench.result.RunResult;

/**
 * Runs' latency histograms as HdrHistogram's log (format 1.3, {@code HistogramLogWriter}), which its
 * {@code HistogramLogReader} and {@code HistogramLogProcessor} read: one interval line per histogram kept, spanning
 * its repetition's measured phase (the start time, then the elapsed time), tagged {@code ID/REPETITION/NAME}
 * ({@code 12/1/read}, {@code 12/2/allCorrected}; NAME as in {@link LatencyHistograms#NAMES}). Values are
 * nanoseconds; the lines' max column is in milliseconds (the writer's default ratio, 10^6).
 */
public final class HdrLog {
    /** One stored benchmark and the id it has in the store (or in a file: {@code FILE:N}, without spaces). */
    public record Entry(String id, BenchmarkResult result) {}

    /** What was written, and the runs that had no histograms to write (for one line on standard error). */
    public record Log(String text, int histograms, List<String> without) {}

    private HdrLog() {}

    public static Log write(List<Entry> entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        HistogramLogWriter log = new HistogramLogWriter(out);
        long base = entries.stream().flatMap(e -> e.result().runs().stream()).mapToLong(HdrLog::startMillis)
                .filter(t -> t > 0).min().orElse(0);
        log.outputComment("iobench latency histograms: tag ID/REPETITION/NAME, values in ns, max column in ms");
        log.outputLogFormatVersion();
        log.outputStartTime(base);
        log.setBaseTime(base);
        log.outputLegend();
        int written = 0;
        List<String> without = new ArrayList<>();
        for (Entry e : entries) {
            for (RunResult r : e.result().runs()) {
                LatencyHistograms kept = r.latencies().histograms();
                if (kept == null || kept.isEmpty()) {
                    without.add(e.id() + "/" + r.run());
                    continue;
                }
                long start = startMillis(r);
                long end = start + Math.max(1, r.totals().elapsedNanos() / 1_000_000L);
                for (Map.Entry<String, String> h : kept.encoded().entrySet()) {
                    Histogram histogram = HistogramCodec.decode(h.getValue());
                    histogram.setStartTimeStamp(start);
                    histogram.setEndTimeStamp(end);
                    histogram.setTag(e.id() + "/" + r.run() + "/" + h.getKey());
                    log.outputIntervalHistogram(histogram);
                    written++;
                }
            }
        }
        out.flush();
        return new Log(bytes.toString(StandardCharsets.UTF_8), written, without);
    }

    private static long startMillis(RunResult r) {
        try {
            return r.startedAt() == null ? 0 : Instant.parse(r.startedAt()).toEpochMilli();
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
