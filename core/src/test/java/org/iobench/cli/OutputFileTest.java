package org.iobench.cli;

import org.iobench.session.ExitException;
import org.iobench.testing.Root;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Output files: a regular file or stdout, checked before the work, written whole or not at all. */
class OutputFileTest {
    @TempDir
    Path dir;

    @Test
    void aNewFileIsWrittenWholeAndNoTemporaryFileStays() throws Exception {
        Path f = dir.resolve("out.json");
        OutputFile out = OutputFile.check("--json", f, false);
        assertThat(dir).isEmptyDirectory(); // the check's probe file is gone
        out.write("{\"a\": 1}\n", null);
        assertThat(Files.readString(f)).isEqualTo("{\"a\": 1}\n");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(f);
        }
    }

    @Test
    void anExistingFileIsReplacedOnlyWithForceAndKeepsItsPermissions() throws Exception {
        Path f = Files.writeString(dir.resolve("out.json"), "old");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r-----"));
        assertThatThrownBy(() -> OutputFile.check("--json", f, false)).isInstanceOf(ExitException.class)
                .hasMessage("--json " + f + ": exists; add --force to replace it")
                .extracting(e -> ((ExitException) e).status()).isEqualTo(2);
        assertThat(f).hasContent("old");
        OutputFile.check("--json", f, true).write("new", null);
        assertThat(f).hasContent("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-r-----");
    }

    @Test
    void aFileThatAppearsDuringTheRunIsNotReplacedWithoutForce() throws Exception {
        Path f = dir.resolve("out.json");
        OutputFile out = OutputFile.check("--json", f, false);
        Files.writeString(f, "someone else's");
        assertThatThrownBy(() -> out.write("mine", null)).hasMessageContaining("appeared while iobench ran");
        assertThat(f).hasContent("someone else's");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(f);
        }
    }

    @Test
    void directoriesDevicesFifosAndKernelFilesystemsAreRefused() throws Exception {
        assertRefused(dir, "is a directory");
        assertRefused(Path.of("/dev/null"), "is a character device");
        assertRefused(Path.of("/proc/iobench-out.json"), "proc filesystem");
        assertRefused(Path.of("/sys/iobench-out.json"), "sysfs filesystem");
        Path fifo = dir.resolve("fifo");
        Root.sh("mkfifo", fifo.toString());
        assertRefused(fifo, "is a FIFO");
    }

    @Test
    void aMissingDirectoryIsNamedAndNotCreated() {
        Path f = dir.resolve("no/such/out.json");
        assertThatThrownBy(() -> OutputFile.check("-o", f, true))
                .hasMessage("-o " + f + ": the directory " + dir.resolve("no/such") + " does not exist");
        assertThat(dir.resolve("no")).doesNotExist();
    }

    @Test
    void aSymbolicLinkIsFollowedAndKeptButADanglingOneIsRefused() throws Exception {
        Path real = Files.writeString(dir.resolve("real.csv"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("latest.csv"), real);
        OutputFile.check("-o", link, true).write("new", null);
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(real).hasContent("new");
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.csv"), dir.resolve("gone.csv"));
        assertRefused(dangling, "symbolic link to a missing file");
    }

    @Test
    void aDashIsStandardOutput() throws Exception {
        OutputFile out = OutputFile.check("--json", Path.of("-"), false);
        assertThat(out.toStdout()).isTrue();
        StringWriter s = new StringWriter();
        out.write("{}\n", new PrintWriter(s));
        assertThat(s).hasToString("{}\n");
    }

    @Test
    void aFullFilesystemLeavesTheOldFileAndNoHalfFile() throws Exception {
        Root.assumeSysAdmin("mounts a small tmpfs to fill it");
        Path mnt = dir.resolve("small");
        Root.mountTmpfs(mnt, "64k");
        try {
            Path f = Files.writeString(mnt.resolve("out.json"), "old");
            OutputFile out = OutputFile.check("--json", f, true);
            Root.sh("sh", "-c", "dd if=/dev/zero of=" + mnt.resolve("fill") + " bs=4k 2>/dev/null; true");
            assertThatThrownBy(() -> out.write("x".repeat(1 << 20), null))
                    .hasMessage("--json " + f + ": cannot write: no space left on device");
            assertThat(f).hasContent("old");
            try (var files = Files.list(mnt)) {
                assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("out.json", "fill");
            }
        } finally {
            Root.umount(mnt);
        }
    }

    @Test
    void aReadOnlyFilesystemIsFoundByTheCheck() throws Exception {
        Root.assumeSysAdmin("mounts a read-only tmpfs");
        Path mnt = dir.resolve("ro");
        Files.createDirectories(mnt);
        Root.sh("mount", "-t", "tmpfs", "-o", "size=64k,ro", "tmpfs", mnt.toString());
        try {
            assertRefused(mnt.resolve("out.json"), "cannot create a file in " + mnt + ": read-only file system");
        } finally {
            Root.umount(mnt);
        }
    }

    private static void assertRefused(Path p, String reason) {
        assertThatThrownBy(() -> OutputFile.check("--json", p, true)).isInstanceOf(ExitException.class)
                .hasMessageStartingWith("--json " + p + ": ").hasMessageContaining(reason)
                .extracting(e -> ((ExitException) e).status()).isEqualTo(ExitException.USAGE);
    }
}
