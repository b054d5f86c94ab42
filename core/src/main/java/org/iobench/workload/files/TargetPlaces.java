package org.iobench.workload.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Set;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.Sizes;

/**
 * Where a target may be, decided before anything is opened: a name that is there (not empty, which would be this
 * directory by accident), on storage (not the kernel's own file systems, where a "file" is a setting: 4 KiB of zeros
 * into a sysfs attribute changes the machine), a copy's source that is data (not a directory), and a new file that
 * fits in the free space of its file system (statvfs's f_bavail, what an unprivileged writer may use).
 */
final class TargetPlaces {
    /** File systems whose files are the kernel's interfaces, not storage (their {@code /proc/mounts} type). */
    static final Set<String> KERNEL_FILE_SYSTEMS = Set.of("proc", "sysfs", "debugfs", "tracefs", "securityfs",
            "cgroup", "cgroup2", "configfs", "pstore", "efivarfs", "bpf", "fusectl", "binfmt_misc", "selinuxfs");

    private TargetPlaces() {}

    /** Refuses an empty target or source, one on a kernel file system, and a copy's source that is a directory. */
    static void check(JobSpec spec) {
        check("TARGET", spec.target());
        Path source = spec.copy().source();
        if (source != null) {
            check("--source", source);
            if (Files.isDirectory(source)) {
                throw new InvalidJobException("--source", source, "is a directory; a copy reads a file, a block"
                        + " device or /dev/zero");
            }
        }
    }

    /**
     * A file-operation job (fio's filecreate, filestat, filedelete) works only on files it makes: one of its files
     * that exists already is refused here, before any is made, unless {@code --allow-overwrite} hands them over.
     */
    static void checkFileOps(JobSpec spec) {
        if (spec.fileOps() == null || spec.safety().allowOverwrite()) {
            return;
        }
        for (Path f : spec.fileOps().files()) {
            if (Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
                throw new InvalidJobException("TARGET", f, "exists; the " + spec.queue().engine() + " engine works"
                        + " only on files it makes (--allow-overwrite hands existing ones over)");
            }
        }
    }

    private static void check(String option, Path path) {
        if (path.toString().isEmpty()) {
            throw new InvalidJobException(option, "''", "is empty; name a file, a directory (. for this one) or a"
                    + " block device");
        }
        String type = fileSystemType(path);
        if (type != null && KERNEL_FILE_SYSTEMS.contains(type)) {
            throw new InvalidJobException(option, path, "is on " + type + ", the kernel's interface, not storage;"
                    + " iobench neither reads nor writes there");
        }
    }

    /** The type of the file system {@code path} (or its nearest existing directory) is on; null if unknown. */
    private static String fileSystemType(Path path) {
        Path p = path.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return null;
        }
        try {
            return Files.getFileStore(p).type();
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /**
     * Refuses a new file in {@code dir} that would not fit: its end ({@code --offset} plus the region: {@code --size},
     * a copy's source, or the 1 GiB default) beyond the free space of the file system. A job filling the device
     * (fio's fill_device) writes until it is full and is not refused.
     *
     * @param region the bytes the new file's region will have
     */
    static void checkFits(JobSpec spec, Path dir, long region) throws IOException {
        if (spec.layout().fillDevice() || spec.fileOps() != null) {
            return;
        }
        long end = spec.workload().offsetBytes() + region;
        if (end < 0) {
            end = Long.MAX_VALUE;
        }
        long free = Files.getFileStore(dir).getUsableSpace();
        if (end > free) {
            boolean given = spec.workload().sizeBytes() > 0;
            String value = given ? Sizes.binary(spec.workload().sizeBytes())
                    : Sizes.binary(region) + " (" + (spec.copy().source() != null ? "the source's size"
                    : "the size of a new file without --size") + ")";
            throw new InvalidJobException("--size", value, "a new file in " + dir + " of " + Sizes.humanBinary(end)
                    + (spec.workload().offsetBytes() > 0 ? " (with --offset)" : "") + " needs more than the "
                    + Sizes.humanBinary(free) + " free on its file system");
        }
    }
}
