package org.iobench.search;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * One load a search measures.
 *
 * @param threads            workers, &ge; 1
 * @param iodepth            requests in flight per worker, &ge; 1
 * @param rateOpsPerSecond   rate limit of the job in requests per second; 0 = as fast as it goes
 */
public record Setting(int threads, int iodepth, double rateOpsPerSecond) {
    public Setting {
        if (threads < 1 || iodepth < 1 || rateOpsPerSecond < 0) {
            throw new IllegalArgumentException("threads " + threads + ", iodepth " + iodepth + ", rate "
                    + rateOpsPerSecond);
        }
    }

    /** This setting with the parallelism axis set to {@code level}. */
    public Setting with(Axis axis, int level) {
        return switch (axis) {
            case THREADS -> new Setting(level, iodepth, rateOpsPerSecond);
            case IODEPTH -> new Setting(threads, level, rateOpsPerSecond);
            case AUTO, RATE -> throw new IllegalArgumentException(axis + " is not one parallelism level");
        };
    }

    public Setting withRate(double opsPerSecond) {
        return new Setting(threads, iodepth, opsPerSecond);
    }

    /**
     * The level of {@code axis} in this setting: the rate, rounded, for {@link Axis#RATE}; requests in flight for
     * {@link Axis#AUTO}.
     */
    public long level(Axis axis) {
        return switch (axis) {
            case THREADS -> threads;
            case IODEPTH -> iodepth;
            case AUTO -> inFlight();
            case RATE -> Math.round(rateOpsPerSecond);
        };
    }

    /** Requests in flight at most: threads × iodepth. */
    @JsonProperty
    public int inFlight() {
        return threads * iodepth;
    }

    /** {@code "threads=8"}, {@code "threads=1,iodepth=32"}, {@code "threads=4,rate=5000"}: for job names. */
    public String label() {
        StringBuilder b = new StringBuilder("threads=").append(threads);
        if (iodepth > 1) {
            b.append(",iodepth=").append(iodepth);
        }
        if (rateOpsPerSecond > 0) {
            b.append(",rate=").append(String.format(Locale.ROOT, "%.0f", rateOpsPerSecond));
        }
        return b.toString();
    }
}
