package org.iobench.search;

import com.fasterxml.jackson.annotation.JsonValue;

/** Why a search stopped measuring. */
public enum Stop {
    /** Throughput stopped growing: the last steps gained less than the minimum over the point before them. */
    PLATEAU("plateau", "throughput gained less than 5% over two steps"),
    /** A step's p99 latency jumped beyond the explosion factor. */
    LATENCY_EXPLODED("latency-exploded", "p99 latency exploded"),
    /** A latency-targeted search found the boundary (and refined it). */
    TARGET_BOUNDARY("target-boundary", "found the highest load within the latency target"),
    /** A rate search: even the unthrottled load meets the target, so no rate limit is needed. */
    UNLIMITED_MEETS_TARGET("unlimited-meets-target", "the unthrottled load already meets the latency target"),
    /** The largest level asked ({@code --max}) was reached before two flat steps. */
    LIMIT("limit", "reached --max before the curve flattened"),
    /** A point was cut short (I/O error, Ctrl-C). */
    INCOMPLETE("incomplete", "a step was cut short");

    private final String label;
    private final String description;

    Stop(String label, String description) {
        this.label = label;
        this.description = description;
    }

    @JsonValue
    public String label() { return label; }

    public String description() { return description; }
}
