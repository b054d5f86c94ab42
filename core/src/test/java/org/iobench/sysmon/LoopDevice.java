package org.iobench.sysmon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.testing.Root;

/** A loop device over a sparse image file, attached with {@code losetup -f --show}; close() detaches it. */
final class LoopDevice implements AutoCloseable {

    final Path image;
    final Path device;

    private LoopDevice(Path image, Path device) {
        this.image = image;
        this.device = device;
    }

    /** Skips the calling test unless loop devices can be made here (CAP_SYS_ADMIN, the loop driver, losetup). */
    static void assumeAvailable(String why) {
        Root.assumeLoopDevices(why);
    }

    static LoopDevice attach(Path image, long sizeBytes) throws IOException {
        Root.sparseFile(image, sizeBytes);
        return new LoopDevice(image, Root.losetup(image));
    }

    /**
     * A loop device whose image holds an MBR with one Linux partition from sector 2048 to the end, attached with
     * {@code -P} so the kernel creates {@code loopNp1} (or, failing that, with {@code partx -a}).
     */
    static LoopDevice attachPartitioned(Path image, long sizeBytes) throws IOException {
        Root.sparseFile(image, sizeBytes);
        Root.writeMbr(image, new long[] {2048, sizeBytes / 512 - 2048});
        Path loop = Root.losetupPartitioned(image, 1);
        if (!Files.exists(Path.of("/sys/class/block", loop.getFileName() + "p1"))) {
            Root.detach(loop);
            throw new IOException("no partition device for " + loop);
        }
        return new LoopDevice(image, loop);
    }

    static String run(String... command) throws IOException {
        return Root.sh(command);
    }

    @Override
    public void close() {
        Root.detach(device);
    }
}
