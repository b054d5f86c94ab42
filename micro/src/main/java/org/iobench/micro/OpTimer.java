package org.iobench.micro;

/** Runs one variant {@code ops} times and says how long that took; the harness's only time source for a sample. */
@FunctionalInterface
interface OpTimer {

    /** @return elapsed nanoseconds for {@code ops} calls, ops &gt;= 1 */
    long timeNanos(long ops);
}
