package org.iobench.workload.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.Sizes;
import org.iobench.sys.Libc;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.NativeIo;
import org.iobench.sys.OpenFlags;
import org.iobench.sys.SysException;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.DevNumber;
import org.iobench.sysmon.DeviceResolution;
import org.iobench.sysmon.DeviceResolver;
import org.iobench.sysmon.MountCheck;

/**
 * Turns a job's target path into a {@link PreparedTarget}, enforcing the data-safety rules:
 * <ul>
 *   <li>a missing file is created (and removed at the end unless kept); a directory gets an iobench-owned file;</li>
 *   <li>writing to an existing file or a block device needs {@code --allow-overwrite};</li>
 *   <li>writing to a block device that is mounted, or whose partitions or holders are, is refused whatever the
 *       flags (reading it is allowed: it destroys nothing);</li>
 *   <li>a new file that will be read, or written at random, is filled first with incompressible data, so reads
 *       return real data and random writes are overwrites, as with fio's lay-out.</li>
 * </ul>
 * Refusals and impossible sizes throw {@link InvalidJobException} (exit 2); I/O failures throw IOException.
 */
public final class TargetPreparer {
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFREG = 0100000;
    private static final long FILL_CHUNK = 1 << 20;
    private static final AtomicInteger SCRATCH_COUNTER = new AtomicInteger();

    private final DeviceResolver resolver;
    private final MountCheck mountCheck;

    public TargetPreparer(DeviceResolver resolver, MountCheck mountCheck) {
        this.resolver = resolver;
        this.mountCheck = mountCheck;
    }

    public static TargetPreparer system() {
        return new TargetPreparer(DeviceResolver.system(), MountCheck.system());
    }

    public PreparedTarget prepare(JobSpec spec) throws IOException {
        Path given = spec.target();
        if (!spec.storesData()) {
            return untouched(spec, given);
        }
        if (Files.isDirectory(given)) {
            Path file = given.resolve(".iobench-" + ProcessHandle.current().pid() + "-"
                    + SCRATCH_COUNTER.incrementAndGet() + ".tmp");
            return newFile(spec, file);
        }
        if (!Files.exists(given, LinkOption.NOFOLLOW_LINKS) && !Files.exists(given)) {
            Path parent = given.toAbsolutePath().getParent();
            if (parent == null || !Files.isDirectory(parent)) {
                throw new InvalidJobException("TARGET", given, "its directory does not exist");
            }
            return newFile(spec, given);
        }
        int mode = (Integer) Files.getAttribute(given, "unix:mode");
        return switch (mode & S_IFMT) {
            case S_IFBLK -> blockDevice(spec, given);
            case S_IFREG -> existingFile(spec, given);
            default -> throw new InvalidJobException("TARGET", given,
                    "is not a regular file, a directory or a block device");
        };
    }

    /**
     * The target of an engine that stores nothing: not looked at, opened or created (fio's null engine makes no
     * file either); it only names the job. The region is {@code --size}, or 1 GiB, as for a new file.
     */
    private static PreparedTarget untouched(JobSpec spec, Path given) {
        long region = spec.sizeBytes() > 0 ? spec.sizeBytes() : JobSpec.DEFAULT_NEW_FILE_SIZE;
        DeviceResolution none = new DeviceResolution(given, given, DeviceResolution.Kind.NO_BLOCK_DEVICE,
                Optional.empty(), new DevNumber(0, 0), Optional.empty(),
                Optional.empty(), Optional.empty(),
                Optional.of("the " + spec.engine() + " engine does not open its target"));
        PreparedTarget t = new PreparedTarget(given, PreparedTarget.Kind.NONE, false, false, region,
                spec.sizeBytes() > 0, 512, none);
        checkFitsWorkers(spec, t);
        return t;
    }

    private PreparedTarget blockDevice(JobSpec spec, Path device) {
        DeviceResolution res = resolver.resolve(device);
        BlockDevice dev = res.device().orElseThrow(() ->
                new InvalidJobException("TARGET", device, "block device not found in sysfs"));
        if (spec.rw().writes()) {
            if (!spec.allowOverwrite()) {
                throw new InvalidJobException("TARGET", device, "writing to a block device destroys its data;"
                        + " pass --allow-overwrite to consent");
            }
            mountCheck.whyBusy(dev).ifPresent(why -> {
                throw new InvalidJobException("TARGET", device, "refusing to write: " + why);
            });
        }
        long capacity = dev.sizeBytes();
        long region = regionOf(spec, capacity, device);
        PreparedTarget t = new PreparedTarget(device, PreparedTarget.Kind.BLOCK_DEVICE, false, false, region,
                spec.sizeBytes() > 0, blockSize(res), res);
        checkFitsWorkers(spec, t);
        return t;
    }

