package org.iobench.sysmon;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides whether a block device is in use, so that a raw-device write benchmark can refuse to destroy it.
 *
 * <p>The device's users are found transitively: its partitions, the devices stacked on any of them
 * ({@code holders/}: device-mapper, md, bcache), and the loop devices whose backing file is any of them
 * ({@code loop/backing_file}, compared by device number, not by name), then the partitions, holders and loop
 * devices of those, and so on. The device is busy when any of these is mounted (matched by major:minor in
 * mountinfo, or by {@code /dev/NAME} as the mount source, which catches btrfs) or is active swap
 * ({@code /proc/swaps}), when a partition's whole disk is mounted or swap, or when any holder or loop device
 * uses it at all: writing under an attached loop device or a device-mapper table corrupts what they present,
 * mounted or not.
 */
public final class MountCheck {

    private final MountTable mounts;
    private final BlockDevices devices;
    private final Path procSwaps;

    /**
     * @param procSwaps the swaps table, normally {@code /proc/swaps}; a missing file means no swap
     */
    public MountCheck(MountTable mounts, BlockDevices devices, Path procSwaps) {
        this.mounts = mounts;
        this.devices = devices;
        this.procSwaps = procSwaps;
    }

    /** Uses the live mount table, {@code /sys} and {@code /proc/swaps}. */
    public static MountCheck system() {
        return new MountCheck(MountTable.current(), BlockDevices.system(), Path.of("/proc/swaps"));
    }

    /**
     * @return a human reason such as {@code "vda1 (254:1), a partition of vda, is mounted at / (ext4)"} if the
     * device is in use, empty if nothing is known to use it
     */
    public Optional<String> whyBusy(BlockDevice device) {
        List<SwapArea> swaps = SwapArea.read(procSwaps);
        Map<String, Reached> users = closure(device);
        for (Reached r : users.values()) {
            Optional<String> direct = mountedOrSwap(r.device, swaps);
            if (direct.isPresent()) {
                return Optional.of(who(r) + direct.get());
            }
        }
        if (device.isPartition()) {
            Optional<BlockDevice> disk = device.parentDisk().flatMap(devices::byName);
            if (disk.isPresent()) {
                Optional<String> direct = mountedOrSwap(disk.get(), swaps);
                if (direct.isPresent()) {
                    return Optional.of(disk.get().name() + " (" + disk.get().devNumber() + "), the disk of "
                            + device.name() + ", " + direct.get());
                }
            }
        }
        for (Reached r : users.values()) {
            if (r.via == Via.HOLDER) {
                return Optional.of(who(r) + "uses it (remove that mapping or array first)");
            }
            if (r.via == Via.LOOP) {
                return Optional.of(who(r) + "is attached to it (losetup -d " + r.device.devicePath() + " first)");
            }
        }
        return Optional.empty();
    }

    /** How a device was reached from the one asked about. */
    private enum Via { SELF, PARTITION, HOLDER, LOOP }

    private record Reached(BlockDevice device, Via via, BlockDevice from) {}

    private static String who(Reached r) {
        String head = r.device.name() + " (" + r.device.devNumber() + ")";
        return switch (r.via) {
            case SELF -> head + " ";
            case PARTITION -> head + ", a partition of " + r.from.name() + ", ";
            case HOLDER -> head + ", stacked on " + r.from.name() + ", ";
            case LOOP -> head + ", a loop device backed by " + r.from.name() + ", ";
        };
    }

    private Optional<String> mountedOrSwap(BlockDevice d, List<SwapArea> swaps) {
        List<Mount> m = new ArrayList<>(mounts.mountsOf(d.devNumber()));
        for (Mount bySource : mounts.mountsWithSource(d.devicePath().toString())) {
            if (!m.contains(bySource)) {
                m.add(bySource);
            }
        }
        if (!m.isEmpty()) {
            Mount first = m.getFirst();
            return Optional.of("is mounted at " + first.mountPoint() + " (" + first.fsType() + ")"
                    + (m.size() > 1 ? " and " + (m.size() - 1) + " more place(s)" : ""));
        }
        for (SwapArea s : swaps) {
            if (s.isDevice() && isDevice(s.fileName(), d)) {
                return Optional.of("is in use as swap (" + s.fileName() + " in " + procSwaps + ")");
            }
        }
        return Optional.empty();
    }

    /**
     * The device, its partitions, holders and the loop devices it backs, recursively, in the order found; no
     * repeats.
     */
    private Map<String, Reached> closure(BlockDevice device) {
        List<BlockDevice> loops = devices.all().stream()
                .filter(d -> d.isLoop() && !d.isPartition() && d.loopBackingFile().isPresent()).toList();
        Map<String, Reached> seen = new LinkedHashMap<>();
        Deque<Reached> todo = new ArrayDeque<>();
        todo.add(new Reached(device, Via.SELF, null));
        while (!todo.isEmpty()) {
            Reached r = todo.removeFirst();
            if (seen.putIfAbsent(r.device.name(), r) != null) {
                continue;
            }
            BlockDevice d = r.device;
            for (String p : d.partitions()) {
                devices.byName(p).ifPresent(x -> todo.addLast(new Reached(x, Via.PARTITION, d)));
            }
            for (String h : d.holders()) {
                devices.byName(h).ifPresent(x -> todo.addLast(new Reached(x, Via.HOLDER, d)));
            }
            for (BlockDevice loop : loops) {
                if (isDevice(loop.loopBackingFile().orElseThrow().toString(), d)) {
                    todo.addLast(new Reached(loop, Via.LOOP, d));
                }
            }
        }
        return seen;
    }

    /**
     * True when {@code name} (a swap area or a loop device's backing file) is the device node of {@code d}: by its
     * device number when the node can be read, else by name.
     */
    private static boolean isDevice(String name, BlockDevice d) {
        if (name.equals(d.devicePath().toString())) {
            return true;
        }
        return FileKey.of(Path.of(name)).map(k -> d.devNumber().equals(k.rdev())).orElse(false);
    }
}
