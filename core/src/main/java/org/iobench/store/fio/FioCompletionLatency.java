package org.iobench.store.fio;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.iobench.result.LatencySummary;

/**
 * Completion latency ({@code clat_ns}) of one direction of fio's job entries. Percentiles come from fio's json+
 * bins where every entry has them (exact, and any percentile can be read), otherwise from fio's {@code percentile}
 * map; a percentile fio did not print ({@code percentile_list=50:99.5} prints only those two) is
 * {@link LatencySummary#ABSENT}, not 0.
 */
final class FioCompletionLatency {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

    private FioCompletionLatency() {}

    static LatencySummary of(List<JsonNode> entries, String direction) {
        List<JsonNode> clats = new ArrayList<>();
        for (JsonNode c : entries) {
            JsonNode clat = c.path(direction).path("clat_ns");
            if (clat.path("N").asLong() > 0) {
                clats.add(clat);
            }
        }
        if (clats.isEmpty()) {
            return LatencySummary.EMPTY;
        }
        long n = 0;
        long min = Long.MAX_VALUE;
        long max = 0;
        double sum = 0;
        for (JsonNode c : clats) {
            n += c.path("N").asLong();
            min = Math.min(min, c.path("min").asLong());
            max = Math.max(max, c.path("max").asLong());
            sum += c.path("mean").asDouble() * c.path("N").asLong();
        }
        long[] p = new long[PERCENTILES.length];
        if (clats.stream().allMatch(c -> c.has("bins"))) {
            TreeMap<Long, Long> bins = new TreeMap<>();
            clats.forEach(c -> c.path("bins").properties().forEach(e ->
                    bins.merge(Long.parseLong(e.getKey()), e.getValue().asLong(), Long::sum)));
            for (int i = 0; i < p.length; i++) {
                // Bins are bucket values and may lie a little above the true maximum.
                p[i] = Math.min(max, fromBins(bins, n, PERCENTILES[i]));
            }
        } else {
            for (int i = 0; i < p.length; i++) {
                p[i] = listed(clats, PERCENTILES[i]);
            }
        }
        return new LatencySummary(n, min, sum / n, p[0], p[1], p[2], p[3], p[4], max);
    }

    /**
     * The percentile as fio printed it ({@code "99.000000"}); the largest over entries without bins (an upper
     * bound when clones are summed); ABSENT when an entry did not print it.
     */
    private static long listed(List<JsonNode> clats, double percentile) {
        String key = String.format(Locale.ROOT, "%.6f", percentile);
        long worst = 0;
        for (JsonNode c : clats) {
            JsonNode v = c.path("percentile").path(key);
            if (!v.isNumber()) {
                return LatencySummary.ABSENT;
            }
            worst = Math.max(worst, v.asLong());
        }
        return worst;
    }

    /** The smallest bin value with at least {@code percent} % of the samples at or below it (fio's rule). */
    private static long fromBins(TreeMap<Long, Long> bins, long n, double percent) {
        long need = (long) Math.ceil(n * percent / 100.0);
        long seen = 0;
        for (Map.Entry<Long, Long> e : bins.entrySet()) {
            seen += e.getValue();
            if (seen >= need) {
                return e.getKey();
            }
        }
        return bins.isEmpty() ? 0 : bins.lastKey();
    }
}
