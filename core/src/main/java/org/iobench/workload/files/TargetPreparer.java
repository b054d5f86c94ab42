package org.iobench.workload.files;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.iobench.engine.Blocking;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.job.DirectAlignment;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Sizes;
import org.iobench.job.VerifyChecksum;
import org.iobench.sys.Errno;
import org.iobench.sys.FileId;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.NewFile;
import org.iobench.sys.SysException;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.DevNumber;
import org.iobench.sysmon.DeviceResolution;
import org.iobench.sysmon.DescriptorLimit;
import org.iobench.sysmon.DeviceResolver;
import org.iobench.sysmon.FileUse;
import org.iobench.sysmon.MountCheck;

/**
 * Turns a job's target path into a {@link PreparedTarget}, enforcing the data-safety rules:
 * <ul>
 *   <li>a missing file is created ({@code O_CREAT|O_EXCL|O_NOFOLLOW}) and removed at the end unless kept, only while
 *       it is still that inode; a directory gets an iobench-owned file under a random name ({@link NewFile});</li>
 *   <li>writing to an existing file or a block device needs {@code --allow-overwrite}, except to the scratch file
 *       this process created (a suite's or a sweep's later jobs);</li>
 *   <li>writing to a device or file in use is refused whatever the flags: a block device that is mounted or swap,
 *       or whose partitions, holders or loop devices are in use ({@link MountCheck}); a regular file that backs a
 *       loop device or is active swap ({@link FileUse}). Reading them is allowed: it destroys nothing;</li>
 *   <li>a target (or a copy's source) another process runs on is refused: each job holds a {@link TargetClaim}
 *       (flock: shared to read, exclusive to write) until its target is closed;</li>
 *   <li>a new file that will be read, or written at random, is filled first with incompressible data, so reads
 *       return real data and random writes are overwrites, as with fio's lay-out.</li>
 * </ul>
 * Refusals and impossible sizes throw {@link InvalidJobException} (exit 2); I/O failures throw IOException; a stop
 * asked while the file is being filled throws {@link InterruptedIOException}. {@link #check} makes the refusals
 * alone, so a command can refuse every job of a suite or job file before the first one starts.
 */
public final class TargetPreparer {
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFREG = 0100000;
    private static final long FILL_CHUNK = 1 << 20;

    private final DeviceResolver resolver;
    private final Consent consent;

    public TargetPreparer(DeviceResolver resolver, MountCheck mountCheck, FileUse fileUse) {
        this.resolver = resolver;
        this.consent = new Consent(mountCheck, fileUse);
    }

    public static TargetPreparer system() {
        return new TargetPreparer(DeviceResolver.system(), MountCheck.system(), FileUse.system());
    }

    /**
     * The refusals of {@link #prepare} alone, creating and writing nothing: a missing directory, writing without
     * consent, a device or file in use, a target or source another process runs on. {@link #prepare} makes them
     * again (things change), so this is the early answer, not the only one.
     *
     * @throws InvalidJobException when the job must not run
     */
    public void check(JobSpec spec) throws IOException {
        if (spec.files() != null && spec.storesData()) {
            checkFiles(spec);
            for (int i = 0; i < spec.files().count(); i++) {
                check(spec.files().fileSpec(spec, i));
            }
            return;
        }
        if (!spec.storesData()) {
            TargetPlaces.checkFileOps(spec); // its target is never opened (see untouched); its own files may be
            return;
        }
        Path given = spec.target();
        TargetPlaces.check(spec);
        Consent.refuseTrimsOfFiles(spec, given, Files.exists(given) && typeOf(given) == S_IFBLK);
        if (Files.isDirectory(given)) {
            TargetPlaces.checkFits(spec, given, newRegion(spec));
            return;
        }
        if (!Files.exists(given, LinkOption.NOFOLLOW_LINKS) && !Files.exists(given)) {
            checkParent(given);
            TargetPlaces.checkFits(spec, given.toAbsolutePath().getParent(), newRegion(spec));
        } else {
            switch (typeOf(given)) {
                case S_IFBLK -> {
                    BlockDevice dev = device(given, resolver.resolve(given));
                    consent.blockDevice(spec, given, dev);
                    claim(spec, given, true).close();
                    if (spec.workload().rw().modifies()) {
                        for (BlockDevice under : consent.mountCheck().backingDevices(dev)) {
                            TargetClaim.acquire(under.devicePath(), true, true, "TARGET", null).close();
                        }
                    }
                }
                case S_IFREG -> {
                    FileId scratch = ScratchFiles.createdAs(given);
                    consent.existingFile(spec, given, scratch != null && scratch.sameFile(FileId.of(given)));
                    claim(spec, given, false).close();
                }
                default -> throw notATarget(given);
            }
        }
        for (TargetClaim c : claimSource(spec)) {
            c.close();
        }
    }

