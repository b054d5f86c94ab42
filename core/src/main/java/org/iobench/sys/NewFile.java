package org.iobench.sys;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;

/**
 * A file iobench makes for itself (a probe, a scratch file, a temporary output), as {@code mkstemp(3)} makes one: in
 * a directory others may write to (a shared {@code /tmp}, a project directory), nothing planted there in advance can
 * be written or removed in its place.
 * <ul>
 *   <li>its name ends in 128 random bits from {@link SecureRandom} ({@link #token}), not the PID: nobody can plant a
 *       link or a file at it beforehand;</li>
 *   <li>it is created with {@code O_CREAT | O_EXCL | O_NOFOLLOW}, mode 0600: a name that exists, as a file or as a
 *       symbolic link to anywhere, fails with EEXIST instead of being opened, and another name is tried, as
 *       mkstemp does;</li>
 *   <li>its identity (device, inode) is taken from the descriptor that created it, and it is removed only while
 *       its name still leads to that inode ({@link #remove}): a file renamed over it is left alone.</li>
 * </ul>
 * In a directory without the sticky bit that others can write to, another user can still rename the file away
 * after it is made (as with mkstemp): iobench then leaves what it finds there alone.
 *
 * @param path where it was made
 * @param id   the file made there
 */
public record NewFile(Path path, FileId id) {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String DIGITS = "abcdefghijklmnopqrstuvwxyz234567"; // base32, lower case
    /** As glibc's mkstemp, which gives up after TMP_MAX (238328) names; far fewer are ever needed. */
    private static final int ATTEMPTS = 100;
    private static final int PRIVATE = 0600;

    /** 26 characters carrying 128 random bits, lower case letters and digits (a valid part of any file name). */
    public static String token() {
        byte[] bits = new byte[16];
        RANDOM.nextBytes(bits);
        StringBuilder out = new StringBuilder(26);
        int buffer = 0;
        int held = 0;
        for (byte b : bits) {
            buffer = buffer << 8 | (b & 0xff);
            held += 8;
            while (held >= 5) {
                out.append(DIGITS.charAt(buffer >>> (held - 5) & 31));
                held -= 5;
            }
        }
        if (held > 0) {
            out.append(DIGITS.charAt(buffer << (5 - held) & 31));
        }
        return out.toString();
    }

    /** {@code dir/prefix + token + suffix}: a name nobody could have chosen beforehand (not created). */
    public static Path unpredictable(Path dir, String prefix, String suffix) {
        return dir.resolve(prefix + token() + suffix);
    }

    /**
     * Creates an empty file {@code dir/prefix + token + suffix}, mode 0600, and closes it.
     *
     * @throws SysException when no file can be made there (EACCES, EROFS, ENOSPC...), naming the call and path
     */
    public static NewFile create(Path dir, String prefix, String suffix) throws SysException {
        SysException last = null;
        for (int i = 0; i < ATTEMPTS; i++) {
            Path p = unpredictable(dir, prefix, suffix);
            try {
                return create(p);
            } catch (SysException e) {
                if (e.errno() != Errno.EEXIST) {
                    throw e;
                }
                last = e; // taken (by chance, or planted): another name, as mkstemp does
            }
        }
        throw last;
    }

    /**
     * Creates {@code path}, which must not exist (not even as a dangling link), mode 0600, and closes it.
     *
     * @throws SysException EEXIST when something is there, or the reason it cannot be made
     */
    public static NewFile create(Path path) throws SysException {
        try (FileHandle h = FileHandle.open(path,
                OpenFlags.O_WRONLY | OpenFlags.O_CREAT | OpenFlags.O_EXCL | OpenFlags.O_NOFOLLOW, PRIVATE)) {
            return new NewFile(path, h.id());
        }
    }

    /**
     * Removes {@code path} if it is still {@code id} (a link is not followed); returns whether it did.
     *
     * @throws IOException when it is ours but cannot be removed
     */
    public static boolean removeIfSame(Path path, FileId id) throws IOException {
        FileId now;
        try {
            now = FileId.ofLink(path);
        } catch (SysException e) {
            return false; // already gone, or unreachable: nothing of ours to remove
        }
        if (!now.sameFile(id)) {
            return false;
        }
        return Files.deleteIfExists(path);
    }

    /** Removes the file if it is still the one made here; see {@link #removeIfSame}. */
    public boolean remove() throws IOException {
        return removeIfSame(path, id);
    }
}
