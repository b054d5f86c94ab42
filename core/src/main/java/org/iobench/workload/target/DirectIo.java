package org.iobench.workload.target;

import java.nio.file.Path;
import org.iobench.sys.Errno;
import org.iobench.sys.Libc;
import org.iobench.sys.OpenFlags;
import org.iobench.sys.SysException;

/** Whether a file's filesystem accepts O_DIRECT opens at all (some FUSE and network filesystems refuse them). */
public final class DirectIo {
    private DirectIo() {}

    public static boolean supported(Path existingFile) {
        try {
            Libc.close(Libc.open(existingFile, OpenFlags.O_RDONLY | OpenFlags.O_DIRECT, 0));
            return true;
        } catch (SysException e) {
            if (e.errno() == Errno.EINVAL) {
                return false;
            }
            return true;
        }
    }
}
