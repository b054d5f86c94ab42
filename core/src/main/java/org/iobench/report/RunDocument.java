package org.iobench.report;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.iobench.result.BenchmarkResult;
import org.iobench.sysmon.DiskUtil;

/**
 * What a {@link RunFormat} writes: a command's results and what its document holds besides them.
 *
 * @param results        the benchmarks, in the order they ran (possibly partial)
 * @param iobenchVersion the version that made them
 * @param extra          what the document holds besides the benchmarks ({@code groups}, {@code search},
 *                       {@code cluster}...), in the order given
 * @param writtenAt      when the document is written
 * @param disks          the disks under the jobs' targets over the runs (fio's {@code disk_util}, from
 *                       {@link org.iobench.sysmon.DiskUtilWatch}); empty when not watched
 */
public record RunDocument(List<BenchmarkResult> results, String iobenchVersion, Map<String, Object> extra,
                          Instant writtenAt, List<DiskUtil> disks) {
    public RunDocument {
        results = List.copyOf(results);
        disks = disks == null ? List.of() : List.copyOf(disks);
    }

    /** A document with no disks watched. */
    public RunDocument(List<BenchmarkResult> results, String iobenchVersion, Map<String, Object> extra,
                       Instant writtenAt) {
        this(results, iobenchVersion, extra, writtenAt, List.of());
    }
}
