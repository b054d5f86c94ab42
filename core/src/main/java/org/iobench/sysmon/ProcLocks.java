package org.iobench.sysmon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The file locks of {@code /proc/locks} (see proc(5)), to name the process holding one. A line reads
 * {@code 1: FLOCK  ADVISORY  WRITE 4242 fd:01:1048577 0 EOF}: lock class, mode, access, pid, then the file as
 * {@code MAJOR:MINOR:INODE} with the device numbers in hex. Lines of waiters ({@code 1: -> FLOCK ...}) are skipped.
 */
public final class ProcLocks {
    /**
     * One held lock.
     *
     * @param kind   {@code FLOCK}, {@code POSIX}, {@code OFDLCK} or {@code LEASE}
     * @param access {@code READ} (shared) or {@code WRITE} (exclusive)
     * @param pid    the process that took it (for a lock inherited across fork, the one that took it first)
     */
    public record Lock(String kind, String access, long pid, DevNumber dev, long inode) {}

    private final Path procLocks;

    /** @param procLocks normally {@code /proc/locks} */
    public ProcLocks(Path procLocks) {
        this.procLocks = procLocks;
    }

    public static ProcLocks system() {
        return new ProcLocks(Path.of("/proc/locks"));
    }

    /** The locks held on the file that {@code path} names (links followed); empty if none or unreadable. */
    public List<Lock> on(Path path) {
        Optional<FileKey> key = FileKey.of(path);
        if (key.isEmpty()) {
            return List.of();
        }
        return all().stream().filter(l -> l.dev().equals(key.get().dev()) && l.inode() == key.get().inode()).toList();
    }

    /** Every held lock (waiters excluded). */
    public List<Lock> all() {
        String text;
        try {
            text = new String(Files.readAllBytes(procLocks), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
        return parse(text);
    }

    static List<Lock> parse(String text) {
        List<Lock> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (f.length < 6 || f[1].equals("->")) {
                continue;
            }
            String[] file = f[5].split(":");
            if (file.length != 3) {
                continue;
            }
            try {
                out.add(new Lock(f[1], f[3], Long.parseLong(f[4]),
                        new DevNumber(Integer.parseInt(file[0], 16), Integer.parseInt(file[1], 16)),
                        Long.parseLong(file[2])));
            } catch (IllegalArgumentException e) {
                // a line this parser does not know (a lease with "-1" pid...): not one of ours
            }
        }
        return out;
    }

    /**
     * {@code "iobench (pid 4242)"} when the process's command line names iobench, else {@code "pid 4242 (comm)"}:
     * read from {@code /proc/PID} next to the locks file; just {@code "pid 4242"} when it has gone.
     */
    public String describeHolder(long pid) {
        Path proc = procLocks.resolveSibling(Long.toString(pid));
        String cmdline = SysfsFiles.readTrimmed(proc.resolve("cmdline")).map(s -> s.replace('\0', ' ')).orElse("");
        if (cmdline.contains("iobench")) {
            return "another iobench (pid " + pid + ")";
        }
        return SysfsFiles.readTrimmed(proc.resolve("comm")).map(c -> "pid " + pid + " (" + c + ")")
                .orElse("pid " + pid);
    }
}
