package org.iobench.sysmon;

/**
 * A Linux device number, {@code major:minor}, as in mountinfo field 3, {@code /sys/class/block/X/dev} and
 * {@code /sys/dev/block/MAJ:MIN}.
 *
 * @param major 0..4095 (major 0 is the kernel's "anonymous" block, used by tmpfs, overlay, btrfs subvolumes...)
 * @param minor 0..1048575
 */
public record DevNumber(int major, int minor) {

    public DevNumber {
        if (major < 0 || minor < 0) {
            throw new IllegalArgumentException("device number must not be negative: " + major + ":" + minor);
        }
    }

    /** Parses {@code "254:0"}. */
    public static DevNumber parse(String majorColonMinor) {
        String s = majorColonMinor.strip();
        int colon = s.indexOf(':');
        if (colon <= 0 || colon == s.length() - 1) {
            throw new IllegalArgumentException("not a major:minor device number: '" + majorColonMinor + "'");
        }
        try {
            return new DevNumber(Integer.parseInt(s, 0, colon, 10), Integer.parseInt(s, colon + 1, s.length(), 10));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a major:minor device number: '" + majorColonMinor + "'", e);
        }
    }

    /**
     * Decodes a kernel {@code dev_t} as returned by {@code stat(2)} (and by Java's {@code "unix:dev"} /
     * {@code "unix:rdev"} attributes), using glibc's {@code gnu_dev_major}/{@code gnu_dev_minor} layout.
     */
    public static DevNumber fromDevT(long devT) {
        long major = ((devT >>> 8) & 0xfffL) | ((devT >>> 32) & ~0xfffL);
        long minor = (devT & 0xffL) | ((devT >>> 12) & ~0xffL);
        return new DevNumber((int) major, (int) minor);
    }

    /** True for major 0: a filesystem with no block device of its own (tmpfs, overlay, btrfs, nfs, proc...). */
    public boolean isAnonymous() {
        return major == 0;
    }

    @Override
    public String toString() {
        return major + ":" + minor;
    }
}
