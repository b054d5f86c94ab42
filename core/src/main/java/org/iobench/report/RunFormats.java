package org.iobench.report;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.iobench.format.Format;
import org.iobench.job.fio.FioJobDescription;
import org.iobench.report.fio.FioJson;
import org.iobench.result.BenchmarkResult;

/**
 * The formats of the commands that run jobs (run, suite, dd, saturate): their text on stdout, or one of the
 * documents ({@link #DOCUMENTS}) on stdout or in {@code -o FILE}. A file holds a document; without
 * {@code --format}, the first one its extension chooses, else JSON.
 */
public final class RunFormats {
    /** iobench's JSON result, {@code "formatVersion": 2} (docs/json-format.md). */
    public static final RunFormat JSON = RunFormat.of(Format.JSON,
            d -> JsonReport.write(d.results(), d.iobenchVersion(), d.extra()));

    /**
     * fio 3.33's {@code --output-format=json} of the results (docs/fio-json.md): one fio job per benchmark, the jobs
     * that ran together in one reporting group; no job options (they were iobench's, not fio's); the disks under
     * the targets as {@code disk_util}, as {@code iobench fio} writes it.
     */
    public static final RunFormat FIO_JSON = RunFormat.of(Format.of("fio-json", "json"),
            d -> FioJson.write(d.results(), asFioJobs(d.results()), List.of(), d.writtenAt(), ZoneId.systemDefault(),
                    false, d.disks()));

    /** The documents, in the order a file's extension chooses among them. */
    public static final List<RunFormat> DOCUMENTS = List.of(JSON, FIO_JSON);

    private RunFormats() {}

    /** Every format of {@code documents} with the text first: what {@code --format} takes. */
    public static List<Format> formats(List<RunFormat> documents) {
        return Stream.concat(Stream.of(Format.TEXT), documents.stream().map(RunFormat::format)).toList();
    }

    /** The document of {@code documents} in {@code format}; empty for the text. */
    public static Optional<RunFormat> document(Format format, List<RunFormat> documents) {
        return documents.stream().filter(d -> d.format().equals(format)).findFirst();
    }

    /** The formats of {@code documents}, for a file. */
    public static List<Format> fileFormats(List<RunFormat> documents) {
        return documents.stream().map(RunFormat::format).toList();
    }

    /** Each benchmark as a fio job: a parallel group's jobs share a group id, any other job has one of its own. */
    static List<FioJobDescription> asFioJobs(List<BenchmarkResult> results) {
        Map<String, Integer> groups = new HashMap<>();
        List<FioJobDescription> jobs = new ArrayList<>();
        int next = 0;
        for (BenchmarkResult b : results) {
            String g = b.job().grouping().group();
            int id;
            if (g == null || g.isBlank()) {
                id = next++;
            } else {
                Integer known = groups.get(g);
                id = known != null ? known : next++;
                groups.putIfAbsent(g, id);
            }
            jobs.add(new FioJobDescription(b.job().name(), id, false, List.of()));
        }
        return jobs;
    }
}