    private PreparedTarget existingFile(JobSpec spec, Path file) throws IOException {
        if (spec.rw().writes() && !spec.allowOverwrite()) {
            throw new InvalidJobException("TARGET", file, "exists and " + spec.rw() + " would overwrite it;"
                    + " pass --allow-overwrite to consent, or name a new file or a directory");
        }
        long length = Files.size(file);
        long region;
        if (spec.rw().writes()) {
            region = spec.sizeBytes() > 0 ? spec.sizeBytes() : length - spec.offsetBytes();
            if (spec.rw() == org.iobench.job.RwMode.COPY || spec.truncate()) {
                region = Math.max(region, spec.blockSize()); // the source decides how much is written
            }
            if (region <= 0) {
                throw new InvalidJobException("--size", Sizes.binary(spec.sizeBytes()),
                        file + " has " + length + " bytes past --offset; give --size");
            }
        } else {
            region = regionOf(spec, length, file);
        }
        DeviceResolution res = resolver.resolve(file);
        PreparedTarget t = new PreparedTarget(file, PreparedTarget.Kind.FILE, false, false, region,
                spec.sizeBytes() > 0, blockSize(res), res);
        checkFitsWorkers(spec, t);
        return t;
    }

    private static long regionOf(JobSpec spec, long capacity, Path what) {
        long available = capacity - spec.offsetBytes();
        if (available < (spec.exactSize() ? 1 : spec.blockSize())) {
            throw new InvalidJobException("TARGET", what, "has " + Math.max(0, available)
                    + " bytes past --offset, less than one block of " + spec.blockSize());
        }
        if (spec.sizeBytes() > available) {
            throw new InvalidJobException("--size", Sizes.binary(spec.sizeBytes()),
                    "exceeds the " + available + " bytes of " + what + " past --offset");
        }
        return spec.sizeBytes() > 0 ? spec.sizeBytes() : available;
    }

    private PreparedTarget newFile(JobSpec spec, Path file) throws IOException {
        long region = spec.sizeBytes() > 0 ? spec.sizeBytes() : JobSpec.DEFAULT_NEW_FILE_SIZE;
        if (spec.sizeBytes() == 0 && spec.source() != null && Files.isRegularFile(spec.source())) {
            region = Math.max(1, Files.size(spec.source()) - spec.sourceOffsetBytes()); // a copy: the source's rest
        }
        int fd = Libc.open(file, OpenFlags.O_RDWR | OpenFlags.O_CREAT | OpenFlags.O_EXCL, 0644);
        ScratchFiles.register(file);
        PreparedTarget target = null;
        try {
            DeviceResolution res = resolver.resolve(file);
            target = new PreparedTarget(file, PreparedTarget.Kind.FILE, true, spec.keep(), region,
                    spec.sizeBytes() > 0, blockSize(res), res);
            checkFitsWorkers(spec, target);
            if (spec.rw() != org.iobench.job.RwMode.WRITE && spec.rw() != org.iobench.job.RwMode.COPY) {
                fill(fd, file, spec.offsetBytes() + region, spec.seed());
            }
            return target;
        } catch (IOException | RuntimeException e) {
            ScratchFiles.remove(file);
            throw e;
        } finally {
            Libc.close(fd);
        }
    }

    /** Writes {@code length} bytes of pseudo-random data and makes them durable. */
    private static void fill(int fd, Path file, long length, long seed) throws IOException {
        NativeIo io = new NativeIo();
        try (NativeBuffer buffer = NativeBuffer.allocate(FILL_CHUNK, 4096)) {
            buffer.fillRandom(seed);
            for (long offset = 0; offset < length; ) {
                long n = Math.min(FILL_CHUNK, length - offset);
                long written = io.pwrite(fd, buffer, 0, n, offset);
                if (written < 0) {
                    throw new IOException("filling " + file + " before the run: write at offset " + offset
                            + " failed: " + org.iobench.sys.Errno.describe((int) -written));
                }
                offset += written;
            }
            int rc = io.fdatasync(fd);
            if (rc < 0) {
                throw new SysException("fdatasync", file.toString(), -rc);
            }
        }
    }

    private static void checkFitsWorkers(JobSpec spec, PreparedTarget t) {
        org.iobench.job.VerifyChecksum.checkStripes(spec.verify(), spec.rw(), t.regionBytes(), spec.blockSize(),
                spec.threads(), spec.iodepth());
        long blocks = spec.exactSize() || spec.rw() == org.iobench.job.RwMode.COPY
                ? Math.ceilDiv(t.regionBytes(), spec.blockSize())
                : t.regionBytes() / spec.blockSize();
        if (!spec.rw().random() && blocks < spec.threads()) {
            throw new InvalidJobException("--threads", spec.threads(), "sequential workers need a block each;"
                    + " the region has " + blocks + " blocks of " + spec.blockSize() + " bytes");
        }
        if (spec.direct()) {
            long lbs = t.logicalBlockSize();
            if (spec.blockSize() % lbs != 0) {
                throw new InvalidJobException("--bs", spec.blockSize(), "is not a multiple of the logical block size "
                        + lbs + " of " + deviceName(t) + ", which --direct (O_DIRECT) requires for the transfer size");
            }
            if (spec.offsetBytes() % lbs != 0) {
                throw new InvalidJobException("--offset", spec.offsetBytes(), "is not a multiple of the logical"
                        + " block size " + lbs + " of " + deviceName(t) + ", which --direct (O_DIRECT) requires");
            }
        }
    }

    private static String deviceName(PreparedTarget t) {
        return t.resolution().device().map(BlockDevice::name).orElse("the target");
    }

    private static long blockSize(DeviceResolution res) {
        return res.device().map(BlockDevice::logicalBlockSize).filter(v -> v > 0).orElse(512L);
    }
}
