package org.iobench.engine.ftruncate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's ftruncate engine: a write sets the file's size to its offset and counts its length; a read is EINVAL. */
class FtruncateEngineTest {
    @TempDir
    Path dir;

    @Test
    void aWriteTruncatesToItsOffsetAndAReadIsRefused() throws Exception {
        Path f = Files.write(dir.resolve("f"), new byte[8192]);
        try (NativeBuffer b = NativeBuffer.allocate(4096, 4096);
             IoEngine e = FtruncateEngine.PROVIDER.create(new EngineOptions(1, 1, List.of(b), false))) {
            IoFile file = e.open(f, OpenMode.READ_WRITE);
            IoRequest r = new IoRequest(0, b);
            assertThat(e.submit(r.prepare(IoOp.WRITE, file, 12288, 4096))).isEqualTo(SubmitStatus.COMPLETED);
            assertThat(r.result()).isEqualTo(4096);
            assertThat(Files.size(f)).isEqualTo(12288);
            e.submit(r.prepare(IoOp.WRITE, file, 1024, 4096));
            assertThat(Files.size(f)).isEqualTo(1024);
            e.submit(r.prepare(IoOp.READ, file, 0, 4096));
            assertThat(r.result()).isEqualTo(-Errno.EINVAL);
            e.submit(r.prepare(IoOp.TRIM, file, 0, 512));
            assertThat(r.result()).as("a trim, as fio's ftruncate engine refuses it").isEqualTo(-Errno.EINVAL);
            assertThat(Files.size(f)).isEqualTo(1024);
            e.close(file);
        }
    }
}
