package org.iobench.session;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import org.iobench.sys.Libc;
import org.iobench.sys.NewFile;
import org.iobench.sys.SysException;

/**
 * The files a command makes for itself beside the user's (a probe that a directory takes new files, the temporary
 * file an output is written to before its rename), made as {@code mkstemp(3)} makes them ({@link NewFile}): a name
 * with 128 random bits, created {@code O_CREAT|O_EXCL|O_NOFOLLOW} mode 0600, removed only while it is still the
 * inode made. A file or link planted in a shared directory is never written or removed in its place.
 */
public final class OwnFiles {
    private OwnFiles() {}

    /**
     * Creates and removes a file in {@code dir}: finds a read-only filesystem, EACCES, no inodes, now.
     *
     * @throws IOException the reason no file can be made there
     */
    public static void probe(Path dir) throws IOException {
        try {
            NewFile.create(dir, ".iobench-probe-", ".tmp").remove();
        } catch (SysException e) {
            // the reason as the C library words it ("Read-only file system"), the random name left out
            throw new FileSystemException(dir.toString(), null, Libc.strerror(e.errno()));
        }
    }

    /** {@code dir/prefix + 26 random characters + suffix}, not created: a name nobody could have chosen before. */
    public static Path unpredictable(Path dir, String prefix, String suffix) {
        return NewFile.unpredictable(dir, prefix, suffix);
    }
}
