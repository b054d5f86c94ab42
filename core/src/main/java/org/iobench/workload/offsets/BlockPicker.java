package org.iobench.workload.offsets;

/**
 * Chooses the blocks of a random job: each call returns a block index in {@code [0, blocks)}, the unit being the
 * job's smallest request (fio's {@code min_bs}). A picker that keeps a random map returns {@link #PASS_DONE} once
 * every block was chosen in this pass; {@link #newPass()} starts the next one (fio resets its map for a time-based
 * job or when more I/O is due than the region holds).
 *
 * <p>Not thread-safe: one picker per worker (per file), used by that worker's thread only.
 */
public interface BlockPicker {
    long PASS_DONE = -1;

    long next();

    /**
     * A request of {@code blocks} blocks starting at {@code first} (just returned by {@link #next}): claims the
     * following ones in the map while they are unused and returns how many blocks the request may cover (fio shortens
     * it at the first block already used); without a map, all of them.
     */
    default long extend(long first, long blocks) {
        return blocks;
    }

    /** Forgets which blocks this pass used; a no-op for pickers without a map. */
    default void newPass() {}
}
