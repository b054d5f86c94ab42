package org.iobench.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** cachestat(2) on one file: its written pages are dirty until synced. */
class PageCacheStatTest {
    @TempDir
    Path dir;

    @Test
    void writtenPagesAreDirtyUntilTheFileIsSynced() throws IOException {
        assumeTrue(!"tmpfs".equals(Files.getFileStore(dir).type()), "tmpfs pages are never written back");
        Path f = dir.resolve("f");
        try (OutputStream out = Files.newOutputStream(f)) {
            out.write(new byte[1 << 20]);
        }
        int fd = Libc.open(f, OpenFlags.O_RDWR, 0);
        try {
            PageCacheStat dirty = PageCacheStat.of(fd);
            assumeTrue(dirty != null, "the kernel has no cachestat (Linux 6.5+)");
            assertThat(dirty.cachedPages()).isGreaterThanOrEqualTo(256);
            // the kernel may have started writing some back already: dirty or under writeback, none lost
            assertThat(dirty.unwrittenPages()).isPositive();
            assertThat(new NativeIo().fdatasync(fd)).isZero();
            assertThat(PageCacheStat.of(fd).unwrittenPages()).isZero();
        } finally {
            Libc.close(fd);
        }
    }

    @Test
    void aDescriptorThatIsNotOpenGivesNothing() {
        assertThat(PageCacheStat.of(-1)).isNull();
    }
}