    /** Prepares {@code spec}'s target; nothing stops it once started (tests, single jobs). */
    public PreparedTarget prepare(JobSpec spec) throws IOException {
        return prepare(spec, () -> false);
    }

    /**
     * Prepares {@code spec}'s target: resolves it, makes the refusals, claims it, and creates and fills a new file.
     *
     * @param stop polled while a new file is filled; when it turns true the file is removed and
     *             {@link InterruptedIOException} thrown
     */
    public PreparedTarget prepare(JobSpec spec, BooleanSupplier stop) throws IOException {
        return prepare(spec, stop, FillProgress.NONE);
    }

    /**
     * Prepares {@code spec}'s target as {@link #prepare(JobSpec, BooleanSupplier)} does, telling {@code progress}
     * how far the filling of a new file has come.
     */
    public PreparedTarget prepare(JobSpec spec, BooleanSupplier stop, FillProgress progress) throws IOException {
        if (spec.files() != null && spec.storesData()) {
            return prepareFiles(spec, stop, progress);
        }
        Path given = spec.target();
        if (!spec.storesData()) {
            return untouched(spec, given);
        }
        TargetPlaces.check(spec);
        Consent.refuseTrimsOfFiles(spec, given, Files.exists(given) && typeOf(given) == S_IFBLK);
        if (Files.isDirectory(given)) {
            Leftovers.system().mention(given, System.err);
            // a name nobody can plant a file or link at beforehand; created O_EXCL|O_NOFOLLOW all the same
            Path file = NewFile.unpredictable(given, ".iobench-", ".tmp");
            return newFile(spec, file, stop, progress);
        }
        if (!Files.exists(given, LinkOption.NOFOLLOW_LINKS) && !Files.exists(given)) {
            checkParent(given);
            return newFile(spec, given, stop, progress);
        }
        return switch (typeOf(given)) {
            case S_IFBLK -> blockDevice(spec, given);
            case S_IFREG -> existingFile(spec, given);
            default -> throw notATarget(given);
        };
    }

    /**
     * A job over several files: the machine's bounds first (the descriptors it holds, the free space its new files
     * need together), then each file prepared as a job of its own would be, with the same refusals; nothing is left
     * prepared when one fails.
     */
    private PreparedTarget prepareFiles(JobSpec spec, BooleanSupplier stop, FillProgress progress)
            throws IOException {
        checkFiles(spec);
        List<PreparedTarget> done = new ArrayList<>(spec.files().count());
        try {
            for (int i = 0; i < spec.files().count(); i++) {
                done.add(prepare(spec.files().fileSpec(spec, i), stop, progress));
            }
            return PreparedTarget.ofFiles(done);
        } catch (IOException | RuntimeException e) {
            for (PreparedTarget t : done) {
                try {
                    t.close();
                } catch (RuntimeException ignored) {
                    // the failure that stopped the preparation is the one to report
                }
            }
            throw e;
        }
    }

    /** Descriptors kept for the lock each file's claim holds, and for the JVM's own (jars, sockets). */
    private static final long DESCRIPTOR_MARGIN = 64;

