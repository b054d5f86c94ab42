package org.iobench.workload.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.iobench.job.CrystalSuite;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.Suites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No suite grants consent on the user's behalf: its later jobs rewrite the scratch file this process created, and
 * nothing else found at that name.
 */
class SuiteScratchConsentTest {
    @TempDir
    Path dir;

    private static List<JobSpec> suites(Path file) {
        List<JobSpec> all = new java.util.ArrayList<>(CrystalSuite.jobs(file, 1 << 20, 100_000_000L, false, null, 1));
        all.addAll(Suites.quick(file, 1 << 20, false));
        return all;
    }

    @Test
    void noSuiteJobCarriesConsent() {
        assertThat(suites(dir.resolve("s.tmp"))).allSatisfy(j -> assertThat(j.safety().allowOverwrite()).isFalse());
    }

    @Test
    void aFileFoundAtTheScratchNameIsNeverWritten() throws IOException {
        byte[] data = new byte[1 << 20];
        Arrays.fill(data, (byte) 'x');
        Path planted = Files.write(dir.resolve(".iobench-crystal-1234.tmp"), data);
        ScratchFiles.register(planted);
        try {
            for (JobSpec j : suites(planted)) {
                if (j.workload().rw().writes()) {
                    assertThatThrownBy(() -> TargetPreparer.system().check(j)).as(j.name())
                            .isInstanceOf(InvalidJobException.class).hasMessageContaining("--allow-overwrite");
                    assertThatThrownBy(() -> TargetPreparer.system().prepare(j)).as(j.name())
                            .isInstanceOf(InvalidJobException.class);
                }
            }
        } finally {
            ScratchFiles.remove(planted);
        }
        assertThat(Files.readAllBytes(planted)).as("neither written nor removed").isEqualTo(data);
    }

    @Test
    void theScratchFileThisProcessMadeIsRewrittenWithoutConsent() throws IOException {
        Path scratch = dir.resolve(".iobench-crystal-" + org.iobench.sys.NewFile.token() + ".tmp");
        List<JobSpec> jobs = CrystalSuite.jobs(scratch, 8 << 20, 100_000_000L, false, null, 1);
        ScratchFiles.register(scratch);
        try {
            TargetPreparer.system().prepare(jobs.getFirst()).close(); // the first read creates and keeps it
            assertThat(scratch).exists();
            JobSpec write = jobs.stream().filter(j -> j.workload().rw().writes()).findFirst().orElseThrow();
            TargetPreparer.system().check(write);
            TargetPreparer.system().prepare(write).close();
        } finally {
            ScratchFiles.remove(scratch);
        }
        assertThat(scratch).doesNotExist();
    }
}
