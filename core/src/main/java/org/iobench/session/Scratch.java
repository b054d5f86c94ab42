package org.iobench.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.function.IntSupplier;
import org.iobench.sys.NewFile;
import org.iobench.workload.files.ColdFile;
import org.iobench.workload.files.DirectIo;
import org.iobench.workload.files.ScratchFiles;

/**
 * The scratch files a suite works on: registered before the runs so that they are removed at the end or at exit
 * (Ctrl-C included), whatever happens; and what the suite asks of their directory before it chooses its jobs.
 */
public final class Scratch {
    private Scratch() {}

    /** Runs {@code body} with {@code file} registered as a scratch file, and removes the file afterwards. */
    public static int around(Path file, IntSupplier body) {
        ScratchFiles.register(file);
        try {
            return body.getAsInt();
        } finally {
            ScratchFiles.remove(file);
        }
    }

    /**
     * Whether {@code dir}'s filesystem accepts O_DIRECT (probed on a file made and removed there).
     *
     * @throws IOException when no file can be made there
     */
    public static boolean directSupported(Path dir) throws IOException {
        NewFile probe = NewFile.create(dir, ".iobench-probe-", ".tmp");
        try {
            return DirectIo.supported(probe.path());
        } finally {
            probe.remove();
        }
    }

    /**
     * The name of {@code suite}'s scratch file in {@code dir}: {@code .iobench-SUITE-<26 random characters>.tmp},
     * free now. Nobody can plant a file or a link at it beforehand; the suite's first job creates it exclusively
     * and its later jobs rewrite it as the file this process made, with no consent granted for anything else.
     */
    public static Path name(Path dir, String suite) {
        Path p;
        do {
            p = NewFile.unpredictable(dir.toAbsolutePath(), ".iobench-" + suite + "-", ".tmp");
        } while (Files.exists(p, LinkOption.NOFOLLOW_LINKS));
        return p;
    }

    /**
     * Writes {@code bytes} of data that does not compress to the new scratch file {@code file}, synced and evicted
     * from the page cache ({@link ColdFile}), then runs {@code body}; the file is removed afterwards.
     *
     * @throws IOException when the file cannot be written
     */
    public static int aroundColdFile(Path file, long bytes, IntSupplier body) throws IOException {
        ScratchFiles.register(file);
        try {
            ColdFile.write(file, bytes);
            return body.getAsInt();
        } finally {
            ScratchFiles.remove(file);
        }
    }
}