    /**
     * What this machine must have for a job over several files, before any is made: a descriptor for the claim on
     * each file plus those open at once ({@code openfiles}) within RLIMIT_NOFILE, and the new files' bytes together
     * within the free space of each file system they go to.
     */
    static void checkFiles(JobSpec spec) throws IOException {
        checkDescriptors(spec, DescriptorLimit.system());
        java.util.Map<Path, Long> needs = new java.util.LinkedHashMap<>();
        for (int i = 0; i < spec.files().count(); i++) {
            Path p = spec.files().paths().get(i);
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                Path dir = p.toAbsolutePath().getParent();
                if (dir != null && Files.isDirectory(dir)) {
                    needs.merge(dir, spec.files().sizes().get(i), Long::sum);
                }
            }
        }
        for (java.util.Map.Entry<Path, Long> e : needs.entrySet()) {
            long free = Files.getFileStore(e.getKey()).getUsableSpace();
            if (e.getValue() > free) {
                throw new InvalidJobException("nrfiles", spec.files().count(), "the new files in " + e.getKey()
                        + " need " + Sizes.humanBinary(e.getValue()) + " together, more than the "
                        + Sizes.humanBinary(free) + " free on its file system");
            }
        }
    }

    /** Refuses a job whose files need more descriptors than {@code limit} leaves this process. */
    static void checkDescriptors(JobSpec spec, DescriptorLimit limit) {
        long need = spec.files().count() + (long) spec.files().openFiles() + DESCRIPTOR_MARGIN;
        if (need > limit.free()) {
            throw new InvalidJobException("openfiles", spec.files().openFiles(), "with nrfiles="
                    + spec.files().count() + " the job holds " + (need - DESCRIPTOR_MARGIN) + " descriptors (a lock"
                    + " on each file and " + spec.files().openFiles() + " open at once) and this process may open "
                    + limit.free() + " more (RLIMIT_NOFILE " + limit.limit() + ", " + limit.openNow() + " open):"
                    + " raise ulimit -n, or run fewer files");
        }
    }

    private static int typeOf(Path given) throws IOException {
        return (Integer) Files.getAttribute(given, "unix:mode") & S_IFMT;
    }

    private static InvalidJobException notATarget(Path given) {
        return new InvalidJobException("TARGET", given, "is not a regular file, a directory or a block device");
    }

    private static void checkParent(Path given) {
        Path parent = given.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new InvalidJobException("TARGET", given, "its directory does not exist");
        }
    }

    /**
     * The target of an engine that stores nothing: not looked at, opened or created (fio's null engine makes no
     * file either); it only names the job. The region is {@code --size}, or 1 GiB, as for a new file.
     */
    private static PreparedTarget untouched(JobSpec spec, Path given) {
        long region = spec.workload().sizeBytes() > 0 ? spec.workload().sizeBytes() : JobSpec.DEFAULT_NEW_FILE_SIZE;
        DeviceResolution none = new DeviceResolution(given, given, DeviceResolution.Kind.NO_BLOCK_DEVICE,
                Optional.empty(), new DevNumber(0, 0), Optional.empty(),
                Optional.empty(), Optional.empty(),
                Optional.of("the " + spec.queue().engine() + " engine does not open its target"));
        PreparedTarget t = new PreparedTarget(given, PreparedTarget.Kind.NONE, false, false, region,
                spec.workload().sizeBytes() > 0, 512, none, null, List.of());
        checkFitsWorkers(spec, t);
        return t;
    }

    private static BlockDevice device(Path device, DeviceResolution res) {
        return res.device().orElseThrow(() ->
                new InvalidJobException("TARGET", device, "block device not found in sysfs"));
    }

    /**
     * The job's claim on its existing target: exclusive to write or trim; a written (or trimmed) block device is also
     * opened O_EXCL.
     */
    private static TargetClaim claim(JobSpec spec, Path target, boolean blockDevice) throws IOException {
        boolean writes = spec.workload().rw().modifies();
        return TargetClaim.acquire(target, writes, blockDevice && writes, "TARGET", null);
    }

    /** A shared claim on a copy's source when it is a file or block device ({@code /dev/zero} and pipes are not). */
    private static List<TargetClaim> claimSource(JobSpec spec) throws IOException {
        Path source = spec.copy().source();
        if (source == null || !Files.exists(source)) {
            return List.of();
        }
        int type = typeOf(source);
        if (type != S_IFREG && type != S_IFBLK) {
            return List.of();
        }
        return List.of(TargetClaim.acquire(source, false, false, "--source", null));
    }

    private PreparedTarget blockDevice(JobSpec spec, Path device) throws IOException {
        DeviceResolution res = resolver.resolve(device);
        BlockDevice dev = device(device, res);
        consent.blockDevice(spec, device, dev);
        long region = regionOf(spec, dev.sizeBytes(), device);
        // a write through a loop device lands on the devices under it: they are claimed as the target is (flock
        // and O_EXCL, held for the job), so nothing mounts them and no other iobench runs on them meanwhile
        List<Path> beneath = spec.workload().rw().modifies() ? consent.mountCheck().backingDevices(dev).stream()
                .map(BlockDevice::devicePath).toList() : List.of();
        return claimed(spec, device, PreparedTarget.Kind.BLOCK_DEVICE, region, res, null, beneath);
    }

    private PreparedTarget existingFile(JobSpec spec, Path file) throws IOException {
        FileId id = FileId.of(file);
        FileId scratch = ScratchFiles.createdAs(file);
        if (scratch != null && !scratch.sameFile(id)) {
            throw new IOException(file + ": iobench created it as its scratch file (" + scratch + "), but another"
                    + " file (" + id + ") has replaced it since; refusing to touch the replacement");
        }
        consent.existingFile(spec, file, scratch != null);
        long length = Files.size(file);
        long region;
        if (spec.workload().rw().writes()) {
            region = spec.workload().sizeBytes() > 0 ? spec.workload().sizeBytes()
                    : length - spec.workload().offsetBytes();
            if (spec.workload().rw() == RwMode.COPY || spec.safety().truncate()) {
                region = Math.max(region, spec.workload().blockSize()); // the source decides how much is written
            }
            if (region <= 0) {
                throw new InvalidJobException("--size", Sizes.binary(spec.workload().sizeBytes()),
                        file + " has " + length + " bytes past --offset; give --size");
            }
        } else {
            region = regionOf(spec, length, file);
        }
        return claimed(spec, file, PreparedTarget.Kind.FILE, region, resolver.resolve(file), id, List.of());
    }

    /**
     * An existing file or device, claimed for the job together with a copy's source; nothing stays claimed when
     * a claim or a check fails.
     *
     * @param id      the file's identity, which the claim confirms and every open checks; null for a device
     * @param beneath the devices a write to a loop device lands on, claimed as written devices too
     */
    private static PreparedTarget claimed(JobSpec spec, Path path, PreparedTarget.Kind kind, long region,
                                          DeviceResolution res, FileId id, List<Path> beneath) throws IOException {
        List<TargetClaim> claims = new ArrayList<>();
        try {
            boolean modifies = spec.workload().rw().modifies();
            boolean writtenDevice = kind == PreparedTarget.Kind.BLOCK_DEVICE && modifies;
            claims.add(TargetClaim.acquire(path, modifies, writtenDevice, "TARGET", id));
            for (Path under : beneath) {
                claims.add(TargetClaim.acquire(under, true, true, "TARGET", null));
            }
            claims.addAll(claimSource(spec));
            PreparedTarget t = new PreparedTarget(path, kind, false, false, region, spec.workload().sizeBytes() > 0,
                    blockSize(res), res, id, claims);
            checkFitsWorkers(spec, t);
            return t;
        } catch (IOException | RuntimeException e) {
            claims.forEach(TargetClaim::close);
            throw e;
        }
    }

    private static long regionOf(JobSpec spec, long capacity, Path what) {
        long available = capacity - spec.workload().offsetBytes();
        if (available < (spec.workload().exactSize() ? 1 : spec.workload().blockSize())) {
            throw new InvalidJobException("TARGET", what, "has " + Math.max(0, available)
                    + " bytes past --offset, less than one block of " + spec.workload().blockSize());
        }
        if (spec.workload().sizeBytes() > available && spec.replay() != null) { // the size is the log's furthest byte
            throw new InvalidJobException("read_iolog", spec.replay().log(), "goes up to byte "
                    + spec.workload().sizeBytes() + ", past the end of " + what + " (" + available + " bytes)");
        }
        if (spec.workload().sizeBytes() > available) {
            throw new InvalidJobException("--size", Sizes.binary(spec.workload().sizeBytes()),
                    "exceeds the " + available + " bytes of " + what + " past --offset");
        }
        return spec.workload().sizeBytes() > 0 ? spec.workload().sizeBytes() : available;
    }

    private PreparedTarget newFile(JobSpec spec, Path file, BooleanSupplier stop, FillProgress progress)
            throws IOException {
        long region = newRegion(spec);
        TargetPlaces.checkFits(spec, file.toAbsolutePath().getParent(), region);
        // laid out with plain system calls (the set-up engine), as fio lays out files, whatever the job's engine
        try (IoEngine io = Engines.forSetup()) {
            IoFile created = io.open(file, OpenMode.CREATE_NEW);
            List<TargetClaim> claims = new ArrayList<>();
            try {
                FileId id = created.id();
                ScratchFiles.created(file, id);
                claims.add(TargetClaim.acquire(file, true, false, "TARGET", id));
                claims.addAll(claimSource(spec));
                DeviceResolution res = resolver.resolve(file);
                PreparedTarget target = new PreparedTarget(file, PreparedTarget.Kind.FILE, true,
                        spec.safety().keep(), region,
                        spec.workload().sizeBytes() > 0, blockSize(res), res, id, claims);
                checkFitsWorkers(spec, target);
                long end = spec.workload().offsetBytes() + region;
                if (spec.layout().fills(spec.workload().rw())) {
                    fill(io, created, end, spec.workload().seed(), stop, progress);
                } else {
                    switch (spec.layout().preallocate()) {
                        case ALLOCATE -> created.preallocate(end, false);
                        case KEEP_SIZE -> created.preallocate(end, true);
                        case TRUNCATE -> created.truncate(end);
                        case NONE -> { }
                    }
                }
                io.close(created);
                return target;
            } catch (IOException | RuntimeException e) {
                io.closeQuietly(created);
                ScratchFiles.remove(file);
                claims.forEach(TargetClaim::close);
                throw e;
            }
        }
    }

    /** The region of a new file: {@code --size}, a copy's source past its offset, or 1 GiB. */
    private static long newRegion(JobSpec spec) throws IOException {
        long region = spec.workload().sizeBytes() > 0 ? spec.workload().sizeBytes() : JobSpec.DEFAULT_NEW_FILE_SIZE;
        if (spec.workload().sizeBytes() == 0 && spec.copy().source() != null
                && Files.isRegularFile(spec.copy().source())) {
            region = Math.max(1,
                    Files.size(spec.copy().source()) - spec.copy().sourceOffsetBytes()); // a copy: the source's rest
        }
        return region;
    }

    /** Writes {@code length} bytes of pseudo-random data and makes them durable; {@code stop} ends it early. */
    private static void fill(IoEngine io, IoFile file, long length, long seed, BooleanSupplier stop,
                             FillProgress progress)
            throws IOException {
        try (NativeBuffer buffer = NativeBuffer.allocate(FILL_CHUNK, 4096)) {
            buffer.fillRandom(seed);
            IoRequest r = new IoRequest(0, buffer);
            for (long offset = 0; offset < length; ) {
                if (stop.getAsBoolean()) {
                    throw new InterruptedIOException("stopped while filling " + file + " before the run");
                }
                long n = Math.min(FILL_CHUNK, length - offset);
                long written = Blocking.fully(io, r.prepare(IoOp.WRITE, file, offset, n));
                if (written <= 0) {
                    throw new IOException("filling " + file + " before the run: write at offset " + offset
                            + (written == 0 ? " wrote nothing" : " failed: " + Errno.describe((int) -written)));
                }
                offset += written;
                progress.filled(file.path(), offset, length);
            }
            long rc = Blocking.once(io, r.prepare(IoOp.FDATASYNC, file, 0, 0));
            if (rc < 0) {
                throw new SysException("fdatasync", file.toString(), (int) -rc);
            }
        }
    }

    private static void checkFitsWorkers(JobSpec spec, PreparedTarget t) {
        VerifyChecksum.checkStripes(spec.verification().checksum(), spec.workload().rw(),
                t.regionBytes(), spec.workload().blockSize(),
                spec.queue().threads(), spec.queue().iodepth());
        long blocks = spec.workload().exactSize() || spec.workload().rw() == RwMode.COPY
                ? Math.ceilDiv(t.regionBytes(), spec.workload().blockSize())
                : t.regionBytes() / spec.workload().blockSize();
        if (!spec.workload().rw().random() && blocks < spec.queue().threads()) {
            throw new InvalidJobException("--threads", spec.queue().threads(), "sequential workers need a block each;"
                    + " the region has " + blocks + " blocks of " + spec.workload().blockSize() + " bytes");
        }
        if (spec.durability().direct()) {
            DirectAlignment.checkBlockSize(spec.workload().blockSize(), t.logicalBlockSize(),
                    deviceName(t));
            DirectAlignment.checkOffset(spec.workload().offsetBytes(), t.logicalBlockSize(),
                    deviceName(t));
        }
    }

    private static String deviceName(PreparedTarget t) {
        return t.resolution().device().map(BlockDevice::name).orElse("the target");
    }

    private static long blockSize(DeviceResolution res) {
        return res.device().map(BlockDevice::logicalBlockSize).filter(v -> v > 0).orElse(512L);
    }
}
