package org.iobench.engine;

import java.nio.file.Path;

/**
 * An engine that touches no file (fio's {@code FIO_DISKLESSIO} engines: {@code null}, {@code cpuio}, {@code exec}):
 * files are named, never opened, and closing, invalidating or advising them does nothing.
 */
public interface DisklessEngine extends IoEngine {
    @Override
    default IoFile open(Path path, OpenMode mode) {
        return IoFile.unopened(path);
    }

    @Override
    default void close(IoFile file) {}

    @Override
    default void invalidate(IoFile file) {}

    @Override
    default int adviseAccess(IoFile file, boolean random, long offset, long length) {
        return 0;
    }
}
