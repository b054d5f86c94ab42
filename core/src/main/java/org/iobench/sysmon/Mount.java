package org.iobench.sysmon;

import java.nio.file.Path;
import java.util.List;

/**
 * One line of {@code /proc/self/mountinfo} (see proc(5)). Octal escapes ({@code \040} for space) are decoded.
 *
 * @param mountId      unique id of the mount
 * @param parentId     id of the parent mount
 * @param devNumber    st_dev of files on this filesystem; major 0 means no block device of its own
 * @param root         the directory of the filesystem that forms the root of this mount (not "/" for bind mounts)
 * @param mountPoint   where it is mounted, relative to the process's root
 * @param mountOptions per-mount options, e.g. {@code [rw, relatime]}
 * @param fsType       filesystem type, e.g. {@code ext4}, {@code tmpfs}, {@code fuse.sshfs}
 * @param source       filesystem-specific source, e.g. {@code /dev/vda}, or {@code none}
 * @param superOptions per-superblock options, e.g. {@code [rw, discard]}
 */
public record Mount(int mountId, int parentId, DevNumber devNumber, String root, Path mountPoint,
                    List<String> mountOptions, String fsType, String source, List<String> superOptions) {

    public Mount {
        mountOptions = List.copyOf(mountOptions);
        superOptions = List.copyOf(superOptions);
    }

    /** True if the per-mount or per-superblock options contain {@code option} (e.g. {@code "ro"}, {@code "discard"}). */
    public boolean hasOption(String option) {
        return mountOptions.contains(option) || superOptions.contains(option);
    }

    /** True if mounted read-only. */
    public boolean readOnly() {
        return mountOptions.contains("ro");
    }
}
