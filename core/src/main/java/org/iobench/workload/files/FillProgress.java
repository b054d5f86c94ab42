package org.iobench.workload.files;

import java.nio.file.Path;

/**
 * Hears how far the filling of a new file has come before the first run (a progress line's phase). Called on the
 * preparing thread after every chunk written; {@code doneBytes} reaches {@code totalBytes} before the final sync.
 */
@FunctionalInterface
public interface FillProgress {
    FillProgress NONE = (file, doneBytes, totalBytes) -> {};

    void filled(Path file, long doneBytes, long totalBytes);
}
