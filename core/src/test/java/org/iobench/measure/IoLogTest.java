package org.iobench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A log longer than its chunks keeps every sample in order (it grows without copying what it holds). */
class IoLogTest {
    @TempDir
    Path dir;

    @Test
    void samplesAcrossChunksAreWrittenInOrder() throws Exception {
        IoLog log = new IoLog(true);
        int n = 40_000; // past the first, small array and two chunks of 16 Ki samples
        for (int i = 0; i < n; i++) {
            log.add(i / 1000, i, i % 2, 4096, (long) i * 4096);
        }
        assertThat(log.size()).isEqualTo(n);
        Path f = dir.resolve("x.log");
        log.write(f);
        List<String> lines = Files.readAllLines(f);
        assertThat(lines).hasSize(n);
        assertThat(lines.getFirst()).isEqualTo("0, 0, 0, 4096, 0, 0");
        assertThat(lines.get(16_384)).isEqualTo("16, 16384, 0, 4096, " + 16_384L * 4096 + ", 0");
        assertThat(lines.getLast()).isEqualTo("39, 39999, 1, 4096, " + 39_999L * 4096 + ", 0");
    }
}
