package org.iobench.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's verify state over several files: each file's ring, latest first, and the stop rule per file. */
class FioVerifyStateTest {
    @TempDir
    Path dir;

    @Test
    void eachFileListsAsManyOfItsLastWritesAsTheJobCompletedAtMostTheDepthLatestFirst() throws Exception {
        Path p = dir.resolve("s");
        // depth 4, three files: file 0 wrote 0, 4096, 8192 (ring next 3); file 1 nothing; file 2 a full ring
        long[][] rings = {{0, 4096, 8192, 0}, null, {40960, 45056, 32768, 36864}};
        FioVerifyState.save(p, "job", 0, 4, 12, 10, rings, new int[] {3, 0, 2});
        FioVerifyState s = FioVerifyState.load(p);
        assertThat(s.depth()).isEqualTo(4);
        assertThat(s.numberio()).isEqualTo(12);
        assertThat(s.files()).containsExactly(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2);
        assertThat(s.offsets()).containsExactly(8192, 4096, 0, 0, 0, 0, 0, 0, 45056, 40960, 36864, 32768);
        // inside the window (12 writes, 8..12 reads done) a read back goes on only where its file listed it
        assertThat(s.shouldStop(9, 2, 45056)).isFalse();
        assertThat(s.shouldStop(9, 0, 45056)).isTrue();
        assertThat(s.shouldStop(2, 0, 45056)).as("before the window").isFalse();
        assertThat(s.shouldStop(30, 0, 45056)).as("more reads than writes (verify_only's dry run read): fio's"
                + " unsigned difference wraps, out of the window").isFalse();
    }
}
