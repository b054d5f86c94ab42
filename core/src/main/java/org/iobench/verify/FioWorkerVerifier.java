package org.iobench.verify;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.iobench.job.FioVerify;
import org.iobench.sys.NativeBuffer;

/**
 * One fio job's verify, called by its worker's request source (fio 3.33's {@code verify.c}, {@code iolog.c}'s
 * {@code log_io_piece} and {@code io_u.c}'s backlog): each write is stamped with fio's headers and logged; the log is
 * read back by {@code verify_backlog} batches between the job's own requests and, with {@code do_verify}, after them
 * (a logged write is read back only once it completed, as fio waits for {@code IP_F_IN_FLIGHT}); the reads of a job
 * that only reads are checked as they complete. Writes are logged in issue order when fio keeps a list (a random job
 * with its random map), else by file and offset, a write replacing the older ones of its file it overlaps (fio's
 * tree, ordered by file, then offset), which is also what {@code experimental_verify} verifies. A job over several
 * files logs each write with its file's number (fio's {@code ipo->file}); {@link #newLoop} is fio's new loop (the
 * log pruned, the generator started again). Used by the worker's thread only.
 */
public final class FioWorkerVerifier {
    private final FioVerify spec;
    private final FioBlocks blocks;
    private final ByteBuffer[] views;
    private final java.util.function.Supplier<LongSupplier> seedStarts;
    private LongSupplier seeds;
    private final LongSupplier wallNanos;
    private final List<Path> files;
    private final boolean checkNumberio;
    private final boolean checkSeed;
    private final boolean logs;
    private final ArrayDeque<Piece> list;
    private final TreeMap<Piece, Piece> tree;
    private final Piece[] slots;
    /**
     * Per file, its last completed writes' offsets, a ring of iodepth (fio's {@code f->last_write_comp}), for the
     * state file; null until the file's first completed write.
     */
    private final long[][] completed;
    private final int[] completedNext;
    private final int depth;
    private long completedWrites;
    private long readsDone;
    /** fio's loaded verify state ({@code verify_state_load}), or null. */
    private final FioVerifyState state;
    private boolean stateStopped;
    private long logged;
    private long batch;
    private boolean lastRead;
    private int writes;
    /** Intervals read back and found as written, and the bytes they hold. */
    public long blocksVerified;
    public long bytesVerified;

    /** A logged write: its file, where, how long, its write number and seed, and whether it is still in flight. */
    static final class Piece implements Comparable<Piece> {
        final int file;
        final long offset;
        final int length;
        final int numberio;
        final long seed;
        boolean inFlight = true;

        Piece(int file, long offset, int length, int numberio, long seed) {
            this.file = file;
            this.offset = offset;
            this.length = length;
            this.numberio = numberio;
            this.seed = seed;
        }

        /** fio's tree order: the file (fio compares the {@code fio_file} pointers, allocated in order), the offset. */
        @Override
        public int compareTo(Piece o) {
            return file != o.file ? Integer.compare(file, o.file) : Long.compare(offset, o.offset);
        }
    }

    /** fio's stamping of a write alone: its headers and checksums into the buffer, nothing logged ({@link #stamper}). */
    @FunctionalInterface
    public interface Stamper {
        /** Makes slot {@code slot}'s buffer the write of {@code length} bytes at {@code offset}. */
        void stamp(int slot, long offset, int length);
    }

    /**
     * The stamping of {@code spec}'s writes without the rest of verify, for iobench's warm-up on {@code /dev/zero}: the
     * same data fill, headers and checksums into the buffers as a run's writes get (so their code is compiled before
     * the window opens), no log, no reads back, no state file; seeds and times are made up.
     */
    public static Stamper stamper(FioVerify spec, List<NativeBuffer> buffers) {
        FioBlocks blocks = new FioBlocks(spec);
        ByteBuffer[] views = new ByteBuffer[buffers.size()];
        for (int i = 0; i < views.length; i++) {
            views[i] = buffers.get(i).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        }
        int[] numberio = new int[1];
        return (slot, offset, length) -> {
            int n = numberio[0]++;
            blocks.stamp(views[slot], offset, length, spec.hasPattern() ? 0 : 0x9e3779b97f4a7c15L * (n + 1L), n,
                    n, n);
        };
    }

