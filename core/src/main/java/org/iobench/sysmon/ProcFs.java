package org.iobench.sysmon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * Reads and parses procfs files under a configurable root ({@code /proc} normally, a fixture directory in tests).
 * A missing or unreadable file parses as empty text, so every value it would give is 0, -1 or NaN as the record
 * documents; nothing here throws for a missing file.
 *
 * <p>Files are read with one {@link Files#readAllBytes} each and decoded as ISO-8859-1 (procfs numbers are ASCII),
 * never by starting processes.
 */
public final class ProcFs {

    private final Path root;

    /** @param root the procfs mount point, normally {@code /proc} */
    public ProcFs(Path root) {
        this.root = root;
    }

    /** This machine's {@code /proc}. */
    public static ProcFs system() {
        return new ProcFs(Path.of("/proc"));
    }

    /** The root this instance reads. */
    public Path root() {
        return root;
    }

    /** {@code /proc/stat}. */
    public ProcStat stat() {
        return ProcStat.parse(read("stat"));
    }

    /** {@code /proc/vmstat}. */
    public VmCounters vmCounters() {
        return VmCounters.parse(read("vmstat"));
    }

    /** {@code /proc/meminfo}. */
    public MemInfo memInfo() {
        return MemInfo.parse(read("meminfo"));
    }

    /** {@code /proc/loadavg}. */
    public LoadAverage loadAverage() {
        return LoadAverage.parse(read("loadavg"));
    }

    /** Seconds since boot, the first number of {@code /proc/uptime}; NaN if absent. */
    public double uptimeSeconds() {
        String s = read("uptime").strip();
        int sp = s.indexOf(' ');
        try {
            return Double.parseDouble(sp < 0 ? s : s.substring(0, sp));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** {@code /proc/diskstats} lines of the named devices, or of all devices if {@code names} is null. */
    public List<DiskCounters> diskCounters(Collection<String> names) {
        return DiskCounters.parse(read("diskstats"), names);
    }

    /** {@code /proc/self/stat} and {@code /proc/self/io} of this process. */
    public ProcessCounters self() {
        return ProcessCounters.parse(read("self/stat"), read("self/io"));
    }

    /** Page size and USER_HZ from {@code /proc/self/auxv}, falling back to Linux x86_64's values. */
    public Auxv auxv() {
        try {
            return Auxv.parse(Files.readAllBytes(root.resolve("self/auxv")));
        } catch (IOException | SecurityException e) {
            return Auxv.LINUX_X86_64;
        }
    }

    private String read(String relative) {
        try {
            return new String(Files.readAllBytes(root.resolve(relative)), StandardCharsets.ISO_8859_1);
        } catch (IOException | SecurityException e) {
            return "";
        }
    }
}
