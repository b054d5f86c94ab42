package org.iobench.engine.uring;

import static org.iobench.sys.uring.IoUringAbi.FSYNC_DATASYNC;
import static org.iobench.sys.uring.IoUringAbi.OP_READ;
import static org.iobench.sys.uring.IoUringAbi.OP_READ_FIXED;
import static org.iobench.sys.uring.IoUringAbi.OP_WRITE;
import static org.iobench.sys.uring.IoUringAbi.OP_WRITE_FIXED;
import static org.iobench.sys.uring.IoUringAbi.SQE_FIXED_FILE;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.iobench.clock.NanoClock;
import org.iobench.engine.AsyncQueue;
import org.iobench.engine.Completions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.SysException;
import org.iobench.sys.uring.IoUring;
import org.iobench.sys.uring.IoUringAbi;

/**
 * Asynchronous I/O through io_uring, like fio's {@code io_uring} engine: {@link #submit} fills an SQE and
 * returns {@code QUEUED}; the queued SQEs go to the kernel in one {@code io_uring_enter} when {@code batch} of
 * them are waiting or on {@link #commit}; {@link #reap} collects CQEs, waiting with {@code IORING_ENTER_GETEVENTS}
 * and {@code min_complete}. {@code submit} answers {@code BUSY} when {@code iodepth} requests are in flight
 * (queued or in the kernel).
 *
 * <p>Each SQE carries the request's {@link IoRequest#index() index} as {@code user_data}; requests with the same
 * index must not be in flight together. A completion's {@code res} becomes the request's result: bytes (short
 * at end of file), 0 for a sync, or {@code -errno}.
 *
 * <p>Latency, as fio: {@link IoRequest#submitNanos} is the run's clock just after the
 * {@code io_uring_enter} that handed the request to the kernel returned (slat = submitNanos - issueNanos);
 * the caller takes completion time when {@code reap} returns (clat = completion - submitNanos). Buffered reads
 * of cached data usually complete inside that {@code io_uring_enter}, so their time shows up in slat.
 *
 * <p>Not counted in {@code /proc/self/io}: reads and writes done through io_uring add nothing to
 * {@code rchar}/{@code wchar} nor {@code syscr}/{@code syscw} (checked on Linux 6.18, buffered and O_DIRECT, 32 MiB
 * each way: deltas of a few KiB, the JVM's own reading). Those counters are kept by the {@code read(2)}/
 * {@code write(2)} family in the VFS, which io_uring bypasses by calling the file's {@code read_iter}/
 * {@code write_iter} directly. {@code read_bytes}/{@code write_bytes}, what reaches storage, are still counted
 * (O_DIRECT: exactly 32 MiB each way). Hence its description has {@code OUTSIDE_PROC_IO}.
 *
 * <p>With fixed buffers ({@code --fixed-buffers}), registered files (fio's {@code registerfiles}) or a submission
 * thread, each file {@link #open opened} through the engine is registered with the ring, and its requests name it by
 * index ({@code IOSQE_FIXED_FILE}; the index is found from the descriptor in O(1)). Open files before the first
 * submit, or on the submitting thread: the ring accepts registrations from no other. Closing a registered file closes
 * its descriptor; the ring holds its own reference to the file until another file takes its slot or the engine is
 * closed.
 *
 * <p>With a submission thread (SQPOLL, fio's {@code sqthread_poll}) the kernel's thread takes the SQEs as they are
 * published, {@code io_uring_enter} only waking it when it slept; completions are still waited for with
 * {@code io_uring_enter(GETEVENTS)} (fio spins on the completion ring instead: on a shared machine a spinning
 * worker takes the CPU the submission thread needs). With polled completions (IOPOLL, fio's {@code hipri}) every
 * wait is {@code io_uring_enter(GETEVENTS)}, which polls the device.
 *
 * <p>One engine serves one thread: the ring is made with {@code IORING_SETUP_SINGLE_ISSUER} where the kernel
 * has it, and belongs to the first thread that submits. Nothing on the submit/commit/reap path allocates.
 */
