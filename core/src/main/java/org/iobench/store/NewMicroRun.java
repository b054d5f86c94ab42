package org.iobench.store;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One variant of one Suite API suite (docs/micro.md), to save as a run of source {@link #SOURCE}: its workload key
 * is {@link WorkloadKey#micro(String, String)} and each measured sample is one repetition.
 *
 * @param suite             the suite's name
 * @param variant           the variant's name
 * @param samplesNanosPerOp every measured sample in nanoseconds per call, in the order taken
 * @param jvm               the JVM it ran on, e.g. {@code java 25.0.3 (Eclipse Adoptium)}; kept as the run's target
 * @param document          a micro JSON report (docs/micro-json-format.md) holding this suite with this variant only
 * @param environment       the report's {@code environment} object as JSON
 * @param labels            {@code jvm=a}: what the user wants to select and group by
 * @param note              free text, or null
 * @param createdAt         when the run started
 */
public record NewMicroRun(String suite, String variant, List<Double> samplesNanosPerOp, String jvm, String document,
                          String environment, Map<String, String> labels, String note, Instant createdAt)
        implements RunToSave {
    public static final String SOURCE = "micro";

    public NewMicroRun {
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(jvm, "jvm");
        Objects.requireNonNull(document, "document");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(createdAt, "createdAt");
        samplesNanosPerOp = List.copyOf(samplesNanosPerOp);
        labels.forEach(Labels::check);
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }

    @Override
    public String source() {
        return SOURCE;
    }
}
