package org.iobench.store;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;

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
 * @param upperOutliers     how many of the slowest samples the report's statistics left out (Tukey's upper fence,
 *                          docs/micro.md): they are stored as samples that no view uses, so the stored mean, and
 *                          every mean and test of {@code runs}, {@code compare}, {@code check} and {@code history},
 *                          is the one the table printed
 */
public record NewMicroRun(String suite, String variant, List<Double> samplesNanosPerOp, String jvm, String document,
                          String environment, Map<String, String> labels, String note, Instant createdAt,
                          int upperOutliers)
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
        if (upperOutliers < 0 || upperOutliers > samplesNanosPerOp.size()) {
            throw new IllegalArgumentException("upperOutliers " + upperOutliers + " of " + samplesNanosPerOp.size()
                    + " samples");
        }
        labels.forEach(Labels::check);
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }

    /** A variant whose statistics left no sample out. */
    public NewMicroRun(String suite, String variant, List<Double> samplesNanosPerOp, String jvm, String document,
                       String environment, Map<String, String> labels, String note, Instant createdAt) {
        this(suite, variant, samplesNanosPerOp, jvm, document, environment, labels, note, createdAt, 0);
    }

    /**
     * Which samples the report's statistics used: all but the {@link #upperOutliers} slowest (on equal values, the
     * later ones are left out first).
     */
    public boolean[] used() {
        boolean[] used = new boolean[samplesNanosPerOp.size()];
        Arrays.fill(used, true);
        Integer[] slowestFirst = IntStream.range(0, used.length).boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> samplesNanosPerOp.get(i)).reversed()
                        .thenComparing(Comparator.reverseOrder()))
                .toArray(Integer[]::new);
        for (int k = 0; k < upperOutliers; k++) {
            used[slowestFirst[k]] = false;
        }
        return used;
    }

    @Override
    public String source() {
        return SOURCE;
    }
}
