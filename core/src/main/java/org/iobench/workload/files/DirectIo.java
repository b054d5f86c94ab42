package org.iobench.workload.files;

import java.io.IOException;
import java.nio.file.Path;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.OpenMode;
import org.iobench.sys.Errno;
import org.iobench.sys.SysException;

/** Whether a file's filesystem accepts O_DIRECT opens at all (some FUSE and network filesystems refuse them). */
public final class DirectIo {
    private DirectIo() {}

    /** False only when an O_DIRECT open is refused with EINVAL; any other trouble is left for the run to report. */
    public static boolean supported(Path existingFile) {
        try (IoEngine io = Engines.forSetup()) {
            IoFile f = io.open(existingFile, OpenMode.READ.withDirect(true));
            io.closeQuietly(f); // opened read-only and never used: nothing to lose
            return true;
        } catch (SysException e) {
            return e.errno() != Errno.EINVAL;
        } catch (IOException e) {
            return true;
        }
    }
}
