package org.iobench.sysmon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a block device is in use, so that a raw-device write benchmark can refuse to destroy it.
 *
 * <p>A device is busy if it, any of its partitions, or anything stacked on them ({@code holders/}, recursively) is
 * mounted (matched by major:minor in mountinfo, or by {@code /dev/NAME} as the mount source, which catches btrfs)
 * or is active swap ({@code /proc/swaps}).
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
     * @return a human reason such as {@code "vda1 (254:1) is mounted at / (ext4)"} if the device is in use,
     * empty if nothing is known to use it
     */
    public Optional<String> whyBusy(BlockDevice device) {
        List<SwapEntry> swaps = swaps();
        for (BlockDevice d : closure(device)) {
            String who = d.name() + " (" + d.devNumber() + ")"
                    + (d.name().equals(device.name()) ? "" : ", " + relation(device, d) + ",");
            List<Mount> m = new ArrayList<>(mounts.mountsOf(d.devNumber()));
            for (Mount bySource : mounts.mountsWithSource(d.devicePath().toString())) {
                if (!m.contains(bySource)) {
                    m.add(bySource);
                }
            }
            if (!m.isEmpty()) {
                Mount first = m.getFirst();
                return Optional.of(who + " is mounted at " + first.mountPoint() + " (" + first.fsType() + ")"
                        + (m.size() > 1 ? " and " + (m.size() - 1) + " more place(s)" : ""));
            }
            for (SwapEntry s : swaps) {
                if (s.matches(d)) {
                    return Optional.of(who + " is in use as swap (" + s.fileName() + " in " + procSwaps + ")");
                }
            }
        }
        return Optional.empty();
    }

    private static String relation(BlockDevice root, BlockDevice d) {
        return root.partitions().contains(d.name()) ? "a partition of " + root.name() : "stacked on " + root.name();
    }

    /** The device, its partitions, and all holders of any of them, recursively; no repeats. */
    private List<BlockDevice> closure(BlockDevice device) {
        Set<String> seen = new LinkedHashSet<>();
        List<BlockDevice> out = new ArrayList<>();
        Deque<BlockDevice> todo = new ArrayDeque<>();
        todo.add(device);
        while (!todo.isEmpty()) {
            BlockDevice d = todo.removeFirst();
            if (!seen.add(d.name())) {
                continue;
            }
            out.add(d);
            for (String p : d.partitions()) {
                devices.byName(p).ifPresent(todo::addLast);
            }
            for (String h : d.holders()) {
                devices.byName(h).ifPresent(todo::addLast);
            }
        }
        return out;
    }

    private record SwapEntry(String fileName, String type) {
        boolean matches(BlockDevice d) {
            if (!type.equals("partition")) {
                return false; // a swap file lives on a filesystem, which the mount check already catches
            }
            if (fileName.equals(d.devicePath().toString())) {
                return true;
            }
            try {
                Path p = Path.of(fileName);
                if (Files.exists(p)) {
                    long rdev = (Long) Files.getAttribute(p, "unix:rdev");
                    return DevNumber.fromDevT(rdev).equals(d.devNumber());
                }
            } catch (IOException | RuntimeException e) {
                return false;
            }
            return false;
        }
    }

    private List<SwapEntry> swaps() {
        List<SwapEntry> out = new ArrayList<>();
        String text;
        try {
            text = new String(Files.readAllBytes(procSwaps), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return out;
        }
        String[] lines = text.split("\n");
        for (int i = 1; i < lines.length; i++) { // line 0 is the header
            String[] f = lines[i].strip().split("\\s+");
            if (f.length >= 2) {
                out.add(new SwapEntry(MountTable.unescape(f[0]), f[1]));
            }
        }
        return out;
    }
}
