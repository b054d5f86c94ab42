package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import org.iobench.testing.Root;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A point stopped by an error shows its partial figures, marked, and the error that stopped it (issue 30, items 12
 * and 13): a 256 MiB sparse file on a 16 MiB tmpfs, written over with consent, runs out of space in its first point.
 */
class PartialPointsCliTest {
    @TempDir
    Path dir;
    private Path mnt;
    private Path file;

    @BeforeEach
    void fullSoon() throws Exception {
        Root.assumeSysAdmin("mount a 16 MiB tmpfs to run out of space in");
        mnt = dir.resolve("small");
        Root.mountTmpfs(mnt, "16m");
        file = mnt.resolve("f");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(256L << 20); // sparse: every write needs a block the tmpfs does not have
        }
    }

    @AfterEach
    void unmount() {
        if (mnt != null) {
            Root.umount(mnt);
        }
    }

    @Test
    void aSweepPointStoppedByAnErrorShowsItsPartialFiguresMarked() throws Exception {
        Cli.Result r = Cli.run(dir, "run", "--rw", "randwrite", "--bs", "64k,1m", "--allow-overwrite", "--time",
                "5s", file.toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isEqualTo(1);
        String row = r.out().lines().filter(l -> l.startsWith("64KiB")).findFirst().orElseThrow();
        assertThat(row).startsWith("64KiB*").doesNotContain("n/a").matches("64KiB\\*(\\s+[\\d.]+){4}\\s+\\S+s");
        assertThat(r.out()).contains("a point with no complete run shows the partial figures of its stopped run");
        assertThat(r.err()).contains("ENOSPC");
    }

    @Test
    void saturateOnAFailingTargetSaysWhyItStoppedNotRaiseMax() throws Exception {
        Cli.Result r = Cli.run(dir, "saturate", "--rw", "randwrite", "--bs", "64k", "--allow-overwrite",
                "--step-time", "1s", file.toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).doesNotContain("raise --max")
                .contains("knee: not reached (the search stopped at a step cut short)")
                .containsPattern("stopped: a step was cut short: write of \\d+ bytes at offset \\d+ failed: No space"
                        + " left on device \\(ENOSPC\\)");
        assertThat(r.err().strip()).startsWith("iobench: a step was cut short (write of").contains("ENOSPC");
    }
}
