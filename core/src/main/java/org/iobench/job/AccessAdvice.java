package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The access pattern a worker announces to the kernel at each open of its files ({@code posix_fadvise}), as fio's
 * {@code fadvise_hint} does: {@code random} (POSIX_FADV_RANDOM: Linux reads nothing ahead) or {@code sequential}
 * (POSIX_FADV_SEQUENTIAL: twice the device's read-ahead window). A job without one ({@code null} in
 * {@link Durability#advice()}) leaves the kernel's default read-ahead, as iobench's own jobs do.
 */
public enum AccessAdvice {
    RANDOM("random"), SEQUENTIAL("sequential");

    private final String label;

    AccessAdvice(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() { return label; }

    /** fio's {@code fadvise_hint=1} (its default): random for a random pattern, else sequential (mixes too). */
    public static AccessAdvice of(RwMode rw) {
        return rw.random() ? RANDOM : SEQUENTIAL;
    }
}