    /**
     * @param buffers       the worker's request buffers, by slot
     * @param seedStarts    fio's verify generator ({@code td->verify_state}) from its start, made again at each new
     *                      loop (fio's {@code clear_io_state} seeds it again): each write's seed is the product of two
     *                      of its values, as fio draws it on a 64-bit machine
     * @param files         the job's files, in fio's order (one for most jobs), for the state file and
     *                      {@code verify_dump}'s file names
     * @param listOrder     fio keeps its write log as a list (a random job with its random map)
     * @param mixed         the job reads and writes (fio's {@code td_rw}): the data's random seed is checked, unless backlogged
     * @param numberio      the write number is checked (fio: a job that writes, one block size, not time-based,
     *                      not {@code verify_only})
     */
    public FioWorkerVerifier(FioVerify spec, List<NativeBuffer> buffers,
                             java.util.function.Supplier<LongSupplier> seedStarts, LongSupplier wallNanos,
                             List<Path> files, boolean listOrder, boolean mixed, boolean numberio) {
        this.spec = spec;
        this.blocks = new FioBlocks(spec);
        this.views = new ByteBuffer[buffers.size()];
        for (int i = 0; i < views.length; i++) {
            views[i] = buffers.get(i).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        }
        this.seedStarts = seedStarts;
        this.seeds = seedStarts.get();
        this.wallNanos = wallNanos;
        this.files = List.copyOf(files);
        this.checkNumberio = numberio && !spec.only();
        this.checkSeed = mixed && spec.backlog() == 0;
        this.logs = spec.afterWrites() || spec.backlog() > 0 || spec.only();
        boolean asList = listOrder && !spec.experimental();
        this.list = asList ? new ArrayDeque<>() : null;
        this.tree = asList ? null : new TreeMap<>();
        this.slots = new Piece[views.length];
        this.depth = views.length;
        this.completed = new long[this.files.size()][];
        this.completedNext = new int[this.files.size()];
        this.state = spec.stateLoad() ? FioVerifyState.load(spec.auxFile(FioVerifyState.file(
                spec.jobName(), spec.threadNumber() - 1).toString())) : null;
    }

    /**
     * Makes the buffer of slot {@code slot} the write of {@code length} bytes at {@code offset} of file {@code file}
     * (its number in the job) and logs it (in flight until {@link #written}). With {@code verify_only} nothing is
     * written: the write is only logged, done.
     */
    public void stamp(int slot, int file, long offset, int length) {
        // fio draws a seed only for random data; with verify_pattern the header's seed stays 0
        long seed = spec.hasPattern() ? 0 : seeds.getAsLong() * seeds.getAsLong();
        int numberio = writes++;
        if (!spec.only()) {
            long now = wallNanos.getAsLong();
            blocks.stamp(views[slot], offset, length, seed, numberio, now / 1_000_000_000L, now % 1_000_000_000L);
        }
        lastRead = false;
        if (!logs) {
            return;
        }
        Piece p = new Piece(file, offset, length, numberio, seed);
        p.inFlight = !spec.only();
        slots[slot] = p.inFlight ? p : null;
        if (spec.only()) { // fio's dry run completes each write it logs
            completedWrite(file, offset);
        }
        log(p);
    }

    /** fio's {@code file_log_write_comp} and the job's completed writes ({@code io_blocks[DDIR_WRITE]}). */
    private void completedWrite(int file, long offset) {
        if (spec.stateSave()) {
            long[] ring = completed[file];
            if (ring == null) {
                ring = completed[file] = new long[depth];
            }
            ring[completedNext[file]] = offset;
            completedNext[file] = (completedNext[file] + 1) % depth;
        }
        completedWrites++;
    }

