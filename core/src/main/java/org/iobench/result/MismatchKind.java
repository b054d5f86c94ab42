package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a verified block differs from what was written; the rules are in docs/verify.md. The last two describe blocks
 * that a standalone check cannot attribute to the run and are not failures.
 */
public enum MismatchKind {
    /** A complete, intact block of an older write (older sequence number, or an older run): a lost write. */
    STALE("stale", true),
    /** The header of one write with the payload, or part of it, from another: a partial write. */
    TORN("torn", true),
    /** A damaged header, or a payload differing from its write in a few bytes: bit rot, a flipped byte. */
    CORRUPT("corrupt", true),
    /** An intact block of this run whose header names another offset: a misdirected write. */
    MISPLACED("misplaced", true),
    /** No iobench header where this run wrote one (zeros, or foreign data). */
    GARBAGE("garbage", true),
    /** The read of the block failed (EIO...): the device could not return it. */
    UNREADABLE("unreadable", true),
    /** An intact block of another run, where nothing says this run wrote (standalone check without a layout). */
    OTHER_RUN("other-run", false),
    /** No iobench header, where nothing says this run wrote (standalone check without a layout). */
    UNSTAMPED("unstamped", false);

    private final String label;
    private final boolean failure;

    MismatchKind(String label, boolean failure) {
        this.label = label;
        this.failure = failure;
    }

    @JsonValue
    public String label() { return label; }

    /** True when this kind fails the verification (exit status 1). */
    public boolean failure() { return failure; }

    @Override
    public String toString() {
        return label;
    }
}
