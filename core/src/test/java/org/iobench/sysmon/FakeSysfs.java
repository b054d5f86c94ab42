package org.iobench.sysmon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Builds a miniature sysfs tree (real dirs under devices/, symlinks under class/block and dev/block) in a temp dir. */
public final class FakeSysfs {

    final Path root;

    public FakeSysfs(Path root) {
        this.root = root;
    }

    /** A whole disk with a queue/ directory. */
    public Path disk(String name, String dev, long sectors, int logical, int physical, int rotational, String scheduler) {
        Path dir = root.resolve("devices/virtual/block").resolve(name);
        write(dir.resolve("dev"), dev);
        write(dir.resolve("size"), Long.toString(sectors));
        write(dir.resolve("ro"), "0");
        write(dir.resolve("queue/logical_block_size"), Integer.toString(logical));
        write(dir.resolve("queue/physical_block_size"), Integer.toString(physical));
        write(dir.resolve("queue/rotational"), Integer.toString(rotational));
        if (scheduler != null) {
            write(dir.resolve("queue/scheduler"), scheduler);
        }
        mkdir(dir.resolve("holders"));
        link(name, dev, dir);
        return dir;
    }

    public Path partition(String disk, String name, String dev, long sectors) {
        Path dir = root.resolve("devices/virtual/block").resolve(disk).resolve(name);
        write(dir.resolve("dev"), dev);
        write(dir.resolve("size"), Long.toString(sectors));
        write(dir.resolve("partition"), name.replaceAll("\\D+", ""));
        mkdir(dir.resolve("holders"));
        link(name, dev, dir);
        return dir;
    }

    /** An attached loop device over {@code backingFile} (as the kernel prints it in {@code loop/backing_file}). */
    public Path loop(String name, String dev, long sectors, String backingFile) {
        Path dir = disk(name, dev, sectors, 512, 512, 0, "[none]");
        write(dir.resolve("loop/backing_file"), backingFile);
        return dir;
    }

    public void holder(Path deviceDir, String holderName) {
        write(deviceDir.resolve("holders").resolve(holderName), "");
    }

    public void write(Path file, String content) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void mkdir(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void link(String name, String dev, Path target) {
        try {
            Files.createDirectories(root.resolve("class/block"));
            Files.createDirectories(root.resolve("dev/block"));
            Files.createSymbolicLink(root.resolve("class/block").resolve(name), target);
            Files.createSymbolicLink(root.resolve("dev/block").resolve(dev), target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
