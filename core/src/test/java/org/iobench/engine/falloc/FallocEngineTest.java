package org.iobench.engine.falloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's falloc engine: reads reserve, writes reserve and extend, trims punch holes; each counted by its length. */
class FallocEngineTest {
    private static final int KIB64 = 65536;

    @TempDir
    Path dir;

    @Test
    void aReadReservesAWriteExtendsAndATrimPunchesAHoleThatReadsAsZeros() throws Exception {
        Path f = dir.resolve("f");
        try (NativeBuffer b = NativeBuffer.allocate(4 * KIB64, 4096);
             IoEngine e = FallocEngine.PROVIDER.create(new EngineOptions(1, 1, List.of(b), false))) {
            IoFile file = e.open(f, OpenMode.CREATE_NEW.withDirect(false));
            IoRequest r = new IoRequest(0, b);
            assumeTrue(run(e, r.prepare(IoOp.READ, file, 0, KIB64)) != -Errno.EOPNOTSUPP,
                    () -> "the filesystem of " + dir + " has no fallocate");
            assertThat(r.result()).as("fallocate(KEEP_SIZE)").isEqualTo(KIB64);
            assertThat(Files.size(f)).as("a read keeps the size").isZero();
            assertThat(allocatedBytes(f)).isGreaterThanOrEqualTo(KIB64);

            assertThat(run(e, r.prepare(IoOp.WRITE, file, 0, 4 * KIB64))).isEqualTo(4 * KIB64);
            assertThat(Files.size(f)).as("a write extends the file").isEqualTo(4 * KIB64);
            Files.write(f, filled(4 * KIB64));
            long before = allocatedBytes(f);

            assumeTrue(run(e, r.prepare(IoOp.TRIM, file, KIB64, KIB64)) != -Errno.EOPNOTSUPP,
                    () -> "the filesystem of " + dir + " cannot punch holes");
            assertThat(r.result()).as("a trim counts its length").isEqualTo(KIB64);
            assertThat(Files.size(f)).as("a trim keeps the size").isEqualTo(4 * KIB64);
            assertThat(allocatedBytes(f)).as("the hole's blocks are freed").isLessThanOrEqualTo(before - KIB64);
            byte[] back = Files.readAllBytes(f);
            assertThat(java.util.Arrays.copyOfRange(back, KIB64, 2 * KIB64)).containsOnly((byte) 0);
            assertThat(java.util.Arrays.copyOfRange(back, 0, KIB64)).containsOnly((byte) 7);
            assertThat(run(e, r.prepare(IoOp.FDATASYNC, file, 0, 0))).isZero();
            e.close(file);
        }
    }

    @Test
    void aReadJobsFileIsOpenedWritableBecauseFallocateNeedsIt() throws Exception {
        Path f = Files.write(dir.resolve("existing"), new byte[4096]);
        try (NativeBuffer b = NativeBuffer.allocate(4096, 4096);
             IoEngine e = FallocEngine.PROVIDER.create(new EngineOptions(1, 1, List.of(b), false))) {
            IoFile file = e.open(f, OpenMode.READ);
            IoRequest r = new IoRequest(0, b);
            long rc = run(e, r.prepare(IoOp.READ, file, 0, 4096));
            assertThat(rc).as("not EBADF").isNotEqualTo(-Errno.EBADF);
            e.close(file);
        }
    }

    private static long run(IoEngine e, IoRequest r) {
        e.submit(r);
        return r.result();
    }

    private static byte[] filled(int n) {
        byte[] a = new byte[n];
        java.util.Arrays.fill(a, (byte) 7);
        return a;
    }

    /** The bytes {@code file} holds on disk: stat(1)'s {@code %b} blocks of {@code %B} bytes. */
    private static long allocatedBytes(Path file) throws Exception {
        String[] blocksAndSize = Root.sh("stat", "-c", "%b %B", file.toString()).trim().split(" ");
        return Long.parseLong(blocksAndSize[0]) * Long.parseLong(blocksAndSize[1]);
    }
}