    /**
     * fio's new loop ({@code clear_io_state}, then {@code prune_io_piece_log}): the writes still logged are dropped
     * and the generator starts again, so that the loop's writes carry the same verify-header values (fio's
     * {@code verify_state} draws) as the first loop's, as fio's do. A {@code verify_backlog} batch cut short by the
     * loop's end goes on in the next loop ({@code td->verify_batch} is never reset).
     */
    public void newLoop() {
        if (list != null) {
            list.clear();
        } else {
            tree.clear();
        }
        logged = 0;
        lastRead = false;
        seeds = seedStarts.get();
    }

    /** True while a logged write is left to read back (ready or still in flight), the state not ending it. */
    public boolean pending() {
        return !stateStopped && (list != null ? !list.isEmpty() : !tree.isEmpty());
    }

    /** fio's verify phase starts again: the verify generator from its start ({@code clear_io_state}). */
    public void phaseStart() {
        stateStopped = false;
    }

    private void log(Piece p) {
        if (list != null) {
            list.addLast(p);
            logged++;
            return;
        }
        while (true) { // fio's tree: drop every older write this one overlaps
            Map.Entry<Piece, Piece> below = tree.floorEntry(p);
            if (below != null && below.getKey().file == p.file
                    && below.getKey().offset + below.getKey().length > p.offset) {
                tree.remove(below.getKey());
                logged--;
                continue;
            }
            Map.Entry<Piece, Piece> above = tree.higherEntry(p);
            if (above != null && above.getKey().file == p.file && p.offset + p.length > above.getKey().offset) {
                tree.remove(above.getKey());
                logged--;
                continue;
            }
            break;
        }
        tree.put(p, p);
        logged++;
    }

    /** The write in slot {@code slot}, at {@code offset} of file {@code file}, completed: it may now be read back. */
    public void written(int slot, int file, long offset) {
        completedWrite(file, offset);
        Piece p = slots[slot];
        if (p != null) {
            p.inFlight = false;
            slots[slot] = null;
        }
    }

    /** A read of the job's own (not a verify read) was issued: fio's {@code last_ddir}. */
    public void read() {
        lastRead = true;
    }

    /**
     * fio's {@code verify_backlog} decision before each new request: a batch is under way, or the log holds a
     * multiple of {@code verify_backlog} writes and the last request was no read. True when a verify read is due and
     * one is ready; it is then in {@code slot} ({@link #verifyOffset}, {@link #verifyLength}).
     */
    public boolean backlogDue(int slot) {
        if (spec.backlog() == 0 || logged == 0) {
            return false;
        }
        boolean due = batch > 0;
        if (!due && logged % spec.backlog() == 0 && !lastRead) {
            batch = spec.backlogBatch() > 0 ? spec.backlogBatch() : spec.backlog();
            due = true;
        }
        if (due && take(slot)) {
            batch--;
            return true;
        }
        return false;
    }

    /**
     * The next logged write has completed and can be read back now (with a loaded verify state, not once the state
     * said the writes stopped before it).
     */
    public boolean ready() {
        Piece p = list != null ? list.peekFirst() : tree.isEmpty() ? null : tree.firstEntry().getValue();
        if (p == null || p.inFlight || stateStopped) {
            return false;
        }
        if (state != null && state.shouldStop(readsDone, p.file, p.offset)) {
            stateStopped = true; // fio: the verification ends here, without an error
            return false;
        }
        return true;
    }

    /**
     * The next logged write is still in flight: a verify phase waits for it (fio's {@code do_io} ends with every
     * request back before {@code do_verify}).
     */
    public boolean waiting() {
        Piece p = list != null ? list.peekFirst() : tree.isEmpty() ? null : tree.firstEntry().getValue();
        return p != null && p.inFlight && !stateStopped;
    }

    /** A read (the job's own or a verify read) completed: fio's {@code io_blocks[DDIR_READ]}. */
    public void readDone() {
        readsDone++;
    }

