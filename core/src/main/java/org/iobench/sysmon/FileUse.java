package org.iobench.sysmon;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Decides whether a regular file is in use by the kernel, so that a write benchmark can refuse to destroy it: the
 * file backs an attached loop device ({@code /sys/block/loop*}{@code /loop/backing_file}), or is an active swap
 * file ({@code /proc/swaps}). Files are compared by device and inode, so another name for the same file (a hard
 * link, a symbolic link, a bind mount) is caught too.
 *
 * <p>Not caught: a backing or swap file whose name the kernel reports as deleted while another hard link keeps it
 * alive, and a loop device whose backing file lies outside this process's mount namespace.
 */
public final class FileUse {
    private static final String DELETED = " (deleted)";

    private final BlockDevices devices;
    private final MountCheck mountCheck;
    private final Path procSwaps;

    public FileUse(BlockDevices devices, MountCheck mountCheck, Path procSwaps) {
        this.devices = devices;
        this.mountCheck = mountCheck;
        this.procSwaps = procSwaps;
    }

    public static FileUse system() {
        return new FileUse(BlockDevices.system(), MountCheck.system(), Path.of("/proc/swaps"));
    }

    /**
     * @return a reason such as {@code "backs the loop device /dev/loop5 (7:5), and loop5 (7:5) is mounted at /mnt
     * (ext4); ..."}, or empty when the file is not known to be in use (or cannot be read)
     */
    public Optional<String> whyBusy(Path file) {
        Optional<FileKey> key = FileKey.of(file);
        if (key.isEmpty()) {
            return Optional.empty();
        }
        for (BlockDevice loop : devices.all()) {
            if (!loop.isLoop() || loop.isPartition() || loop.loopBackingFile().isEmpty()) {
                continue;
            }
            String backing = loop.loopBackingFile().get().toString();
            if (backing.endsWith(DELETED)) {
                continue;
            }
            if (FileKey.of(Path.of(backing)).map(k -> k.sameFile(key.get())).orElse(false)) {
                Optional<String> use = mountCheck.whyBusy(loop);
                return Optional.of("backs the loop device " + loop.devicePath() + " (" + loop.devNumber() + ")"
                        + use.map(w -> ", and " + w).orElse("") + "; writing under a loop device corrupts what"
                        + " it presents (losetup -d " + loop.devicePath() + " detaches it)");
            }
        }
        List<SwapArea> swaps = SwapArea.read(procSwaps);
        for (SwapArea s : swaps) {
            if (s.isDevice() || s.path().isEmpty()) {
                continue;
            }
            if (FileKey.of(s.path().get()).map(k -> k.sameFile(key.get())).orElse(false)) {
                return Optional.of("is an active swap file (" + s.fileName() + " in " + procSwaps + "; swapoff releases it)");
            }
        }
        return Optional.empty();
    }
}
