package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.sysmon.ProcLocks;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two iobench processes never run on one target at once where one writes: the second is refused (exit 2, naming
 * the first by pid) before it reads or writes a byte, so a verify never reports blocks another run is rewriting
 * as stale. Readers share a target. The first run is paced ({@code --rate}) so it waits cheaply.
 */
class TargetLockCliTest {
    @TempDir
    Path dir;

    private Process holding(String access, String... args) throws Exception {
        Process p = Cli.start(dir, args);
        Path target = Path.of(args[args.length - 1]);
        Cli.awaitCondition(p, "a " + access + " flock on " + target, () -> ProcLocks.system().on(target).stream()
                .anyMatch(l -> l.pid() == p.pid() && l.kind().equals("FLOCK") && l.access().equals(access)));
        return p;
    }

    private static void assertRefused(Cli.Result r, Process holder, String doing) {
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n")
                .contains("another iobench (pid " + holder.pid() + ") is " + doing + " it");
    }

    @Test
    void aFileAnotherIobenchWritesIsRefusedToWritersReadersVerifyAndDdUnderAnyName() throws Exception {
        Path f = Files.write(dir.resolve("f.dat"), new byte[4 << 20]);
        Path sameFile = Files.createLink(dir.resolve("hard-link.dat"), f);
        Process writer = holding("WRITE", "run", "--no-store", "--rw", "randwrite", "--bs", "4k", "--time", "60s",
                "--rate", "200", "--allow-overwrite", "--verify", "crc32c", f.toString());
        try {
            assertRefused(Cli.run(dir, "run", "--no-store", "--rw", "write", "--bs", "64k", "--allow-overwrite",
                    sameFile.toString()), writer, "writing");
            assertRefused(Cli.run(dir, "run", "--no-store", "--rw", "randread", "--bs", "4k", "--size", "64k",
                    f.toString()), writer, "writing");
            assertRefused(Cli.run(dir, "verify", f.toString(), "--run", "0123456789abcdef", "--bs", "4k"), writer,
                    "writing");
            Path copy = dir.resolve("copy.dat");
            assertRefused(Cli.run(dir, "dd", "if=" + f, "of=" + copy, "bs=64k", "--no-store"), writer, "writing");
            assertThat(copy).as("dd refused before creating its output").doesNotExist();
        } finally {
            Cli.signal(writer, "TERM");
        }
        Cli.Result first = Cli.finish(writer);
        assertThat(first.status()).as(first.err()).isEqualTo(143);
        assertThat(first.out()).contains("INCOMPLETE: interrupted (SIGTERM)");
    }

    @Test
    void readersShareAFileAndAWriterIsRefusedWhileOneReads() throws Exception {
        Path f = Files.write(dir.resolve("f.dat"), new byte[4 << 20]);
        Process reader = holding("READ", "run", "--no-store", "--rw", "randread", "--bs", "4k", "--time", "60s",
                "--rate", "200", f.toString());
        try {
            Cli.Result second = Cli.run(dir, "run", "--no-store", "--rw", "read", "--bs", "64k", f.toString());
            assertThat(second.status()).as(second.err()).isZero();
            Cli.Result writer = Cli.run(dir, "run", "--no-store", "--rw", "randwrite", "--bs", "4k", "--size", "64k",
                    "--allow-overwrite", f.toString());
            assertRefused(writer, reader, "reading");
            assertThat(writer.err()).contains("a write needs the target alone");
        } finally {
            Cli.signal(reader, "TERM");
        }
        assertThat(Cli.finish(reader).status()).isEqualTo(143);
    }

    @Test
    void aBlockDeviceAnotherIobenchWritesIsRefusedToASecondWriter() throws Exception {
        Root.assumeLoopDevices("attach a loop device for two writers");
        Path loop = Root.losetup(Root.sparseFile(dir.resolve("disk.img"), 16L << 20));
        try {
            Process writer = holding("WRITE", "run", "--no-store", "--rw", "randwrite", "--bs", "4k", "--direct",
                    "--time", "60s", "--rate", "200", "--allow-overwrite", loop.toString());
            try {
                assertRefused(Cli.run(dir, "run", "--no-store", "--rw", "write", "--bs", "64k", "--size", "1m",
                        "--allow-overwrite", loop.toString()), writer, "writing");
            } finally {
                Cli.signal(writer, "TERM");
            }
            assertThat(Cli.finish(writer).status()).isEqualTo(143);
        } finally {
            Root.detach(loop);
        }
    }
}