public final class UringEngine implements IoEngine {
    public static final EngineProvider PROVIDER = new UringProvider();

    /** The kernel caps one read/write at MAX_RW_COUNT (2 GiB - 4 KiB); longer requests come back short. */
    static final long MAX_TRANSFER = 0x7ffff000L;
    /** The registered file table's first length; it doubles when full. */
    static final int INITIAL_FILE_SLOTS = 16;

    private final IoUring ring;
    private final AsyncQueue q;
    private final boolean fixedFiles;
    /** The ring's registered file table, as long as the kernel's: per slot its descriptor, -1 when free. Null: none. */
    private int[] fileTable;
    /** Slots handed out so far: {@code fileTable[slotsUsed..]} were never used. */
    private int slotsUsed;
    /** Slots whose file was closed, taken again before a new one; {@code freeCount} of them. */
    private int[] freeSlots;
    private int freeCount;
    /** Per descriptor number, the slot registered for it; -1 or past the end: none. A request's slot in O(1). */
    private int[] slotByFd = new int[0];
    private final NativeBuffer[] bufferTable;
    /** Per index, the buffer last seen and its registered index, so fixed-buffer lookups are O(1). */
    private NativeBuffer[] slotBuffer;
    private int[] slotBufferIndex;
    private boolean enabled;

    UringEngine(IoUring ring, int iodepth, int batch, boolean fixedFiles, NativeBuffer[] bufferTable,
                NanoClock clock) {
        this.ring = ring;
        this.q = new AsyncQueue(iodepth, batch, clock);
        this.fixedFiles = fixedFiles;
        this.bufferTable = bufferTable;
        this.slotBuffer = new NativeBuffer[iodepth];
        this.slotBufferIndex = new int[iodepth];
        this.enabled = (ring.flags() & IoUringAbi.SETUP_R_DISABLED) == 0;
    }

    @Override
    public String name() {
        return "uring";
    }

    /** The {@code IORING_SETUP_*} flags the kernel accepted (diagnostics). */
    public int setupFlags() {
        return ring.flags();
    }

    /**
     * Slots of the ring's file table handed out so far: the most files open at once through this engine (a closed
     * file's slot goes to the next file opened). Diagnostics and tests.
     */
    public int registeredFiles() {
        return slotsUsed;
    }

    /** Opens {@code path}; with fixed files, also registers it with the ring. */
    @Override
    public IoFile open(Path path, OpenMode mode) throws IOException {
        IoFile file = IoFile.open(path, mode);
        if (!fixedFiles) {
            return file;
        }
        try {
            register(file.fd());
        } catch (SysException e) {
            try {
                file.closeHandle();
            } catch (SysException ignored) {
                // the registration failure is the one to report
            }
            throw new IOException("io_uring: cannot register " + path + " as a fixed file: " + e.getMessage()
                    + "; or run without fixed buffers and registered files", e);
        }
        return file;
    }

    /**
     * Gives {@code fd} a slot of the ring's file table: a free one ({@code IORING_REGISTER_FILES_UPDATE} replaces the
     * closed file the ring still held there), else the next never used, else a table twice as long registered in
     * place of the old one (empty slots as -1). Amortized one system call per file, however many are open.
     */
    private void register(int fd) throws SysException {
        int slot;
        if (freeCount > 0) {
            slot = freeSlots[freeCount - 1];
            ring.updateFile(slot, fd);
            freeCount--;
        } else if (fileTable != null && slotsUsed < fileTable.length) {
            slot = slotsUsed;
            ring.updateFile(slot, fd);
            slotsUsed++;
        } else {
            slot = slotsUsed;
            growTable(fd);
            slotsUsed++;
        }
        fileTable[slot] = fd;
        if (fd >= slotByFd.length) {
            int old = slotByFd.length;
            slotByFd = Arrays.copyOf(slotByFd, Math.max(fd + 1, 2 * old));
            Arrays.fill(slotByFd, old, slotByFd.length, -1);
        }
        slotByFd[fd] = slot;
    }

