package org.iobench.sysmon;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a block device is in use, so that a raw-device write benchmark can refuse to destroy it.
 *
 * <p>Down the stack, the device's users are found transitively: its partitions, the devices stacked on any of them
 * ({@code holders/}: device-mapper, md, bcache), and the loop devices whose backing file is any of them
 * ({@code loop/backing_file}, compared by device number, not by name), then the partitions, holders and loop
 * devices of those, and so on. The device is busy when any of these is mounted (matched by major:minor in
 * mountinfo, or by {@code /dev/NAME} as the mount source, which catches btrfs) or is active swap
 * ({@code /proc/swaps}), or when any holder or loop device uses it at all: writing under an attached loop device
 * or a device-mapper table corrupts what they present, mounted or not.
 *
 * <p>Up the stack, what the device itself sits on, to any depth ({@link #whyBusy}): a partition's whole disk, the
 * devices a dm/md device is stacked on ({@code slaves/}), a loop device's backing device or backing file. A write
 * lands there, where the exclusive open of the target cannot see who else uses it.
 */
public final class MountCheck {
    private static final String DELETED = " (deleted)";

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
        Optional<String> below = below(device, Set.of(), swaps);
        return below.isPresent() ? below : above(device, swaps);
    }

    /**
     * What uses {@code device} or anything under it (its partitions, holders, the loop devices it backs), leaving out
     * the devices named in {@code excluded} and what lies under them.
     */
    private Optional<String> below(BlockDevice device, Set<String> excluded, List<SwapArea> swaps) {
        Map<String, Reached> users = closure(device, excluded);
        for (Reached r : users.values()) {
            Optional<String> direct = mountedOrSwap(r.device, swaps);
            if (direct.isPresent()) {
                return Optional.of(who(r) + direct.get());
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

    /** One step up the stack from a device a write would reach: what it sits on. */
    private enum Up { DISK, SLAVE, BACKING }

    private record Step(BlockDevice device, Up via, BlockDevice from) {}

    /**
     * What {@code device} itself sits on, to any depth, and whether a write through it would reach something in use:
     * a partition's whole disk (mounted, swap, held, a loop attached to it: not its other partitions); the devices a
     * device-mapper or md device is stacked on ({@code slaves/}: mounted or swap); a loop device's backing device
     * (anything using it besides this loop: a mount, swap, its partitions' mounts, holders, other loop devices) or
     * backing file (another loop device attached to it, active swap, mounted as an image). A loop device over a
     * mounted filesystem's device writes straight into that filesystem; these are what the exclusive open cannot see.
     */
    private Optional<String> above(BlockDevice target, List<SwapArea> swaps) {
        List<BlockDevice> loops = attachedLoops();
        Set<String> visited = new HashSet<>();
        visited.add(target.name());
        Deque<BlockDevice> todo = new ArrayDeque<>();
        todo.add(target);
        while (!todo.isEmpty()) {
            BlockDevice c = todo.removeFirst();
            List<Step> steps = new ArrayList<>();
            if (c.isPartition()) {
                c.parentDisk().flatMap(devices::byName).ifPresent(d -> steps.add(new Step(d, Up.DISK, c)));
            }
            for (String slave : devices.slavesOf(c)) {
                devices.byName(slave).ifPresent(d -> steps.add(new Step(d, Up.SLAVE, c)));
            }
            if (c.isLoop() && !c.isPartition() && c.loopBackingFile().isPresent()) {
                Path backing = c.loopBackingFile().get();
                Optional<BlockDevice> dev = backingDevice(backing);
                if (dev.isPresent()) {
                    steps.add(new Step(dev.get(), Up.BACKING, c));
                } else {
                    Optional<String> use = backingFileUse(c, backing, loops, target, swaps);
                    if (use.isPresent()) {
                        return use;
                    }
                }
            }
            for (Step s : steps) {
                if (!visited.add(s.device.name())) {
                    continue;
                }
                Optional<String> why = stepUse(s, loops, swaps);
                if (why.isPresent()) {
                    return why;
                }
                todo.addLast(s.device);
            }
        }
        return Optional.empty();
    }

    private Optional<String> stepUse(Step s, List<BlockDevice> loops, List<SwapArea> swaps) {
        String dev = s.device.name() + " (" + s.device.devNumber() + ")";
        String who = switch (s.via) {
            case DISK -> dev + ", the disk of " + s.from.name() + ", ";
            case SLAVE -> dev + ", which " + s.from.name() + " is stacked on, ";
            case BACKING -> s.from.name() + "'s backing device " + dev + " ";
        };
        Optional<String> direct = mountedOrSwap(s.device, swaps);
        if (direct.isPresent()) {
            return Optional.of(who + direct.get());
        }
        switch (s.via) {
            case DISK -> {
                Set<String> mine = closure(s.from, Set.of()).keySet();
                for (String h : s.device.holders()) {
                    if (!mine.contains(h)) {
                        return Optional.of(who + "is held by " + h + " (device-mapper or md): writing a partition"
                                + " writes under it");
                    }
                }
                for (BlockDevice loop : loops) {
                    if (!mine.contains(loop.name()) && isDevice(loop.loopBackingFile().orElseThrow().toString(),
                            s.device)) {
                        return Optional.of(who + "backs the loop device " + loop.devicePath() + " ("
                                + loop.devNumber() + "), which a write to a partition of it changes under");
                    }
                }
            }
            case BACKING -> {
                Optional<String> use = below(s.device, closure(s.from, Set.of()).keySet(), swaps);
                if (use.isPresent()) {
                    return Optional.of(who + "is in use: " + use.get());
                }
            }
            case SLAVE -> { }
        }
        return Optional.empty();
    }

    /**
     * The block devices a write to {@code device} reaches through loop devices, to any depth ({@code loop3} over
     * {@code loop2} over {@code sdb1} gives {@code loop2, sdb1}), nearest first; the partitions of a loop disk lead
     * to that loop's backing device too. The exclusive open of the target says nothing of them; an exclusive open of
     * each does (a loop device does not claim its backing device), which is the caller's to make.
     */
    public List<BlockDevice> backingDevices(BlockDevice device) {
        List<BlockDevice> out = new ArrayList<>();
        Set<String> visited = new HashSet<>();
        BlockDevice c = device;
        while (c != null && visited.add(c.name())) {
            BlockDevice whole = c.isPartition() ? c.parentDisk().flatMap(devices::byName).orElse(null) : c;
            if (whole == null || !whole.isLoop() || whole.loopBackingFile().isEmpty()) {
                break;
            }
            c = backingDevice(whole.loopBackingFile().get()).orElse(null);
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * The block device a loop device's backing file is (a device node, compared by device number), or empty for a
     * regular file.
     */
    private Optional<BlockDevice> backingDevice(Path backing) {
        if (backing.toString().endsWith(DELETED)) {
            return Optional.empty();
        }
        String name = backing.toString();
        if (name.startsWith("/dev/") && devices.byName(name).isPresent()) {
            return devices.byName(name); // the kernel names the node it was given, as isDevice compares names first
        }
        return FileKey.of(backing).filter(k -> k.rdev() != null).flatMap(k -> devices.byDevNumber(k.rdev()));
    }

    /**
     * Whether the regular file backing {@code loop} is in use besides: another loop device attached to it (by device
     * and inode), an active swap file, or mounted by its path.
     */
    private Optional<String> backingFileUse(BlockDevice loop, Path backing, List<BlockDevice> loops, BlockDevice target,
                                            List<SwapArea> swaps) {
        Optional<FileKey> key = backing.toString().endsWith(DELETED) ? Optional.empty() : FileKey.of(backing);
        if (key.isEmpty()) {
            return Optional.empty();
        }
        String head = (loop.equals(target) ? "its" : loop.name() + "'s") + " backing file " + backing + " ";
        Set<String> mine = closure(loop, Set.of()).keySet();
        for (BlockDevice other : loops) {
            if (mine.contains(other.name())) {
                continue;
            }
            Path file = other.loopBackingFile().orElseThrow();
            if (!file.toString().endsWith(DELETED)
                    && FileKey.of(file).map(k -> k.sameFile(key.get())).orElse(false)) {
                Optional<String> use = below(other, mine, swaps);
                return Optional.of(head + "also backs the loop device " + other.devicePath() + " ("
                        + other.devNumber() + ")" + use.map(w -> ", and " + w).orElse("")
                        + "; writing through one changes what the other presents");
            }
        }
        for (SwapArea s : swaps) {
            if (!s.isDevice() && s.path().flatMap(FileKey::of).map(k -> k.sameFile(key.get())).orElse(false)) {
                return Optional.of(head + "is an active swap file (" + s.fileName() + " in " + procSwaps + ")");
            }
        }
        for (Mount m : mounts.mounts()) {
            if (m.source().startsWith("/") && FileKey.of(Path.of(m.source())).map(k -> k.sameFile(key.get()))
                    .orElse(false)) {
                return Optional.of(head + "is mounted at " + m.mountPoint() + " (" + m.fsType() + ")");
            }
        }
        return Optional.empty();
    }

    private List<BlockDevice> attachedLoops() {
        return devices.all().stream()
                .filter(d -> d.isLoop() && !d.isPartition() && d.loopBackingFile().isPresent()).toList();
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
     * repeats; nothing named in {@code excluded} nor what lies under it.
     */
    private Map<String, Reached> closure(BlockDevice device, Set<String> excluded) {
        List<BlockDevice> loops = attachedLoops();
        Map<String, Reached> seen = new LinkedHashMap<>();
        Deque<Reached> todo = new ArrayDeque<>();
        todo.add(new Reached(device, Via.SELF, null));
        while (!todo.isEmpty()) {
            Reached r = todo.removeFirst();
            if (excluded.contains(r.device.name()) || seen.putIfAbsent(r.device.name(), r) != null) {
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
