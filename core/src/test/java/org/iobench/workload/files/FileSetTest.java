package org.iobench.workload.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.job.JobSpec;
import org.iobench.job.Layout;
import org.iobench.job.RwMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job file's shared files: made once before their first stage, kept between stages, removed at the end. */
class FileSetTest {
    @TempDir
    Path dir;

    private JobSpec job(String file, RwMode rw, long size) {
        return JobSpec.builder(dir.resolve(file)).rw(rw).blockSize(4096).sizeBytes(size)
                .layout(Layout.fio(false, Layout.Preallocate.ALLOCATE)).build();
    }

    @Test
    void twoWritersOfOneNewFileShareOneCreationAndALaterReaderSeesItUntilTheEnd() throws Exception {
        JobSpec a = job("f", RwMode.WRITE, 64 << 10);
        JobSpec b = job("f", RwMode.WRITE, 128 << 10);
        JobSpec own = job("own", RwMode.WRITE, 64 << 10);
        JobSpec reader = job("f", RwMode.READ, 0);
        List<List<JobSpec>> stages = List.of(List.of(a, b, own), List.of(reader));
        try (FileSet files = FileSet.of(stages, TargetPreparer.system())) {
            assertThat(files.sharedUse()).containsOnlyKeys(dir.resolve("f").toAbsolutePath().normalize());
            files.prepare(stages.get(0), () -> false);
            assertThat(dir.resolve("f")).exists();
            assertThat(Files.size(dir.resolve("f"))).as("preallocated for the largest region, not filled")
                    .isEqualTo(128 << 10);
            assertThat(files.view(own)).as("a file one job uses stays that job's").isNull();
            assertThat(files.view(a).regionBytes()).isEqualTo(64 << 10);
            try (PreparedTarget v = files.view(reader)) {
                assertThat(v.regionBytes()).as("size 0: the file's bytes").isEqualTo(128 << 10);
            }
            assertThat(dir.resolve("f")).as("closing a view leaves the file").exists();
            files.prepare(stages.get(1), () -> false);
        }
        assertThat(dir.resolve("f")).as("removed with the set: iobench created it").doesNotExist();
    }
}
