package org.iobench.sysmon;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.iobench.clock.NanoClock;

/**
 * fio's disk utilisation over a run ({@code diskutil.c}): the whole disks under the run's files, each with the
 * devices it is stacked on ({@code slaves/} of a device-mapper or md device), read from {@code /proc/diskstats} when
 * the watch starts and when it stops. Devices appear once, in the order fio lists them: each disk as its first file
 * names it, then its slaves. A file on no block device (tmpfs) adds nothing.
 *
 * <pre>{@code
 * DiskUtilWatch w = DiskUtilWatch.start(List.of(Path.of("/data/f")));
 * ... the run ...
 * List<DiskUtil> disks = w.stop();
 * }</pre>
 */
public final class DiskUtilWatch {
    private final ProcFs proc;
    private final NanoClock clock;
    /** Each watched disk's name and its slaves' names. */
    private final Map<String, List<String>> disks;
    private final Map<String, DiskCounters> before;
    private final long startNanos;

    private DiskUtilWatch(ProcFs proc, NanoClock clock, Map<String, List<String>> disks) {
        this.proc = proc;
        this.clock = clock;
        this.disks = disks;
        this.before = read(proc, names(disks));
        this.startNanos = clock.nanoTime();
    }

    /** Watches the disks under {@code files} on this machine. */
    public static DiskUtilWatch start(List<Path> files) {
        DeviceResolver resolver = DeviceResolver.system();
        return start(files, ProcFs.system(), BlockDevices.system(), f -> {
            try {
                return resolver.resolve(f).device();
            } catch (RuntimeException e) {
                return Optional.empty(); // nothing to stat: no disk of its own
            }
        }, NanoClock.SYSTEM);
    }

    /**
     * Watches the disks under {@code files}: {@code deviceOf} names each file's block device (a partition, a disk),
     * {@code devices} gives its whole disk and slaves, {@code proc} the counters.
     */
    static DiskUtilWatch start(List<Path> files, ProcFs proc, BlockDevices devices,
                               Function<Path, Optional<BlockDevice>> deviceOf, NanoClock clock) {
        Map<String, List<String>> disks = new LinkedHashMap<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Path f : files) {
            Optional<BlockDevice> dev = deviceOf.apply(f);
            if (dev.isEmpty()) {
                continue;
            }
            BlockDevice whole = devices.wholeDiskOf(dev.get());
            if (!seen.add(whole.name())) {
                continue;
            }
            List<String> slaves = new ArrayList<>();
            for (String s : devices.slavesOf(whole).stream().sorted().toList()) { // fio: readdir's order
                if (seen.add(s)) { // fio: a device already listed is not added again
                    slaves.add(s);
                }
            }
            disks.put(whole.name(), List.copyOf(slaves));
        }
        return new DiskUtilWatch(proc, clock, disks);
    }

    /**
     * Each watched disk's activity since the start, then its slaves' (fio's {@code disk_util} list, where a slave
     * also stands on its own after its disk); a device whose counters could not be read at either end is left out.
     */
    public List<DiskUtil> stop() {
        return soFar();
    }

    /** What {@link #stop} would say now, the watch going on (fio's {@code --status-interval} reports). */
    public List<DiskUtil> soFar() {
        long millis = (clock.nanoTime() - startNanos) / 1_000_000;
        Map<String, DiskCounters> after = read(proc, names(disks));
        List<DiskUtil> out = new ArrayList<>();
        disks.forEach((disk, slaves) -> {
            List<DiskUtil> parts = new ArrayList<>();
            for (String s : slaves) {
                DiskUtil u = of(s, after, millis, List.of());
                if (u != null) {
                    parts.add(u);
                }
            }
            DiskUtil d = of(disk, after, millis, parts);
            if (d != null) {
                out.add(d);
                out.addAll(parts);
            }
        });
        return out;
    }

    private DiskUtil of(String name, Map<String, DiskCounters> after, long millis, List<DiskUtil> slaves) {
        DiskCounters b = before.get(name);
        DiskCounters a = after.get(name);
        return b == null || a == null ? null : DiskUtil.between(b, a, millis, slaves);
    }

    private static Set<String> names(Map<String, List<String>> disks) {
        Set<String> all = new LinkedHashSet<>(disks.keySet());
        disks.values().forEach(all::addAll);
        return all;
    }

    private static Map<String, DiskCounters> read(ProcFs proc, Collection<String> names) {
        Map<String, DiskCounters> out = new LinkedHashMap<>();
        if (names.isEmpty()) {
            return out;
        }
        try {
            proc.diskCounters(names).forEach(c -> out.put(c.name(), c));
        } catch (RuntimeException e) {
            // /proc/diskstats unreadable: no disk stats, as fio prints none without them
        }
        return out;
    }
}
