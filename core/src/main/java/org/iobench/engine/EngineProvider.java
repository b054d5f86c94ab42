package org.iobench.engine;

import java.io.IOException;

/** Makes engines of one kind; registered in {@link Engines}. */
public interface EngineProvider {
    /** The name users type: {@code --engine NAME}. */
    String name();

    /** True when the engine can only keep one request in flight per worker. */
    boolean synchronous();

    /**
     * True when the engine's reads and writes show up in {@code /proc/self/io} {@code rchar}/{@code wchar}
     * (they are counted by the {@code read}/{@code write} family of system calls). io_uring bypasses them, so
     * a check comparing those counters with iobench's own byte counts must be skipped for such engines.
     */
    default boolean countedInProcIo() {
        return true;
    }

    /**
     * False for engines that move no data to or from storage ({@code null}): their runs measure iobench itself, so
     * no file is opened or created for them and the store keeps them apart from storage runs.
     */
    default boolean storage() {
        return true;
    }

    /**
     * False for engines whose reads and writes are not data transfers but other calls on the file, counted by their
     * length as fio counts them (fio's {@code ftruncate}, {@code falloc}): reads return no data to check.
     */
    default boolean transfersData() {
        return storage();
    }

    /**
     * True when the engine's trims work on regular files (fio's {@code falloc}: a hole punched); false for the data
     * engines, whose trims are {@code BLKDISCARD} and need a block device (see {@link IoOp#TRIM}).
     */
    default boolean trimsFiles() {
        return false;
    }

    /** Creates an engine for one worker; throws when the engine cannot work on this system, saying why. */
    IoEngine create(EngineOptions options) throws IOException;
}
