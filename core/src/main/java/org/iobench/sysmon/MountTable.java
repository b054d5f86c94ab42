package org.iobench.sysmon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The mounts of this process's mount namespace, parsed from {@code /proc/self/mountinfo}.
 *
 * <pre>{@code
 * MountTable mounts = MountTable.current();
 * Mount m = mounts.mountOf(Path.of("/var/tmp/file")).orElseThrow();
 * m.fsType();     // "ext4"
 * m.devNumber();  // 254:0
 * }</pre>
 */
public final class MountTable {

    /** Where the live table is read from. */
    public static final Path SELF_MOUNTINFO = Path.of("/proc/self/mountinfo");

    private final List<Mount> mounts;

    private MountTable(List<Mount> mounts) {
        this.mounts = List.copyOf(mounts);
    }

    /** Reads {@code /proc/self/mountinfo}. */
    public static MountTable current() {
        return read(SELF_MOUNTINFO);
    }

    /** Reads a mountinfo file (live or a fixture). */
    public static MountTable read(Path mountinfo) {
        try {
            return parse(Files.readString(mountinfo, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + mountinfo, e);
        }
    }

    /** Parses mountinfo text; malformed lines are skipped rather than failing the whole table. */
    public static MountTable parse(String mountinfoText) {
        List<Mount> out = new ArrayList<>();
        for (String line : mountinfoText.split("\n")) {
            parseLine(line).ifPresent(out::add);
        }
        return new MountTable(out);
    }

    static Optional<Mount> parseLine(String line) {
        String[] f = line.strip().split(" ");
        // id parent maj:min root mountpoint options [optional fields...] - fstype source superoptions
        int dash = -1;
        for (int i = 6; i < f.length; i++) {
            if (f[i].equals("-")) {
                dash = i;
                break;
            }
        }
        if (f.length < 7 || dash < 0 || dash + 2 >= f.length) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Mount(
                    Integer.parseInt(f[0]),
                    Integer.parseInt(f[1]),
                    DevNumber.parse(f[2]),
                    unescape(f[3]),
                    Path.of(unescape(f[4])),
                    Arrays.asList(f[5].split(",")),
                    unescape(f[dash + 1]),
                    unescape(f[dash + 2]),
                    dash + 3 < f.length ? Arrays.asList(f[dash + 3].split(",")) : List.of()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Decodes the kernel's octal escapes ({@code \040} space, {@code \011} tab, {@code \012} newline, {@code \134} backslash). */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length()
                    && isOctal(s.charAt(i + 1)) && isOctal(s.charAt(i + 2)) && isOctal(s.charAt(i + 3))) {
                b.append((char) Integer.parseInt(s, i + 1, i + 4, 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static boolean isOctal(char c) {
        return c >= '0' && c <= '7';
    }

    /** All mounts, in mountinfo order (later entries may overmount earlier ones). */
    public List<Mount> mounts() {
        return mounts;
    }

    /**
     * The mount that holds {@code path}: the longest mount point that is a prefix of the path's real path
     * (symlinks resolved; for a path that does not exist yet, its nearest existing ancestor). When several mounts
     * share that mount point, the last one (the visible overmount) wins.
     */
    public Optional<Mount> mountOf(Path path) {
        return mountOfResolved(realPathOfNearestExisting(path));
    }

    /** Like {@link #mountOf} but without touching the filesystem: {@code absolutePath} is taken as already resolved. */
    public Optional<Mount> mountOfResolved(Path absolutePath) {
        Mount best = null;
        int bestDepth = -1;
        for (Mount m : mounts) {
            if (absolutePath.startsWith(m.mountPoint())) {
                int depth = m.mountPoint().getNameCount();
                if (depth >= bestDepth) {
                    best = m;
                    bestDepth = depth;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /** Mounts whose st_dev is {@code dev} (a block device mounted once or more, bind mounts included). */
    public List<Mount> mountsOf(DevNumber dev) {
        return mounts.stream().filter(m -> m.devNumber().equals(dev)).toList();
    }

    /** Mounts whose source is exactly {@code source} (e.g. {@code /dev/sdb1}); catches btrfs, whose st_dev is anonymous. */
    public List<Mount> mountsWithSource(String source) {
        return mounts.stream().filter(m -> m.source().equals(source)).toList();
    }

    static Path realPathOfNearestExisting(Path path) {
        Path p = path.toAbsolutePath().normalize();
        Path missingTail = null;
        while (p != null) {
            try {
                Path real = p.toRealPath();
                return missingTail == null ? real : real.resolve(missingTail);
            } catch (IOException e) {
                Path name = p.getFileName();
                missingTail = name == null ? missingTail : (missingTail == null ? name : name.resolve(missingTail));
                p = p.getParent();
            }
        }
        return path.toAbsolutePath().normalize();
    }
}
