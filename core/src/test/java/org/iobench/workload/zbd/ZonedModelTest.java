package org.iobench.workload.zbd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A block device's size for its emulated zones: the whole device, as fio lays zones over it (t/zbd tests 35, 36). */
class ZonedModelTest {
    @TempDir
    Path dir;

    @Test
    void aDevicesSizeIsTheKernelsSectorsTimes512AndAnythingElseGetsTheFallback() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "x");
        assertThat(ZonedModel.bytes(file, 123)).isEqualTo(123);
        assertThat(ZonedModel.bytes(dir.resolve("missing"), 7)).isEqualTo(7);
        Path device;
        try (Stream<Path> names = Files.list(Path.of("/sys/class/block"))) {
            device = names.map(n -> Path.of("/dev", n.getFileName().toString()))
                    .filter(Files::exists).findFirst().orElse(null);
        } catch (IOException e) {
            device = null;
        }
        Assumptions.assumeTrue(device != null, "no block device under /sys/class/block with a /dev node here");
        long sectors = Long.parseLong(Files.readString(Path.of("/sys/class/block", device.getFileName().toString(),
                "size")).strip());
        assertThat(ZonedModel.bytes(device, -1)).isEqualTo(sectors * 512);
    }
}
