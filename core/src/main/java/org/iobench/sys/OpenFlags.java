package org.iobench.sys;

/**
 * {@code open(2)} flag values for the running architecture.
 *
 * <p>Most flags share the asm-generic values, but a few differ per architecture (aarch64 swaps
 * {@code O_DIRECT} and {@code O_DIRECTORY}), so they are looked up here, never written as bare
 * literals elsewhere.
 */
public final class OpenFlags {
    public static final int O_RDONLY = 0;
    public static final int O_WRONLY = 1;
    public static final int O_RDWR = 2;
    public static final int O_CREAT = 0100;
    public static final int O_EXCL = 0200;
    public static final int O_TRUNC = 01000;
    public static final int O_DSYNC = 010000;
    public static final int O_SYNC = 04010000;
    public static final int O_CLOEXEC = 02000000;
    public static final int O_DIRECT;
    /** Fail with ELOOP when the last component of the path is a symbolic link. */
    public static final int O_NOFOLLOW;

    static {
        String arch = System.getProperty("os.arch");
        O_DIRECT = switch (arch) {
            case "amd64", "x86_64" -> 040000;
            case "aarch64", "arm64" -> 0200000;
            default -> throw new ExceptionInInitializerError("unsupported architecture for O_DIRECT: " + arch);
        };
        O_NOFOLLOW = switch (arch) {
            case "amd64", "x86_64" -> 0400000;
            default -> 0100000; // aarch64 (checked above)
        };
    }

    private OpenFlags() {}
}
