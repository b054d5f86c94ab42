package org.iobench.measure;

/** A monotonic clock in nanoseconds, injected so tests can drive time-based logic without sleeping. */
@FunctionalInterface
public interface NanoClock {
    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();
}
