package org.iobench.search;

import java.io.IOException;

/** Measures one load: a short time-based run at {@code setting}. Tests model a device with a function instead. */
@FunctionalInterface
public interface PointMeasurer {
    Point measure(Setting setting) throws IOException;
}
