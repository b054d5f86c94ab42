package org.iobench.workload.target;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.iobench.job.JobSpec;
import org.iobench.job.SyncMode;
import org.iobench.result.TargetInfo;
import org.iobench.sys.Errno;
import org.iobench.sys.FileId;
import org.iobench.sys.Libc;
import org.iobench.sys.OpenFlags;
import org.iobench.sys.SysException;
import org.iobench.sysmon.DeviceResolution;

/**
 * A target ready to run on: resolved, checked, claimed, created and filled if needed. Every open checks that a file
 * target is still the file that was prepared (same device and inode), so a file replaced during the run is never
 * written in its place. {@link #close()} removes a file iobench created unless the job keeps it, then releases the
 * claims.
 */
public final class PreparedTarget implements AutoCloseable {
    /** {@code NONE}: the job's engine stores nothing ({@code --engine null}), so the target is never opened. */
    public enum Kind { FILE, BLOCK_DEVICE, NONE }

    private final Path path;
    private final Kind kind;
    private final boolean created;
    private final boolean keep;
    private final long regionBytes;
    private final boolean sizeExplicit;
    private final long logicalBlockSize;
    private final DeviceResolution resolution;
    private final FileId identity;
    private final List<TargetClaim> claims;

    /**
     * @param identity the prepared file's identity, which every open checks; null for a block device
     * @param claims   released by {@link #close()}
     */
    PreparedTarget(Path path, Kind kind, boolean created, boolean keep, long regionBytes, boolean sizeExplicit,
                   long logicalBlockSize, DeviceResolution resolution, FileId identity, List<TargetClaim> claims) {
        this.path = path;
        this.kind = kind;
        this.created = created;
        this.keep = keep;
        this.regionBytes = regionBytes;
        this.sizeExplicit = sizeExplicit;
        this.logicalBlockSize = logicalBlockSize;
        this.resolution = resolution;
        this.identity = identity;
        this.claims = List.copyOf(claims);
    }

    public Path path() { return path; }
    public Kind kind() { return kind; }
    public boolean created() { return created; }
    public long regionBytes() { return regionBytes; }
    public boolean sizeExplicit() { return sizeExplicit; }
    /** O_DIRECT's alignment unit for this target: the device's logical block size (512 where unknown). */
    public long logicalBlockSize() { return logicalBlockSize; }
    public DeviceResolution resolution() { return resolution; }

    /** Buffers are aligned to a page, or to the logical block size where it is larger. */
    public long bufferAlignment() {
        return Math.max(4096, logicalBlockSize);
    }

    /**
     * Opens the target for a worker of {@code spec}: read-only for read jobs, with O_DIRECT / O_DSYNC as asked;
     * -1 (no descriptor) for a {@link Kind#NONE} target.
     */
    public int open(JobSpec spec) throws IOException {
        if (kind == Kind.NONE) {
            return -1;
        }
        int flags = spec.rw().writes() ? OpenFlags.O_RDWR : OpenFlags.O_RDONLY;
        if (spec.direct()) {
            flags |= OpenFlags.O_DIRECT;
        }
        if (spec.sync() == SyncMode.DSYNC) {
            flags |= OpenFlags.O_DSYNC;
        }
        try {
            return openChecked(flags);
        } catch (SysException e) {
            if (spec.direct() && e.errno() == Errno.EINVAL) {
                throw new IOException(e.getMessage() + ": the filesystem does not support O_DIRECT (--direct)");
            }
            throw e;
        }
    }

    /** Opens the path; for a file, only if it is still the file that was prepared. */
    private int openChecked(int flags) throws IOException {
        int fd = Libc.open(path, flags, 0);
        if (identity == null) {
            return fd;
        }
        try {
            FileId now = FileId.of(fd);
            if (!now.sameFile(identity)) {
                throw new IOException(path + " was replaced by another file (" + now + ") during the run; the"
                        + " file iobench prepared (" + identity + ") is gone, and the other one is not touched");
            }
            return fd;
        } catch (IOException e) {
            Libc.close(fd);
            throw e;
        }
    }

    /**
     * Brings the target to the state a run starts from: a file iobench created for a sequential write is emptied
     * (each run then writes a fresh file, as dd does), and with {@code dropCache} the target's cached pages are
     * written back and evicted (fdatasync, then posix_fadvise DONTNEED) so reads hit the device.
     */
    public void beforeRun(JobSpec spec, int run) throws IOException {
        if (kind == Kind.NONE) {
            return;
        }
        boolean emptyFirst = created && run > 1 && spec.rw() == org.iobench.job.RwMode.WRITE;
        boolean cut = spec.truncate() && kind == Kind.FILE;
        if (!emptyFirst && !cut && !spec.dropCache()) {
            return;
        }
        int fd = openChecked(emptyFirst || cut ? OpenFlags.O_RDWR : OpenFlags.O_RDONLY);
        try {
            if (emptyFirst || cut) {
                check(Libc.ftruncate(fd, cut ? spec.offsetBytes() : 0), "ftruncate");
            }
            if (spec.dropCache()) {
                check(Libc.fdatasync(fd), "fdatasync");
                check(Libc.fadvise(fd, 0, 0, Libc.POSIX_FADV_DONTNEED), "posix_fadvise(DONTNEED)");
            }
        } finally {
            Libc.close(fd);
        }
    }

    private void check(int errno, String call) throws SysException {
        if (errno != 0) {
            throw new SysException(call, path.toString(), errno);
        }
    }

    public TargetInfo info() {
        String device = resolution.device().map(d -> d.devicePath().toString()).orElse(null);
        String fs = kind == Kind.FILE ? resolution.mount().map(m -> m.fsType()).orElse(null) : null;
        long physical = resolution.device().map(d -> Math.max(0, d.physicalBlockSize())).orElse(0L);
        String kindName = switch (kind) {
            case FILE -> "file";
            case BLOCK_DEVICE -> "block-device";
            case NONE -> "none";
        };
        return new TargetInfo(kindName, path.toString(), created, regionBytes,
                logicalBlockSize, physical, device, fs);
    }

    @Override
    public void close() {
        try {
            if (created) {
                if (keep) {
                    ScratchFiles.release(path);
                } else {
                    ScratchFiles.remove(path);
                }
            }
        } finally {
            claims.forEach(TargetClaim::close);
        }
    }
}
