package org.iobench.workload.files;

import java.io.IOException;
import java.nio.file.Path;
import org.iobench.engine.Blocking;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;

/**
 * A new file a copy test reads (kernel-dd's net1 source), cold: written outside any measured time with data that
 * does not compress, synced, and evicted from the page cache so that the copy reads it from its device (for an NFS
 * mount: over the network). Laid out through the set-up engine, like any file iobench prepares.
 */
public final class ColdFile {
    private static final int CHUNK = 1 << 20;

    private ColdFile() {}

    /**
     * Creates {@code file}, which must not exist, as an iobench scratch file ({@link ScratchFiles}) and writes
     * {@code bytes} to it.
     *
     * @throws IOException when it cannot be written or synced
     */
    public static void write(Path file, long bytes) throws IOException {
        try (IoEngine io = Engines.forSetup(); NativeBuffer buffer = NativeBuffer.allocate(CHUNK, 4096)) {
            IoFile f = io.open(file, OpenMode.CREATE_NEW);
            try {
                ScratchFiles.created(file, f.id()); // ours from now on: removed at the end, or at exit
                buffer.fillRandom(0x5eed);
                IoRequest r = new IoRequest(0, buffer);
                for (long done = 0; done < bytes; ) {
                    long n = Blocking.fully(io, r.prepare(IoOp.WRITE, f, done, Math.min(CHUNK, bytes - done)));
                    if (n <= 0) {
                        throw new IOException(file + ": write at offset " + done
                                + (n == 0 ? " wrote nothing" : " failed: " + Errno.describe((int) -n)));
                    }
                    done += n;
                    buffer.fillRandom(0x5eed + done); // each chunk its own data
                }
                long rc = Blocking.once(io, r.prepare(IoOp.FDATASYNC, f, 0, 0));
                if (rc < 0) {
                    throw new IOException(file + ": fdatasync: " + Errno.describe((int) -rc));
                }
                io.invalidate(f); // synced: every page is clean and goes
            } catch (IOException | RuntimeException e) {
                io.closeQuietly(f);
                throw e;
            }
            io.close(f);
        }
    }
}
