package org.iobench.workload;

import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;

/**
 * The files fio's verify reads back from ({@link FioVerifySource}): the job's one file ({@link #of}), or the files of
 * a job over several ({@link ManyFilesSource}), each write logged with its file's number as fio logs its
 * {@code fio_file}.
 */
interface VerifyFiles {
    /** The number in the job of the file of {@code r}, a request the job's source has just prepared. */
    int fileOf(IoRequest r);

    /** File {@code i}, open for a read back (opened now if it is not); null when opening it failed the run. */
    IoFile verifyFile(int i);

    /** fio's {@code clear_io_state} before the verify phase: every open file closed (none has a request in flight). */
    void closeAll();

    /** The verify phase before a held new loop is over: the loop may start ({@link ManyFilesSource#holdLoops}). */
    default void resumeLoop() {
    }

    /** The job's one file: its number is 0, it stays open (the request log closes and opens it at each phase). */
    static VerifyFiles of(IoFile file) {
        return new VerifyFiles() {
            @Override
            public int fileOf(IoRequest r) {
                return 0;
            }

            @Override
            public IoFile verifyFile(int i) {
                return file;
            }

            @Override
            public void closeAll() {
            }
        };
    }
}
