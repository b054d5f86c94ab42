package org.iobench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log longer than its chunks keeps every sample in order (it grows without copying what it holds); compressed as
 * it fills ({@code log_compression}) it writes the same text, and stored compressed ({@code log_store_compressed})
 * it inflates back to that text, chunk after chunk.
 */
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

    @Test
    void aCompressedLogWritesTheSameTextAndInflatesBackToIt() throws Exception {
        for (boolean offsets : new boolean[] {true, false}) {
            for (boolean prio : new boolean[] {true, false}) {
                IoLog plain = new IoLog(offsets, prio);
                IoLog packed = new IoLog(offsets, prio, 10 * 1024, Runnable::run); // 256 or 320 samples a chunk
                int n = 1000;
                for (int i = 0; i < n; i++) {
                    int ioprio = i % 3 == 0 ? 1 << 13 | 4 : 0; // the real-time class every third
                    plain.add(i, 131072L * i, 1, 131072, 131072L * i, ioprio);
                    packed.add(i, 131072L * i, 1, 131072, 131072L * i, ioprio);
                }
                assertThat(packed.size()).isEqualTo(n);
                Path text = dir.resolve("plain.log");
                plain.write(text);
                Path inflated = dir.resolve("packed.log");
                packed.write(inflated);
                assertThat(Files.readString(inflated)).isEqualTo(Files.readString(text));
                Path stored = dir.resolve("stored.log.fz");
                packed.writeCompressed(stored);
                StringBuilder back = new StringBuilder();
                FioSamples.inflate(Files.readAllBytes(stored), back);
                assertThat(back.toString()).isEqualTo(Files.readString(text));
                Path once = dir.resolve("once.log.fz"); // stored compressed, not compressed as it filled
                plain.writeCompressed(once);
                StringBuilder again = new StringBuilder();
                FioSamples.inflate(Files.readAllBytes(once), again);
                assertThat(again.toString()).isEqualTo(Files.readString(text));
            }
        }
    }

    @Test
    void bytesThatAreNoCompressedLogAreRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> FioSamples.inflate("0, 1, 2, 3, 0\n".getBytes(),
                new StringBuilder())).isInstanceOf(java.io.IOException.class).hasMessageContaining("not a compressed");
    }
}