    /**
     * Registers a table twice as long holding the old slots and {@code fd} in the next; just long enough for it when
     * the kernel refuses that length (its limit is RLIMIT_NOFILE).
     */
    private void growTable(int fd) throws SysException {
        int needed = slotsUsed + 1;
        int[] old = fileTable;
        if (old != null) {
            ring.unregisterFiles();
        }
        int doubled = old == null ? INITIAL_FILE_SLOTS : 2 * old.length;
        SysException refused = null;
        for (int length : doubled > needed ? new int[] {doubled, needed} : new int[] {needed}) {
            int[] table = new int[length];
            Arrays.fill(table, -1);
            if (old != null) {
                System.arraycopy(old, 0, table, 0, slotsUsed);
            }
            table[slotsUsed] = fd;
            try {
                ring.registerFiles(table);
                fileTable = table;
                freeSlots = freeSlots == null ? new int[table.length] : Arrays.copyOf(freeSlots, table.length);
                return;
            } catch (SysException e) {
                refused = e;
            }
        }
        if (old != null) {
            try {
                ring.registerFiles(old); // the files open so far keep their slots
            } catch (SysException e) {
                refused.addSuppressed(e);
            }
        }
        throw refused;
    }

    /**
     * Closes {@code file}'s descriptor. A registered file's slot is freed here but the ring keeps its reference until
     * the next file opened takes the slot (or the engine closes): unregistering from another thread than the ring's
     * submitter is refused under SINGLE_ISSUER. The descriptor no longer maps to the slot, so a new file given the
     * same number is not mistaken for it.
     */
    @Override
    public void close(IoFile file) throws IOException {
        int fd = file.fd();
        int slot = fixedFileIndex(fd);
        if (slot >= 0) {
            slotByFd[fd] = -1;
            fileTable[slot] = -1;
            freeSlots[freeCount++] = slot;
        }
        file.closeHandle();
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        if (r.op() == IoOp.TRIM) {
            return q.trim(r, this);
        }
        if (q.full() || ring.sqSpace() == 0) {
            return SubmitStatus.BUSY;
        }
        if (!enabled) {
            enable();
        }
        q.claim(r);
        int index = r.index();
        if (index >= slotBuffer.length) {
            growSlotBuffers(q.slotCapacity());
        }
        prepare(r, index);
        if (q.enqueue(r)) {
            commit();
        }
        return SubmitStatus.QUEUED;
    }

    private void prepare(IoRequest r, int index) {
        int fd = r.fd();
        byte sqeFlags = 0;
        int fixedFile = fixedFileIndex(fd);
        if (fixedFile >= 0) {
            fd = fixedFile;
            sqeFlags = SQE_FIXED_FILE;
        }
        IoOp op = r.op();
        if (op == IoOp.READ || op == IoOp.WRITE) {
            NativeBuffer buffer = r.buffer();
            int bufIndex = fixedBufferIndex(index, buffer);
            byte opcode = op == IoOp.READ
                    ? (bufIndex >= 0 ? OP_READ_FIXED : OP_READ)
                    : (bufIndex >= 0 ? OP_WRITE_FIXED : OP_WRITE);
            int length = (int) Math.min(r.length(), MAX_TRANSFER);
            ring.prepareReadWrite(opcode, sqeFlags, fd, buffer.address() + r.bufferOffset(), length, r.offset(),
                    Math.max(bufIndex, 0), index, r.ioprio());
        } else {
            ring.prepareFsync(sqeFlags, fd, op == IoOp.FDATASYNC ? FSYNC_DATASYNC : 0, index);
        }
    }

    /** The registered slot of descriptor {@code fd}, -1 when it has none. */
    int fixedFileIndex(int fd) {
        int[] map = slotByFd;
        return fd >= 0 && fd < map.length ? map[fd] : -1;
    }

