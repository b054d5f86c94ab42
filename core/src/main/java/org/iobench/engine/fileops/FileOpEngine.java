package org.iobench.engine.fileops;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.FileOpWork;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.Errno;
import org.iobench.sys.FileHandle;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.NativeIo;
import org.iobench.sys.OpenFlags;
import org.iobench.sys.PathCalls;
import org.iobench.sys.SysException;

/**
 * fio's file-operation engines ({@code engines/fileoperations.c}): no data moves; request {@code i} (its offset
 * divided by its length) is one call on the job's file {@code i}, timed, and counts the request's length as fio
 * counts the file's bytes:
 * <ul>
 * <li>{@code filecreate}: {@code open(O_CREAT|O_RDWR, 0600)}; the file opened before it is closed first, outside the
 *     time (fio's {@code openfiles=1}: only the open is timed);</li>
 * <li>{@code filestat}: {@code stat}, {@code lstat} or {@code statx} of the file;</li>
 * <li>{@code filedelete}: {@code unlink} of the file.</li>
 * </ul>
 * filestat and filedelete lay the files out first when the worker opens its target (fio's set-up: each file
 * written to its size). Files that existed are refused unless handed over; files the engine made (and did not
 * delete) are removed when the target is closed, unless kept. The job's own target is named, never opened.
 */
public final class FileOpEngine implements IoEngine {
    /** The three engines. */
    public enum Op { CREATE, STAT, DELETE }

    public static final EngineProvider CREATE = provider("filecreate", Op.CREATE, EngineFlag.CREATES_FILES);
    public static final EngineProvider STAT = provider("filestat", Op.STAT, EngineFlag.STATS_FILES);
    public static final EngineProvider DELETE = provider("filedelete", Op.DELETE, null);

    private static EngineProvider provider(String name, Op op, EngineFlag own) {
        EngineDescription description = own == null
                ? EngineDescription.of(name, null, List.of(name), EngineFlag.SYNC, EngineFlag.OUTSIDE_PROC_IO,
                        EngineFlag.DISKLESS, EngineFlag.WORKS_ON_FILES)
                : EngineDescription.of(name, null, List.of(name), EngineFlag.SYNC, EngineFlag.OUTSIDE_PROC_IO,
                        EngineFlag.DISKLESS, EngineFlag.WORKS_ON_FILES, own);
        return new EngineProvider() {
            @Override public EngineDescription description() { return description; }
            /** Plain path calls: nothing to try before the job's files are known. */
            @Override public Optional<String> unavailable() { return Optional.empty(); }
            @Override public IoEngine create(EngineOptions options) {
                FileOpWork work = options.input(FileOpWork.class).orElseThrow(() -> new IllegalArgumentException(
                        "the " + name + " engine needs the job's files (nrfiles=)"));
                return new FileOpEngine(name, op, work, options.buffers(), options.clock());
            }
        };
    }

    private final String name;
    private final NanoClock clock;
    private final Op op;
    private final FileOpWork work;
    private final List<NativeBuffer> buffers;
    private final PathCalls calls;
    private final PathCalls.StatKind statKind;
    /** Files this engine made (laid out, or created by a request) that did not exist before. */
    private final BitSet made = new BitSet();
    /** Files that existed before the run. */
    private final BitSet existed = new BitSet();
    /** Files a request deleted. */
    private final BitSet deleted = new BitSet();
    private final NativeIo io = new NativeIo();
    private int openFd = -1;

    private FileOpEngine(String name, Op op, FileOpWork work, List<NativeBuffer> buffers, NanoClock clock) {
        this.clock = clock;
        this.name = name;
        this.op = op;
        this.work = work;
        this.buffers = buffers;
        this.statKind = switch (work.stat()) {
            case "lstat" -> PathCalls.StatKind.LSTAT;
            case "statx" -> PathCalls.StatKind.STATX;
            default -> PathCalls.StatKind.STAT;
        };
        this.calls = new PathCalls(work.files());
    }

    @Override
    public String name() {
        return name;
    }

