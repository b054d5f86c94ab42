package org.iobench.store;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.iobench.result.BenchmarkResult;
import org.iobench.sysmon.env.Environment;

/**
 * A finished benchmark to save.
 *
 * @param result      the job and its repetitions, stored whole as JSON and summarised in indexed columns
 * @param environment the machine it ran on
 * @param labels      {@code kernel=6.1}, {@code patch=with}: what the user wants to select and group by
 * @param note        free text, or null
 * @param source      {@code iobench}, or where an import came from ({@code fio}, {@code iobench-json})
 * @param createdAt   when it ran (the first repetition's start where known)
 */
public record NewRun(BenchmarkResult result, Environment environment, Map<String, String> labels, String note,
                     String source, Instant createdAt) implements RunToSave {
    public NewRun {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(createdAt, "createdAt");
        labels.forEach(Labels::check);
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }
}
