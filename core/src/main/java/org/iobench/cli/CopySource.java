package org.iobench.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
import org.iobench.sys.FileId;
import org.iobench.sys.Libc;
import org.iobench.sys.OpenFlags;
import org.iobench.workload.target.ScratchFiles;

/**
 * A new file for a copy test to read (kernel-dd's net1 source): written outside any measured time with data that
 * does not compress, synced, and evicted from the page cache so that the copy reads it from its device (for an NFS
 * mount: over the network).
 */
final class CopySource {
    private CopySource() {}

    /**
     * Creates {@code file}, which must not exist, as an iobench scratch file ({@link ScratchFiles}) and writes
     * {@code bytes} to it.
     *
     * @throws IOException when it cannot be written or synced
     */
    static void write(Path file, long bytes) throws IOException {
        int fd = Libc.open(file, OpenFlags.O_WRONLY | OpenFlags.O_CREAT | OpenFlags.O_EXCL | OpenFlags.O_CLOEXEC,
                0644);
        try {
            ScratchFiles.created(file, FileId.of(fd)); // ours from now on: removed at the end, or at exit
        } finally {
            Libc.close(fd);
        }
        SplittableRandom random = new SplittableRandom(0x5eed);
        ByteBuffer block = ByteBuffer.allocateDirect(1 << 20);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            long done = 0;
            while (done < bytes) {
                block.clear();
                while (block.remaining() >= Long.BYTES) {
                    block.putLong(random.nextLong());
                }
                block.flip();
                block.limit((int) Math.min(block.limit(), bytes - done));
                while (block.hasRemaining()) {
                    done += ch.write(block);
                }
            }
            ch.force(false);
        }
        evict(file);
    }

    /** Drops {@code file}'s cached pages (posix_fadvise DONTNEED after the data reached the device). */
    static void evict(Path file) throws IOException {
        int fd = Libc.open(file, OpenFlags.O_RDONLY, 0);
        try {
            int errno = Libc.fadvise(fd, 0, 0, Libc.POSIX_FADV_DONTNEED);
            if (errno != 0) {
                throw new IOException(file + ": posix_fadvise(DONTNEED): " + Libc.strerror(errno));
            }
        } finally {
            Libc.close(fd);
        }
    }
}
