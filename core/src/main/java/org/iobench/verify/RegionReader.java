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
 * past the end of the target read as zeros. With {@code direct} it uses O_DIRECT and aligned buffers; without, it
 * first writes back and evicts the target's cached pages so what is checked comes from the device.
 */
final class RegionReader {
    static final long CHUNK_BYTES = 4L << 20;

    /** Receives each block: a little-endian view whose index 0 is the block start, valid during the call. */
    interface Sink {
        void block(ByteBuffer block, long offset, long index);
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
                    fill(io, fd, chunk, view, n * blockSize, offset, path);
                    for (long i = 0; i < n; i++) {
                        ByteBuffer block = view.slice((int) (i * blockSize), (int) blockSize)
                                .order(ByteOrder.LITTLE_ENDIAN);
                        sink.block(block, offset + i * blockSize, first + i);
                    }
                }
            }
        } finally {
            Libc.close(fd);
        }
    }

    private static void fill(NativeIo io, int fd, NativeBuffer chunk, ByteBuffer view, long length, long offset,
                             Path path) throws IOException {
        long done = 0;
        while (done < length) {
            long n = io.pread(fd, chunk, done, length - done, offset + done);
            if (n < 0) {
                throw new IOException("verify: read of " + (length - done) + " bytes at offset " + (offset + done)
                        + " of " + path + " failed: " + Errno.describe((int) -n));
            }
            if (n == 0) {
                for (long p = done; p < length; p++) {
                    view.put((int) p, (byte) 0);
                }
                return;
            }
            done += n;
        }
    }
}
