package org.iobench.sys;

import java.util.Map;

/** Linux errno numbers (asm-generic, shared by x86_64 and aarch64) and their symbolic names. */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int ENXIO = 6;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int EFAULT = 14;
    public static final int EBUSY = 16;
    public static final int EEXIST = 17;
    public static final int ENODEV = 19;
    public static final int EISDIR = 21;
    public static final int EINVAL = 22;
    /** Not a terminal, and generally: an ioctl this file does not have ({@code BLKDISCARD} on a regular file). */
    public static final int ENOTTY = 25;
    public static final int EFBIG = 27;
    public static final int ENOSPC = 28;
    public static final int EROFS = 30;
    public static final int ENOSYS = 38;
    public static final int EOPNOTSUPP = 95;
    public static final int ETIME = 62;
    public static final int ESTALE = 116;
    public static final int EDQUOT = 122;
    /** Illegal byte sequence: the errno fio 3.33 reports for a block that fails its verify. */
    public static final int EILSEQ = 84;
    public static final int ECANCELED = 125;

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(EPERM, "EPERM"), Map.entry(ENOENT, "ENOENT"), Map.entry(EINTR, "EINTR"),
            Map.entry(EIO, "EIO"), Map.entry(ENXIO, "ENXIO"), Map.entry(EBADF, "EBADF"),
            Map.entry(EAGAIN, "EAGAIN"), Map.entry(ENOMEM, "ENOMEM"), Map.entry(EACCES, "EACCES"),
            Map.entry(EFAULT, "EFAULT"), Map.entry(EBUSY, "EBUSY"), Map.entry(EEXIST, "EEXIST"),
            Map.entry(ENODEV, "ENODEV"), Map.entry(EISDIR, "EISDIR"), Map.entry(EINVAL, "EINVAL"),
            Map.entry(EFBIG, "EFBIG"), Map.entry(ENOSPC, "ENOSPC"), Map.entry(EROFS, "EROFS"),
            Map.entry(ENOSYS, "ENOSYS"), Map.entry(EOPNOTSUPP, "EOPNOTSUPP"), Map.entry(ETIME, "ETIME"),
            Map.entry(ESTALE, "ESTALE"), Map.entry(EDQUOT, "EDQUOT"), Map.entry(ECANCELED, "ECANCELED"),
            Map.entry(EILSEQ, "EILSEQ"));

    private Errno() {}

    /** The symbolic name ({@code "ENOSPC"}), or {@code "errno 123"} for numbers not in the table. */
    public static String name(int errno) {
        String n = NAMES.get(errno);
        return n != null ? n : "errno " + errno;
    }

    /** {@code "No space left on device (ENOSPC)"}: libc's text plus the symbolic name. */
    public static String describe(int errno) {
        return Libc.strerror(errno) + " (" + name(errno) + ")";
    }
}
