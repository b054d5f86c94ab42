package org.iobench.sysmon.env;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.BlockDevices;
import org.iobench.sysmon.DeviceResolution;
import org.iobench.sysmon.DeviceResolver;
import org.iobench.sysmon.LoopDirectIo;
import org.iobench.sysmon.Mount;
import org.iobench.sysmon.MountTable;

/**
 * Captures the {@link Environment} of a target. Every read is best effort: a file that is missing or unreadable
 * (an old kernel, a container) leaves its field absent instead of failing the save of a finished run.
 *
 * <pre>
 * Environment env = EnvironmentProbe.system().capture(Path.of("/data/f"), "0.1.0");
 * </pre>
 */
public final class EnvironmentProbe {
    private final Path procRoot;
    private final MountTable mounts;
    private final BlockDevices devices;

    /** @param procRoot normally {@code /proc}; a fixture tree in tests */
    public EnvironmentProbe(Path procRoot, MountTable mounts, BlockDevices devices) {
        this.procRoot = procRoot;
        this.mounts = mounts;
        this.devices = devices;
    }

    /** This machine: {@code /proc}, the live mount table and {@code /sys}. */
    public static EnvironmentProbe system() {
        MountTable table;
        try {
            table = MountTable.current();
        } catch (UncheckedIOException e) {
            table = MountTable.parse("");
        }
        return new EnvironmentProbe(Path.of("/proc"), table, BlockDevices.system());
    }

    /**
     * The environment of {@code target} (a file, directory or device node; null when the run had no local target,
     * as for an import).
     */
    public Environment capture(Path target, String iobenchVersion) {
        Environment.Filesystem fs = null;
        Environment.Device dev = null;
        if (target != null) {
            try {
                DeviceResolution r = new DeviceResolver(mounts, devices).resolve(target);
                fs = r.mount().map(EnvironmentProbe::filesystem).orElse(null);
                dev = r.device().map(d -> device(d, r.wholeDisk().orElse(d))).orElse(null);
            } catch (RuntimeException e) {
                // A target that vanished (a scratch file already removed) still has its machine described.
            }
        }
        return new Environment(
                read("sys/kernel/hostname").orElse(null),
                read("sys/kernel/osrelease").orElse(null),
                read("cmdline").orElse(null),
                cpuModel().orElse(null),
                Runtime.getRuntime().availableProcessors(),
                memTotalBytes(),
                fs, dev, iobenchVersion, gitCommit(),
                Runtime.version() + " (" + System.getProperty("java.vm.name", "?") + ")");
    }

    private static Environment.Filesystem filesystem(Mount m) {
        LinkedHashSet<String> options = new LinkedHashSet<>(m.mountOptions());
        options.addAll(m.superOptions());
        return new Environment.Filesystem(m.fsType(), m.mountPoint().toString(), m.source(), new ArrayList<>(options));
    }

    private static Environment.Device device(BlockDevice d, BlockDevice whole) {
        return new Environment.Device(d.name(), whole.name(), whole.model().or(d::model).orElse(null), d.sizeBytes(),
                d.rotational(), d.scheduler().orElse(null), d.logicalBlockSize(), d.physicalBlockSize(),
                d.isLoop() ? LoopDirectIo.system().of(whole.name()).map(LoopDirectIo.State::directIo).orElse(null)
                        : null);
    }

    private Optional<String> cpuModel() {
        return read("cpuinfo").flatMap(text -> text.lines()
                .filter(l -> l.startsWith("model name") && l.contains(":"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst());
    }

    private long memTotalBytes() {
        return read("meminfo").flatMap(text -> text.lines().filter(l -> l.startsWith("MemTotal:")).findFirst())
                .map(l -> l.replaceAll("[^0-9]", ""))
                .filter(s -> !s.isEmpty())
                .map(s -> Long.parseLong(s) * 1024)
                .orElse(-1L);
    }

    private Optional<String> read(String relative) {
        try {
            return Optional.of(Files.readString(procRoot.resolve(relative), StandardCharsets.UTF_8).strip());
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /** The commit recorded at build time in {@code org/iobench/git.properties}, or null. */
    public static String gitCommit() {
        try (InputStream in = EnvironmentProbe.class.getResourceAsStream("/org/iobench/git.properties")) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            String c = p.getProperty("commit", "").strip();
            return c.isEmpty() || c.equals("unknown") ? null : c;
        } catch (IOException e) {
            return null;
        }
    }
}
