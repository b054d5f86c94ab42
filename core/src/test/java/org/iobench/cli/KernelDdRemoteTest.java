package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iobench suite kernel-dd DIR --remote DIR} end to end on two small real filesystems: a loop-mounted ext4 as
 * the local disk and a tmpfs as the "NFS share". net1 copies a file from the remote, mix3 writes one file locally and
 * two remotely at once; the rows are printed, stored with their test identity and compared per kernel.
 */
class KernelDdRemoteTest {
    @TempDir
    Path dir;

    @Test
    void net1AndMix3RunOnASecondFilesystemAndAreStoredAsTests() throws Exception {
        Root.assumeLoopDevices("mounts a loop ext4 as the local disk and a tmpfs as the remote share");
        Root.assumeTool("mkfs.ext4", "makes the local ext4");
        Path image = dir.resolve("local.img");
        try (RandomAccessFile raf = new RandomAccessFile(image.toFile(), "rw")) {
            raf.setLength(32L << 20);
        }
        Root.mkfsExt4(image);
        Path loop = Root.losetup(image);
        Path local = Files.createDirectories(dir.resolve("local"));
        Path remote = dir.resolve("remote");
        try {
            Root.mount(loop, local);
            try {
                Root.mountTmpfs(remote, "16m");
                try {
                    String db = dir.resolve("r.db").toString();
                    for (String kernel : List.of("2.6.22.6", "2.6.24-rc1")) {
                        Cli.Result r = Cli.run(dir, "suite", "kernel-dd", local.toString(), "--remote",
                                remote.toString(), "--size", "3m", "--label", "kernel=" + kernel, "--db", db, "-q");
                        assertThat(r.status()).as(r.out() + r.err()).isZero();
                        assertThat(rows(r.out(), "net1")).as(r.out()).hasSize(2); // with and without the sync
                        assertThat(rows(r.out(), "mix3")).hasSize(2);
                        assertThat(rows(r.out(), "mix3").getFirst().split("\\s+")[1]).matches("3x\\S+|\\S+/\\S+/\\S+");
                        assertThat(r.out()).contains("the same tests without the final sync");
                        assertThat(r.err()).doesNotContain("left out");
                        try (var left = Files.list(remote)) {
                            assertThat(left).as("net1's source and mix3's files removed").isEmpty();
                        }
                    }
                    Cli.Result c = Cli.run(dir, "compare", "--by", "kernel", "--db", db);
                    assertThat(c.status()).as(c.err()).isZero();
                    List<String> tests = c.out().lines().skip(3).takeWhile(l -> !l.isBlank())
                            .map(l -> l.split("\\s+")[0]).toList();
                    assertThat(tests).containsExactly("dd1", "dd1-dir", "dd2", "dd2-dir", "dd3", "dd3-dir", "net1",
                            "mix3");
                    // mix3: per-job figure, total and n = 1 under each kernel
                    assertThat(rows(c.out(), "mix3").getFirst().split("\\s+")).hasSize(7);
                } finally {
                    Root.umount(remote);
                }
            } finally {
                Root.umount(local);
            }
        } finally {
            Root.detach(loop);
        }
    }

    @Test
    void withoutARemoteDirectoryNet1AndMix3AreLeftOutWithOneLine() throws Exception {
        Path local = Files.createDirectories(Path.of("target", "kernel-dd-" + ProcessHandle.current().pid()));
        try {
            Cli.Result r = Cli.run(dir, "suite", "kernel-dd", local.toAbsolutePath().toString(), "--size", "3m",
                    "--no-store", "-q");
            assumeTrue(r.status() == 0 || !r.err().contains("O_DIRECT"), "the target filesystem has no O_DIRECT");
            assertThat(r.status()).as(r.err()).isZero();
            assertThat(r.err().lines().filter(l -> l.contains("left out")).toList()).containsExactly(
                    "iobench: net1 and mix3 left out: they need a second filesystem (--remote DIR, an NFS mount in"
                            + " the story)");
            assertThat(rows(r.out(), "net1")).isEmpty();
            assertThat(rows(r.out(), "dd3-dir")).hasSize(2);
        } finally {
            try (var files = Files.list(local)) {
                assertThat(files).as("no scratch file left").isEmpty();
            }
            Files.delete(local);
        }
    }

    @Test
    void aRemoteThatIsNotADirectoryIsBadInput() throws Exception {
        Cli.Result r = Cli.run(dir, "suite", "kernel-dd", dir.toString(), "--remote", dir.resolve("nope").toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--remote").contains("not a directory").hasLineCount(1);
        Cli.Result q = Cli.run(dir, "suite", "quick", dir.toString(), "--remote", dir.toString());
        assertThat(q.status()).isEqualTo(2);
        assertThat(q.err()).contains("--remote: applies to the kernel-dd suite").hasLineCount(1);
    }

    private static List<String> rows(String text, String test) {
        return text.lines().filter(l -> l.startsWith(test + " ")).toList();
    }
}