    /**
     * fio's end of a writing job with {@code verify_state_save} (the default): {@code local-NAME-N-verify.state} in
     * the working directory (or {@code --aux-path}), naming the writes issued and the last ones completed. Null, or why it was not written.
     */
    public String saveState() {
        if (!spec.stateSave() || writes == 0) {
            return null;
        }
        try {
            FioVerifyState.save(spec.auxFile(FioVerifyState.file(spec.jobName(), spec.threadNumber() - 1).toString()),
                    spec.jobName(),
                    spec.threadNumber() - 1, depth, writes, completedWrites, completed, completedNext);
            return null;
        } catch (IOException e) {
            return "fio: failed to write state file: " + e.getMessage();
        }
    }

    /** Puts the next completed logged write into {@code slot} to be read back; false when there is none yet. */
    public boolean take(int slot) {
        if (!ready()) {
            return false;
        }
        Piece p = list != null ? list.pollFirst() : tree.pollFirstEntry().getValue();
        logged--;
        slots[slot] = p;
        lastRead = true;
        return true;
    }

    public long verifyOffset(int slot) {
        return slots[slot].offset;
    }

    public int verifyLength(int slot) {
        return slots[slot].length;
    }

    /** The number in the job of the file of the next logged write to read back ({@link #ready} true). */
    public int nextFile() {
        return (list != null ? list.peekFirst() : tree.firstKey()).file;
    }

    /** The number in the job of the file the write read back into {@code slot} went to. */
    public int verifyFile(int slot) {
        return slots[slot].file;
    }

    /** Checks the read back into {@code slot} of its logged write: null, or fio's message for what is wrong. */
    public String checkVerify(int slot, long offset, int length) {
        Piece p = slots[slot];
        slots[slot] = null;
        return check(slot, p.file, offset, length, new FioBlocks.Expect(checkSeed ? p.seed : -1, p.numberio),
                checkNumberio);
    }

    /**
     * Checks a read of a job that only reads, of file {@code file}, against what its headers say (fio checks no seed
     * or write number).
     */
    public String checkRead(int slot, int file, long offset, int length) {
        return check(slot, file, offset, length, FioBlocks.Expect.FROM_HEADER, false);
    }

    private String check(int slot, int file, long offset, int length, FioBlocks.Expect expect, boolean numberio) {
        FioBlocks.Failure f = blocks.check(views[slot], offset, length, expect, numberio);
        if (f == null) {
            int step = blocks.step(length);
            blocksVerified += (length + step - 1) / step;
            bytesVerified += length;
            return null;
        }
        String dumped = spec.dump() ? dump(f, views[slot], files.get(file), offset, length) : "";
        return f.message() + dumped;
    }

    /**
     * fio's {@code verify_dump}: the bytes received (and, for bad data, those expected, made again from the header's
     * seed) written to {@code FILE.OFFSET.received} and {@code .expected} ({@code .hdr_fail} for a bad header) in the
     * working directory (or {@code --aux-path}), as fio names them.
     */
    private String dump(FioBlocks.Failure f, ByteBuffer view, Path file, long offset, int length) {
        String base = file.getFileName().toString() + "." + f.offset();
        try {
            if (f.header()) {
                Path p = spec.auxFile(base + ".hdr_fail");
                Files.write(p, bytes(view, f.bufferAt(), f.length()));
                return "; hdr_fail data dumped as " + p;
            }
            Path received = spec.auxFile(base + ".received");
            Files.write(received, bytes(view, f.bufferAt(), f.length()));
            ByteBuffer expected = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
            long seed = FioHeader.seed(view, f.bufferAt() - f.bufferAt() % Math.max(1, blocks.step(length)));
            blocks.stamp(expected, offset, length, seed, 0, 0, 0);
            Path wanted = spec.auxFile(base + ".expected");
            Files.write(wanted, bytes(expected, f.bufferAt(), f.length()));
            return "; received data dumped as " + received + ", expected data dumped as " + wanted;
        } catch (IOException e) {
            return "; verify_dump failed: " + e.getMessage();
        }
    }

    private static byte[] bytes(ByteBuffer b, int at, int n) {
        byte[] out = new byte[Math.min(n, b.capacity() - at)];
        b.get(at, out);
        return out;
    }
}