    /** Checks the files and, for filestat and filedelete, lays them out; the target itself is never opened. */
    @Override
    public IoFile open(Path path, OpenMode mode) throws IOException {
        List<Path> files = work.files();
        calls.prelink();
        for (int i = 0; i < files.size(); i++) {
            if (Files.exists(files.get(i), LinkOption.NOFOLLOW_LINKS)) {
                if (!work.allowExisting()) {
                    throw new IOException(files.get(i) + ": exists; the " + name + " engine works only on files it"
                            + " makes (--allow-overwrite hands existing ones over)");
                }
                existed.set(i);
            }
        }
        if (op != Op.CREATE) {
            try {
                for (int i = 0; i < files.size(); i++) {
                    layOut(i, files.get(i));
                }
            } catch (IOException | RuntimeException e) {
                closeQuietly(IoFile.unopened(path)); // removes what was laid out: the open failed as a whole
                throw e;
            }
        }
        return IoFile.unopened(path);
    }

    /** Writes the file to its size, as fio lays out a file before a job that reads it. */
    private void layOut(int index, Path file) throws IOException {
        NativeBuffer buffer = buffers.getFirst();
        try (FileHandle h = FileHandle.open(file, OpenFlags.O_CREAT | OpenFlags.O_RDWR, 0600)) {
            if (!existed.get(index)) {
                made.set(index);
            }
            h.truncate(0);
            long done = 0;
            while (done < work.layoutBytes()) {
                long n = io.pwrite(h.fd(), buffer, 0, Math.min(buffer.size(), work.layoutBytes() - done), done);
                if (n <= 0) {
                    throw new SysException("write", file.toString(), n < 0 ? (int) -n : Errno.EIO);
                }
                done += n;
            }
        }
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        int index = (int) (r.offset() / Math.max(1, r.length()));
        if (index >= calls.size()) {
            r.submitNanos(clock.nanoTime());
            r.complete(-Errno.EINVAL);
            return SubmitStatus.COMPLETED;
        }
        long result = switch (op) {
            case CREATE -> {
                closeOpen();
                // fio times the open alone (the previous file's close is not part of it)
                r.issueNanos(clock.nanoTime());
                r.submitNanos(r.issueNanos());
                int fd = calls.openCreate(index);
                if (fd >= 0) {
                    openFd = fd;
                    if (!existed.get(index)) {
                        made.set(index);
                    }
                }
                yield fd < 0 ? fd : r.length();
            }
            case STAT -> {
                r.issueNanos(clock.nanoTime()); // fio takes the time right before the call
                r.submitNanos(r.issueNanos());
                int rc = calls.stat(index, statKind);
                yield rc < 0 ? rc : r.length();
            }
            case DELETE -> {
                r.issueNanos(clock.nanoTime());
                r.submitNanos(r.issueNanos());
                int rc = calls.unlink(index);
                if (rc == 0) {
                    deleted.set(index);
                }
                yield rc < 0 ? rc : r.length();
            }
        };
        r.complete(result);
        return SubmitStatus.COMPLETED;
    }

    private void closeOpen() {
        if (openFd >= 0) {
            calls.close(openFd);
            openFd = -1;
        }
    }

    /** Closes the last file filecreate opened and removes the files this engine made, unless kept. */
    @Override
    public void close(IoFile file) throws IOException {
        closeOpen();
        if (work.keep()) {
            return;
        }
        IOException first = null;
        for (int i = made.nextSetBit(0); i >= 0; i = made.nextSetBit(i + 1)) {
            if (deleted.get(i)) {
                continue;
            }
            try {
                Files.deleteIfExists(work.files().get(i));
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        made.clear();
        if (first != null) {
            throw first;
        }
    }

    @Override
    public void invalidate(IoFile file) {}

    /** fio's file engines take no advice either (filecreate is FIO_DISKLESSIO, filestat and filedelete hold no descriptor). */
    @Override
    public int adviseAccess(IoFile file, boolean random, long offset, long length) {
        return 0;
    }

    @Override
    public void close() {
        closeOpen();
        calls.close();
    }
}
