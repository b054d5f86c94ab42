package org.iobench.verify;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
import org.iobench.sys.SysException;

/**
 * Reads a region of a target block by block, in chunks of several blocks, and hands each block to a sink. Bytes
 * past the end of the target read as zeros; a chunk whose read fails is read again block by block, and each block
 * that still fails is reported unreadable (the check goes on). With {@code direct} it uses O_DIRECT and aligned
 * buffers; without, it first writes back and evicts the target's cached pages (a sync request, then the engine's
 * invalidate) so what is checked comes from the device. All through the set-up engine ({@link Engines#setup()}).
 */
final class RegionReader {
    static final long CHUNK_BYTES = 4L << 20;

    /** Receives each block: a little-endian view whose index 0 is the block start, valid during the call. */
    interface Sink {
        void block(ByteBuffer block, long offset, long index);

        /** The block could not be read; {@code error} says why ({@code "EIO (Input/output error)"}). */
        void unreadable(long offset, long index, String error);
    }

    private RegionReader() {}

    static void read(Path path, boolean direct, long start, long blocks, long blockSize, Sink sink)
            throws IOException {
        long perChunk = Math.max(1, CHUNK_BYTES / blockSize);
        try (IoEngine io = Engines.forSetup();
             NativeBuffer chunk = NativeBuffer.allocate(perChunk * blockSize, 4096)) {
            IoFile file = io.open(path, OpenMode.READ.withDirect(direct));
            try {
                IoRequest r = new IoRequest(0, chunk);
                if (!direct) {
                    long rc = Blocking.once(io, r.prepare(IoOp.FDATASYNC, file, 0, 0));
                    if (rc < 0) {
                        throw new SysException("fdatasync", path.toString(), (int) -rc);
                    }
                    io.invalidate(file);
                }
                ByteBuffer view = chunk.asByteBuffer();
                for (long first = 0; first < blocks; first += perChunk) {
                    long n = Math.min(perChunk, blocks - first);
                    long offset = start + first * blockSize;
                    if (fill(io, r, file, view, 0, n * blockSize, offset) == 0) {
                        for (long i = 0; i < n; i++) {
                            sink.block(block(view, i, blockSize), offset + i * blockSize, first + i);
                        }
                        continue;
                    }
                    // A read error somewhere in the chunk: read it block by block to tell which blocks are bad.
                    for (long i = 0; i < n; i++) {
                        long at = offset + i * blockSize;
                        int errno = fill(io, r, file, view, i * blockSize, blockSize, at);
                        if (errno != 0) {
                            sink.unreadable(at, first + i, Errno.describe(errno));
                        } else {
                            sink.block(block(view, i, blockSize), at, first + i);
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                io.closeQuietly(file);
                throw e;
            }
            io.close(file);
        }
    }

    private static ByteBuffer block(ByteBuffer view, long i, long blockSize) {
        return view.slice((int) (i * blockSize), (int) blockSize).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Reads {@code length} bytes at {@code offset} into the chunk from {@code at}; returns 0 or the errno. Bytes past
     * the end of the target read as zeros.
     */
    private static int fill(IoEngine io, IoRequest r, IoFile file, ByteBuffer view, long at, long length,
                            long offset) {
        long n = Blocking.fully(io, r.prepare(IoOp.READ, file, offset, length, at));
        if (n < 0) {
            return (int) -n;
        }
        for (long p = at + n; p < at + length; p++) {
            view.put((int) p, (byte) 0);
        }
        return 0;
    }
}
