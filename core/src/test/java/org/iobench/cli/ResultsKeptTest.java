package org.iobench.cli;

import org.iobench.testing.Root;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results are never lost to an output path, and an output path never destroys a device: real full filesystems and
 * real loop devices, as a user would meet them (root only; skipped with the reason elsewhere).
 */
class ResultsKeptTest {
    @TempDir
    Path dir;

    @Test
    void aJsonFileThatCannotBeWrittenAfterTheRunStillLeavesTheRunSaved() throws Exception {
        Root.assumeSysAdmin("mounts a small tmpfs and fills it");
        Path mnt = dir.resolve("full");
        Root.mountTmpfs(mnt, "64k");
        try {
            Root.sh("sh", "-c", "dd if=/dev/zero of=" + mnt.resolve("fill") + " bs=4k 2>/dev/null; true");
            Path json = mnt.resolve("result.json");
            String db = dir.resolve("results.db").toString();
            Cli.Result r = Cli.run(dir, "run", "--rw", "write", "--bs", "64k", "--size", "1m", "--sample-interval",
                    "0", "--db", db, "-o", json.toString(), dir.resolve("f").toString());
            assertThat(r.status()).as(r.err()).isEqualTo(1);
            assertThat(r.out()).contains("write-64KiB"); // printed
            assertThat(r.err()).contains("iobench: saved as run 1 in " + db)
                    .contains("iobench: -o " + json + ": cannot write: no space left on device")
                    .doesNotContain("\tat ");
            try (var files = Files.list(mnt)) {
                assertThat(files.map(p -> p.getFileName().toString())).as("no half file, no temp file")
                        .containsExactly("fill");
            }
            InProcess.Result runs = InProcess.run("runs", "--db", db, "--format", "csv");
            assertThat(runs.out().lines()).hasSize(2);
        } finally {
            Root.umount(mnt);
        }
    }

    @Test
    void aLoopDeviceIsNeverWrittenAsAReportOrAJsonFile() throws Exception {
        Root.assumeSysAdmin("attaches a loop device to a temporary image");
        Path image = dir.resolve("disk.img");
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            byte[] pattern = new byte[1 << 20];
            new java.util.Random(3).nextBytes(pattern);
            f.write(pattern);
            f.setLength(4 << 20);
        }
        String before = sha256(image);
        Path loop = Root.losetup(image);
        try {
            String db = dir.resolve("results.db").toString();
            Cli.Result run = Cli.run(dir, "run", "--rw", "read", "--bs", "64k", "--size", "256k",
                    "--sample-interval", "0", "--db", db, "-o", loop.toString(), dir.resolve("f").toString());
            assertThat(run.status()).as(run.err()).isEqualTo(2);
            assertThat(run.err()).isEqualTo("iobench: -o " + loop + ": is a block device; only a regular file or"
                    + " - (standard output) is written\n");
            assertThat(dir.resolve("f")).as("refused before the run").doesNotExist();

            Cli.Result saved = Cli.run(dir, "run", "--rw", "write", "--bs", "64k", "--size", "256k", "-q",
                    "--sample-interval", "0", "--db", db, dir.resolve("g").toString());
            assertThat(saved.status()).as(saved.err()).isZero();
            for (String force : new String[] {"--title=x", "--force"}) {
                Cli.Result report = Cli.run(dir, "report", "--format", "csv", "-o", loop.toString(), force,
                        "--db", db);
                assertThat(report.status()).as(report.err()).isEqualTo(2);
                assertThat(report.err()).isEqualTo("iobench: -o " + loop + ": is a block device; only a regular"
                        + " file or - (standard output) is written\n");
            }
        } finally {
            Root.detach(loop);
        }
        assertThat(sha256(image)).as("the device's bytes are untouched").isEqualTo(before);
    }

    private static String sha256(Path f) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f)));
    }
}