    private int fixedBufferIndex(int slot, NativeBuffer buffer) {
        if (bufferTable == null) {
            return -1;
        }
        if (slotBuffer[slot] != buffer) {
            int found = -1;
            for (int i = 0; i < bufferTable.length; i++) {
                if (bufferTable[i] == buffer) {
                    found = i;
                    break;
                }
            }
            slotBuffer[slot] = buffer;
            slotBufferIndex[slot] = found;
        }
        return slotBufferIndex[slot];
    }

    @Override
    public void commit() {
        if (q.queuedCount() == 0) {
            return;
        }
        if (!enabled) {
            enable();
        }
        int n = ring.submit();
        if (n < 0) {
            if (isTransient(n)) {
                return; // stays queued; the next commit or reap tries again
            }
            throw failure("io_uring_enter (submit)", n);
        }
        q.submitted(n);
    }

    @Override
    public int reap(int min, Completions out) {
        if (q.queuedCount() > 0) {
            commit();
        }
        int room = out.capacity() - out.size();
        int inKernel = q.inFlight() - q.queuedCount();
        if (room <= 0 || inKernel == 0) {
            return 0;
        }
        // Never wait for more than can come back or fit.
        int want = Math.min(Math.min(min, room), inKernel);
        int ready = ring.cqReady();
        if (ready < want || (ready == 0 && ring.needsEnterForCompletions())) {
            ready = awaitCompletions(want);
        }
        int n = Math.min(ready, room);
        for (int i = 0; i < n; i++) {
            IoRequest r = q.release(ring.cqeUserData(i), "io_uring completion");
            r.complete(ring.cqeResult(i));
            out.add(r);
        }
        ring.cqAdvance(n);
        q.completed(n);
        return n;
    }

    private int awaitCompletions(int want) {
        while (true) {
            int rc = ring.waitCompletions(want);
            if (rc < 0 && !isTransient(rc)) {
                throw failure("io_uring_enter (wait)", rc);
            }
            int ready = ring.cqReady();
            if (ready >= want) {
                return ready;
            }
        }
    }

    @Override
    public int inFlight() {
        return q.inFlight();
    }

    @Override
    public int uncommitted() {
        return q.queuedCount();
    }

    /**
     * Waits for requests the kernel still holds (their buffers may still be written), then frees the ring. Call it
     * from the thread that submitted: under SINGLE_ISSUER the kernel refuses to wait for any other, and the ring is
     * then torn down at once, so buffers of requests still in flight must not be freed or reused.
     */
    @Override
    public void close() {
        try {
            int inKernel = q.inFlight() - q.queuedCount();
            while (enabled && inKernel > 0) {
                int rc = ring.waitCompletions(inKernel);
                if (rc < 0 && !isTransient(rc)) {
                    break;
                }
                int n = Math.min(ring.cqReady(), inKernel);
                ring.cqAdvance(n);
                inKernel -= n;
            }
        } finally {
            ring.close();
            q.clear();
        }
    }

    private void enable() {
        try {
            ring.enable();
            enabled = true;
        } catch (SysException e) {
            throw new IllegalStateException("io_uring: cannot enable the ring: " + e.getMessage(), e);
        }
    }

    private void growSlotBuffers(int n) {
        slotBuffer = Arrays.copyOf(slotBuffer, n);
        slotBufferIndex = Arrays.copyOf(slotBufferIndex, n);
    }

    private static boolean isTransient(int negErrno) {
        return negErrno == -Errno.EINTR || negErrno == -Errno.EAGAIN || negErrno == -Errno.EBUSY;
    }

    private static IllegalStateException failure(String call, int negErrno) {
        if (negErrno == -Errno.EEXIST) {
            return new IllegalStateException(call + ": " + Errno.describe(-negErrno)
                    + ": the ring belongs to another thread; use one engine per worker thread");
        }
        return new IllegalStateException(call + ": " + Errno.describe(-negErrno));
    }
}
