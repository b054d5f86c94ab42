package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job file whose later stage fails still prints and saves the stages that finished before it. */
class JobFileStagesKeptTest {
    @TempDir
    Path dir;

    @Test
    void aStageThatFailsAfterOthersFinishedLeavesTheirResultsPrintedAndSaved() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.dat")); // readable now, refused when its stage prepares
        Path jobs = Files.writeString(dir.resolve("stages.fio"), String.join("\n", "[global]",
                "directory=" + dir, "bs=64k", "size=1m", "", "[first]", "rw=write", "", "[second]", "stonewall",
                "rw=read", "filename=" + empty.getFileName(), "size=0", ""));
        String db = dir.resolve("results.db").toString();
        InProcessMain.Result r = InProcessMain.run("run", "--sample-interval", "0", "--db", db, jobs.toString());
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).contains("first: write, bs 64KiB");
        assertThat(r.err()).contains("iobench: saved as run 1 in " + db).contains(empty.toString())
                .doesNotContain("\tat ");
        assertThat(r.err().indexOf("saved as run")).as("kept before the failure is reported")
                .isLessThan(r.err().indexOf(empty.toString()));
        InProcess.Result runs = InProcess.run("runs", "--db", db, "--format", "csv");
        assertThat(runs.out().lines()).hasSize(2);
    }
}
