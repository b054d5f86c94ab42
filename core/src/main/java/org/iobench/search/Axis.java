package org.iobench.search;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/**
 * What a search varies: worker threads, queue depth per worker, threads then queue depth ({@code auto}, for async
 * engines), or (latency-targeted searches) a rate limit.
 */
public enum Axis {
    THREADS("threads"), IODEPTH("iodepth"), AUTO("auto"), RATE("rate");

    private final String label;

    Axis(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() { return label; }

    public static Optional<Axis> byLabel(String label) {
        return Arrays.stream(values()).filter(a -> a.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
