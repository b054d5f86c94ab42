package org.iobench.verify;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.iobench.sys.Errno;
import org.iobench.sys.Libc;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.NativeIo;
import org.iobench.sys.OpenFlags;

/**
 * Reads a region of a target block by block, in chunks of several blocks, and hands each block to a sink. Bytes
 * past the end of the target read as zeros; a chunk whose read fails is read again block by block, and each block
 * that still fails is reported unreadable (the check goes on). With {@code direct} it uses O_DIRECT and aligned buffers; without, it
 * first writes back and evicts the target's cached pages so what is checked comes from the device.
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
        int fd = Libc.open(path, OpenFlags.O_RDONLY | (direct ? OpenFlags.O_DIRECT : 0), 0);
        try {
            if (!direct) {
                Libc.fdatasync(fd);
                Libc.fadvise(fd, 0, 0, Libc.POSIX_FADV_DONTNEED);
            }
            long perChunk = Math.max(1, CHUNK_BYTES / blockSize);
            NativeIo io = new NativeIo();
            try (NativeBuffer chunk = NativeBuffer.allocate(perChunk * blockSize, 4096)) {
                ByteBuffer view = chunk.asByteBuffer();
                for (long first = 0; first < blocks; first += perChunk) {
                    long n = Math.min(perChunk, blocks - first);
                    long offset = start + first * blockSize;
                    if (fill(io, fd, chunk, view, 0, n * blockSize, offset) == 0) {
                        for (long i = 0; i < n; i++) {
                            sink.block(block(view, i, blockSize), offset + i * blockSize, first + i);
                        }
                        continue;
                    }
                    // A read error somewhere in the chunk: read it block by block to tell which blocks are bad.
                    for (long i = 0; i < n; i++) {
                        long at = offset + i * blockSize;
                        int errno = fill(io, fd, chunk, view, i * blockSize, blockSize, at);
                        if (errno != 0) {
                            sink.unreadable(at, first + i, Errno.describe(errno));
                        } else {
                            sink.block(block(view, i, blockSize), at, first + i);
                        }
                    }
                }
            }
        } finally {
            Libc.close(fd);
        }
    }

    private static ByteBuffer block(ByteBuffer view, long i, long blockSize) {
        return view.slice((int) (i * blockSize), (int) blockSize).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Reads {@code length} bytes at {@code offset} into the chunk from {@code at}; returns 0 or the errno. */
    private static int fill(NativeIo io, int fd, NativeBuffer chunk, ByteBuffer view, long at, long length,
                            long offset) {
        long done = 0;
        while (done < length) {
            long n = io.pread(fd, chunk, at + done, length - done, offset + done);
            if (n < 0) {
                return (int) -n;
            }
            if (n == 0) {
                for (long p = at + done; p < at + length; p++) {
                    view.put((int) p, (byte) 0);
                }
                return 0;
            }
            done += n;
        }
        return 0;
    }
}
