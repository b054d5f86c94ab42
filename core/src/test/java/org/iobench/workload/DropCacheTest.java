package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.testing.DiskDirs;
import org.iobench.workload.files.PreparedTarget;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DropCacheTest {
    @TempDir
    Path dir;

    @Test
    void dropCacheEvictsTheTargetsPagesBeforeARun() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/fincore")), "fincore (util-linux) not installed");
        JobSpec spec = JobSpec.builder(DiskDirs.withDroppableCache(dir).resolve("f")).rw(RwMode.READ).blockSize(1 << 20).sizeBytes(8 << 20)
                .dropCache(true).build();
        try (PreparedTarget t = TargetPreparer.system().prepare(spec)) {
            assertThat(residentBytes(t.path())).as("just filled: cached").isGreaterThan(4 << 20);
            t.beforeRun(spec, 1);
            assertThat(residentBytes(t.path())).as("after drop-cache").isLessThan(256 << 10);
        }
    }

    static long residentBytes(Path f) throws Exception {
        Process p = new ProcessBuilder("fincore", "-b", "-n", "-o", "RES", f.toString()).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        p.waitFor();
        return Long.parseLong(out);
    }
}
