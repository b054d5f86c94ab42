package org.iobench.store;

/**
 * What one repetition moved and how long it took, kept beside its rate so that comparisons can count a group's
 * bytes over its longest job's time, and leave the final sync out (the kernel-dd table's second view).
 *
 * @param bytes        the bytes the rate counts: all bytes moved; a copy's bytes copied (written)
 * @param elapsedNanos the measured time, the final sync inside it
 * @param syncNanos    the time of the syncs inside {@code elapsedNanos}
 */
public record SampleTiming(long bytes, long elapsedNanos, long syncNanos) {
    /** The time a rate divides by: elapsed, less the sync's time without it. */
    public long nanos(boolean withSync) {
        return withSync ? elapsedNanos : elapsedNanos - syncNanos;
    }
}
