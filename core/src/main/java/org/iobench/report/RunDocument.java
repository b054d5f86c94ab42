package org.iobench.report;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.iobench.result.BenchmarkResult;

/**
 * What a {@link RunFormat} writes: a command's results and what its document holds besides them.
 *
 * @param results        the benchmarks, in the order they ran (possibly partial)
 * @param iobenchVersion the version that made them
 * @param extra          what the document holds besides the benchmarks ({@code groups}, {@code search},
 *                       {@code cluster}...), in the order given
 * @param writtenAt      when the document is written
 */
public record RunDocument(List<BenchmarkResult> results, String iobenchVersion, Map<String, Object> extra,
                          Instant writtenAt) {
    public RunDocument {
        results = List.copyOf(results);
    }
}
