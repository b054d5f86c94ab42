package org.iobench.engine.uring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.iobench.clock.NanoClock;
import org.iobench.engine.Completions;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.Engines;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.QueueSetup;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.NativeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Registered files over many files (fio's {@code registerfiles} with {@code nrfiles}): each file opened through the
 * engine gets a slot of the ring's file table, found from its descriptor without a search; a closed file's slot goes
 * to the next file opened. Every file holds its own bytes, so a request sent to another file's slot reads the wrong
 * data and fails the test.
 */
@Timeout(60)
class UringFixedFilesTest {
    private static final int BLOCK = 4096;
    /** More than the table's first length, so it grows twice. */
    private static final int FILES = 2 * UringEngine.INITIAL_FILE_SLOTS + 8;

    @TempDir
    Path dir;

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    @Test
    void eachFileHasItsOwnSlotFoundFromItsDescriptorAndReadsItsOwnData() throws Exception {
        UringEngine engine = engine(8);
        List<IoFile> files = new ArrayList<>();
        for (int i = 0; i < FILES; i++) {
            files.add(open(engine, i));
        }
        assertThat(engine.registeredFiles()).isEqualTo(FILES);
        for (int i = 0; i < FILES; i++) {
            assertThat(engine.fixedFileIndex(files.get(i).fd())).as("file %d's slot", i).isEqualTo(i);
        }
        assertThat(engine.fixedFileIndex(-1)).isEqualTo(-1);
        assertThat(engine.fixedFileIndex(Integer.MAX_VALUE)).isEqualTo(-1);
        readEach(engine, files, markers(FILES));
    }

    @Test
    void aClosedFilesSlotGoesToTheNextFileOpenedAfterTheRingHasStarted() throws Exception {
        UringEngine engine = engine(8);
        List<IoFile> files = new ArrayList<>();
        List<Integer> marks = new ArrayList<>();
        for (int i = 0; i < FILES; i++) {
            files.add(open(engine, i));
            marks.add(i);
        }
        readEach(engine, files, marks); // the ring is enabled and owned by this thread from here
        Set<Integer> freed = new HashSet<>();
        for (int i : new int[] {3, FILES - 1, 20}) {
            IoFile gone = files.get(i);
            int fd = gone.fd();
            engine.close(gone);
            assertThat(engine.fixedFileIndex(fd)).as("a closed descriptor's slot").isEqualTo(-1);
            freed.add(i);
        }
        Set<Integer> taken = new HashSet<>();
        for (int i : new int[] {3, FILES - 1, 20}) {
            int mark = 1000 + i;
            IoFile again = open(engine, mark);
            files.set(i, again);
            marks.set(i, mark);
            taken.add(engine.fixedFileIndex(again.fd()));
        }
        assertThat(taken).as("the new files' slots").isEqualTo(freed);
        assertThat(engine.registeredFiles()).as("no slot added while freed ones were there").isEqualTo(FILES);
        IoFile extra = open(engine, 2000);
        files.add(extra);
        marks.add(2000);
        assertThat(engine.fixedFileIndex(extra.fd())).isEqualTo(FILES);
        readEach(engine, files, marks);
    }

    @Test
    void withoutRegisteredFilesNoDescriptorHasASlot() throws Exception {
        UringEngine engine = (UringEngine) Engines.byName("uring").orElseThrow()
                .create(new EngineOptions(4, 1, List.of(), false, null, NanoClock.SYSTEM, QueueSetup.NONE));
        toClose.add(engine);
        IoFile file = open(engine, 7);
        assertThat(engine.registeredFiles()).isZero();
        assertThat(engine.fixedFileIndex(file.fd())).isEqualTo(-1);
        readEach(engine, List.of(file), List.of(7));
    }

    @Test
    void readingOverManyRegisteredFilesAllocatesNothingOnceCompiled() throws Exception {
        int depth = 32;
        UringEngine engine = engine(depth);
        IoFile[] files = new IoFile[FILES];
        for (int i = 0; i < FILES; i++) {
            files[i] = open(engine, i);
        }
        IoRequest[] pool = requests(depth).toArray(IoRequest[]::new);
        Completions done = new Completions(depth);
        loop(engine, pool, files, done, 100_000);
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        int ios = 50_000;
        long allocated = Long.MAX_VALUE;
        // Compilation is asynchronous and slow on a busy machine: measure again until the compiled code runs.
        for (int round = 0; round < 20 && allocated >= ios / 10; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            loop(engine, pool, files, done, ios);
            allocated = threads.getCurrentThreadAllocatedBytes() - before;
        }
        assertThat(allocated).as("bytes allocated over %d I/Os on %d files", ios, FILES).isLessThan(ios / 10);
    }

    // ---- helpers

    /** Reads block 0 of every file, several in flight over different files, and checks each holds its own mark. */
    private void readEach(UringEngine engine, List<IoFile> files, List<Integer> marks) {
        List<IoRequest> free = new ArrayList<>(requests(8));
        IoFile[] fileOf = new IoFile[8];
        int[] markOf = new int[8];
        Completions done = new Completions(8);
        int next = 0;
        int inFlight = 0;
        while (next < files.size() || inFlight > 0) {
            while (next < files.size() && !free.isEmpty()) {
                IoRequest r = free.removeLast();
                r.buffer().asByteBuffer().clear().put(new byte[BLOCK]);
                r.prepare(IoOp.READ, files.get(next), 0, BLOCK);
                fileOf[r.index()] = files.get(next);
                markOf[r.index()] = marks.get(next);
                assertThat(engine.submit(r)).isEqualTo(SubmitStatus.QUEUED);
                inFlight++;
                next++;
            }
            engine.commit();
            done.clear();
            int n = engine.reap(1, done);
            for (int i = 0; i < n; i++) {
                IoRequest r = done.get(i);
                String what = "read of " + fileOf[r.index()].path();
                assertThat(r.result()).as(what).isEqualTo(BLOCK);
                byte[] got = r.buffer().toArray(0, BLOCK);
                assertThat(ByteBuffer.wrap(got).getInt(0)).as("the mark " + what).isEqualTo(markOf[r.index()]);
                assertThat(got).as(what).isEqualTo(content(markOf[r.index()]));
                free.add(r);
            }
            inFlight -= n;
        }
    }

    /** Keeps the pool in flight over every file in turn for {@code ios} cached reads; allocates nothing itself. */
    private static void loop(UringEngine engine, IoRequest[] pool, IoFile[] files, Completions done, int ios) {
        IoRequest[] free = pool.clone();
        int freeCount = free.length;
        int completed = 0;
        int file = 0;
        while (completed < ios) {
            while (freeCount > 0) {
                IoRequest r = free[freeCount - 1];
                r.prepare(IoOp.READ, files[file], 0, BLOCK);
                if (engine.submit(r) == SubmitStatus.BUSY) {
                    break;
                }
                freeCount--;
                file = file + 1 == files.length ? 0 : file + 1;
            }
            engine.commit();
            done.clear();
            int n = engine.reap(1, done);
            for (int i = 0; i < n; i++) {
                free[freeCount++] = done.get(i);
            }
            completed += n;
        }
        done.clear();
        while (engine.inFlight() > 0) {
            engine.reap(1, done);
            done.clear();
        }
    }

    private static List<Integer> markers(int n) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(i);
        }
        return list;
    }

    /** A block whose every 4 bytes name {@code mark}: no two files alike. */
    private static byte[] content(int mark) {
        byte[] b = new byte[BLOCK];
        for (int i = 0; i < BLOCK; i += 4) {
            b[i] = (byte) (mark >>> 24);
            b[i + 1] = (byte) (mark >>> 16);
            b[i + 2] = (byte) (mark >>> 8);
            b[i + 3] = (byte) mark;
        }
        return b;
    }

    /** Makes a file holding {@code mark}'s block and opens it through the engine. */
    private IoFile open(UringEngine engine, int mark) throws IOException {
        Path path = dir.resolve("f" + mark);
        Files.write(path, content(mark));
        IoFile file = engine.open(path, OpenMode.READ);
        toClose.add(() -> {
            if (file.isOpen()) {
                engine.close(file);
            }
        });
        return file;
    }

    private List<IoRequest> requests(int n) {
        List<IoRequest> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            NativeBuffer b = NativeBuffer.allocate(BLOCK, BLOCK);
            toClose.add(b);
            list.add(new IoRequest(i, b));
        }
        return list;
    }

    private UringEngine engine(int depth) throws IOException {
        UringEngine engine = (UringEngine) Engines.byName("uring").orElseThrow()
                .create(new EngineOptions(depth, 1, List.of(), false, null, NanoClock.SYSTEM,
                        new QueueSetup(true, false, -1, false)));
        toClose.add(engine);
        return engine;
    }
}
