package org.iobench.sys;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PathCallsTest {
    @TempDir
    Path dir;

    @Test
    void createStatAndUnlinkWorkOnTheIndexedFilesAndFailWithTheKernelsErrno() throws Exception {
        Path a = dir.resolve("a");
        Path link = dir.resolve("link");
        try (PathCalls calls = new PathCalls(List.of(a, link))) {
            calls.prelink();
            for (PathCalls.StatKind kind : PathCalls.StatKind.values()) {
                assertThat(calls.stat(0, kind)).as("%s of a missing file", kind).isEqualTo(-Errno.ENOENT);
            }
            int fd = calls.openCreate(0);
            assertThat(fd).isGreaterThanOrEqualTo(0);
            assertThat(calls.close(fd)).isZero();
            assertThat(a).exists().isEmptyFile();
            Files.createSymbolicLink(link, dir.resolve("nowhere"));
            assertThat(calls.stat(1, PathCalls.StatKind.STAT)).as("stat follows the link").isEqualTo(-Errno.ENOENT);
            assertThat(calls.stat(1, PathCalls.StatKind.LSTAT)).as("lstat does not").isZero();
            assertThat(calls.stat(0, PathCalls.StatKind.STATX)).isZero();
            assertThat(calls.unlink(0)).isZero();
            assertThat(a).doesNotExist();
            assertThat(calls.unlink(0)).isEqualTo(-Errno.ENOENT);
        }
    }
}
