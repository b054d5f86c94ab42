package org.iobench.sysmon.env;

import java.util.List;

/**
 * The machine a run ran on, captured once when it is saved so that results from different kernels, disks and
 * builds can be told apart later. Absent values are {@code null} (text) or {@code -1} (numbers), never a guess.
 *
 * @param hostname        the node name ({@code /proc/sys/kernel/hostname})
 * @param kernelRelease   {@code uname -r}, from {@code /proc/sys/kernel/osrelease}
 * @param kernelCmdline   {@code /proc/cmdline}
 * @param cpuModel        the first {@code model name} of {@code /proc/cpuinfo}
 * @param cpuCount        online CPUs the JVM sees
 * @param memTotalBytes   {@code MemTotal} of {@code /proc/meminfo}, bytes
 * @param filesystem      the filesystem holding the target; null for a block device or an unknown mount
 * @param device          the block device under the target (the partition's whole disk for queue settings); null
 *                        where there is none (tmpfs)
 * @param iobenchVersion  the iobench build
 * @param gitCommit       the commit iobench was built from ({@code -dirty} appended for uncommitted changes), or
 *                        null when unknown
 * @param javaVersion     {@code Runtime.version()} and the VM name
 */
public record Environment(String hostname, String kernelRelease, String kernelCmdline, String cpuModel, int cpuCount,
                          long memTotalBytes, Filesystem filesystem, Device device, String iobenchVersion,
                          String gitCommit, String javaVersion) {

    /** For imported results: nothing is known of the machine they ran on. */
    public static Environment unknown(String iobenchVersion) {
        return new Environment(null, null, null, null, -1, -1, null, null, iobenchVersion, null, null);
    }

    /**
     * @param type         {@code ext4}, {@code xfs}, {@code tmpfs}
     * @param mountPoint   where it is mounted
     * @param source       what is mounted ({@code /dev/vda1})
     * @param mountOptions per-mount and per-superblock options, in that order, without duplicates
     */
    public record Filesystem(String type, String mountPoint, String source, List<String> mountOptions) {
        public Filesystem {
            mountOptions = List.copyOf(mountOptions);
        }
    }

    /**
     * @param name              kernel name of the device the target is on ({@code vda1}, {@code loop3})
     * @param wholeDisk         its whole disk ({@code vda}); equals {@code name} for a whole disk
     * @param model             {@code device/model}, null if the driver gives none (virtio, loop)
     * @param sizeBytes         capacity of {@code name}, -1 if unknown
     * @param rotational        spinning disk
     * @param scheduler         active I/O scheduler, null if none is reported
     * @param logicalBlockSize  bytes, -1 if unknown
     * @param physicalBlockSize bytes, -1 if unknown
     * @param loopDirectIo      for a loop device, whether it reads and writes its backing file with direct I/O
     *                          ({@code loop/dio}); null for other devices and in environments recorded before it
     */
    public record Device(String name, String wholeDisk, String model, long sizeBytes, boolean rotational,
                         String scheduler, long logicalBlockSize, long physicalBlockSize, Boolean loopDirectIo) {}
}
