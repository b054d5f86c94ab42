package org.iobench.workload.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.iobench.engine.Blocking;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.result.TargetInfo;
import org.iobench.sys.Errno;
import org.iobench.sys.FileId;
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
    /** False for a view of a target a {@link FileSet} prepared: closing it leaves the file and claims alone. */
    private final boolean owned;
    /**
     * The files of a job over several files, this one first, each prepared as a job of its own would be; empty for a
     * job of one file.
     */
    private final List<PreparedTarget> members;

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
        this.owned = true;
        this.members = List.of();
    }

    /** The target of a job over several files: the first file's, its region all the files' bytes. */
    private PreparedTarget(List<PreparedTarget> members, long regionBytes) {
        PreparedTarget first = members.getFirst();
        this.path = first.path;
        this.kind = first.kind;
        this.created = first.created;
        this.keep = first.keep;
        this.regionBytes = regionBytes;
        this.sizeExplicit = true;
        this.logicalBlockSize = first.logicalBlockSize;
        this.resolution = first.resolution;
        this.identity = first.identity;
        this.claims = List.of();
        this.owned = true;
        this.members = List.copyOf(members);
    }

    /** The files of a job over several files as one target; closing it closes each ({@code files} in order). */
    static PreparedTarget ofFiles(List<PreparedTarget> files) {
        long total = 0;
        for (PreparedTarget f : files) {
            total += f.regionBytes();
        }
        return new PreparedTarget(files, total);
    }

    /** The files of a job over several files, in order; empty for a job of one file. */
    public List<PreparedTarget> files() {
        return members;
    }

    private PreparedTarget(PreparedTarget shared, long regionBytes, boolean sizeExplicit) {
        this.path = shared.path;
        this.kind = shared.kind;
        this.created = shared.created;
        this.keep = true;
        this.regionBytes = regionBytes;
        this.sizeExplicit = sizeExplicit;
        this.logicalBlockSize = shared.logicalBlockSize;
        this.resolution = shared.resolution;
        this.identity = shared.identity;
        this.claims = List.of();
        this.owned = false;
        this.members = List.of();
    }

    /**
     * This target as one of the jobs sharing it sees it: its own region ({@code regionBytes} from its offset), the
     * same file, claims and identity; closing the view changes nothing (the {@link FileSet} closes the target).
     */
    PreparedTarget view(long regionBytes, boolean sizeExplicit) {
        return new PreparedTarget(this, regionBytes, sizeExplicit);
    }

    public Path path() { return path; }
    public Kind kind() { return kind; }
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
     * Opens the target through {@code engine} for a worker of {@code spec}: read-only for read jobs (a trim needs a
     * writable descriptor, as BLKDISCARD checks), with O_DIRECT / O_DSYNC as asked. A {@link Kind#NONE} target is
     * named, never opened.
     */
    public IoFile open(IoEngine engine, JobSpec spec) throws IOException {
        if (kind == Kind.NONE) {
            return engine.open(path, OpenMode.READ); // a diskless engine names it (file engines lay out theirs)
        }
        OpenMode mode = (spec.workload().rw().modifies() ? OpenMode.READ_WRITE
                : OpenMode.READ).withDirect(spec.durability().direct())
                .withDsync(spec.durability().sync() == SyncMode.DSYNC)
                .withSync(spec.durability().sync() == SyncMode.SYNC);
        try {
            return openChecked(engine, mode);
        } catch (SysException e) {
            if (spec.durability().direct() && e.errno() == Errno.EINVAL) {
                throw new IOException(e.getMessage() + ": the filesystem does not support O_DIRECT (--direct)");
            }
            throw e;
        }
    }

    /** Opens the path; for a file, only if it is still the file that was prepared. */
    private IoFile openChecked(IoEngine engine, OpenMode mode) throws IOException {
        IoFile file = engine.open(path, mode);
        if (identity == null) {
            return file;
        }
        try {
            FileId now = file.id();
            if (!now.sameFile(identity)) {
                throw new IOException(path + " was replaced by another file (" + now + ") during the run; the"
                        + " file iobench prepared (" + identity + ") is gone, and the other one is not touched");
            }
            return file;
        } catch (IOException e) {
            engine.closeQuietly(file);
            throw e;
        }
    }

    /**
     * Brings the target to the state a run starts from: a file iobench created for a sequential write is emptied
     * (each run then writes a fresh file, as dd does), and with {@code dropCache} the target's cached pages are
     * written back and evicted (a sync request, then the engine's invalidate) so reads hit the device. Done with
     * the set-up engine ({@link Engines#setup()}) on the calling thread, before the run's own engines exist.
     */
    public void beforeRun(JobSpec spec, int run) throws IOException {
        if (!members.isEmpty()) {
            for (PreparedTarget f : members) {
                f.beforeRun(spec, run);
            }
            return;
        }
        if (kind == Kind.NONE) {
            return;
        }
        boolean emptyFirst = created && owned && run > 1 && spec.workload().rw() == RwMode.WRITE;
        boolean cut = spec.safety().truncate() && kind == Kind.FILE;
        if (!emptyFirst && !cut && !spec.durability().dropCache()) {
            return;
        }
        try (IoEngine io = Engines.forSetup()) {
            IoFile file = openChecked(io, emptyFirst || cut ? OpenMode.READ_WRITE : OpenMode.READ);
            try {
                if (emptyFirst || cut) {
                    file.truncate(cut ? spec.workload().offsetBytes() : 0);
                }
                if (spec.durability().dropCache()) {
                    long rc = Blocking.once(io, IoRequest.syncOnly(0).prepare(IoOp.FDATASYNC, file, 0, 0));
                    if (rc < 0) {
                        throw new SysException("fdatasync", path.toString(), (int) -rc);
                    }
                    io.invalidate(file);
                }
            } catch (IOException | RuntimeException e) {
                io.closeQuietly(file);
                throw e;
            }
            io.close(file);
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
        if (!owned) {
            return;
        }
        if (!members.isEmpty()) {
            RuntimeException first = null;
            for (PreparedTarget f : members) {
                try {
                    f.close();
                } catch (RuntimeException e) {
                    first = first == null ? e : first;
                }
            }
            if (first != null) {
                throw first;
            }
            return;
        }
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
