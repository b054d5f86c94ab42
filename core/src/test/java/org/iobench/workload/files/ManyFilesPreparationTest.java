package org.iobench.workload.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFiles;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.sysmon.DescriptorLimit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job over several files is prepared file by file under the one-file rules (a new file made and removed at the end,
 * an existing one written only when handed over), after the machine's bounds: its descriptors within RLIMIT_NOFILE,
 * its new files within the free space, each refused in one line before any file is made.
 */
class ManyFilesPreparationTest {
    @TempDir
    Path dir;

    private JobSpec job(RwMode rw, int count, long each, int open, boolean allowOverwrite) {
        List<Path> paths = new ArrayList<>();
        List<Long> sizes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            paths.add(dir.resolve("j.0." + i));
            sizes.add(each);
        }
        return JobSpec.builder(paths.getFirst()).rw(rw).blockSize(4096).sizeBytes(each * count)
                .allowOverwrite(allowOverwrite).files(new JobFiles(paths, sizes, JobFiles.Service.ROUNDROBIN, open))
                .build();
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void newFilesAreMadeEachAtItsSizeAndRemovedAtTheEnd() throws IOException {
        JobSpec spec = job(RwMode.READ, 5, 64 * 1024, 5, false);
        try (PreparedTarget t = TargetPreparer.system().prepare(spec)) {
            assertThat(t.files()).hasSize(5);
            assertThat(t.regionBytes()).isEqualTo(5 * 64 * 1024);
            for (int i = 0; i < 5; i++) {
                assertThat(Files.size(dir.resolve("j.0." + i))).as("a read job's file, laid out").isEqualTo(65536);
            }
        }
        assertThat(names()).as("every scratch file removed").isEmpty();
    }

    @Test
    void anExistingFileNotHandedOverIsRefusedBeforeAnyFileIsMade() throws IOException {
        Files.write(dir.resolve("j.0.2"), new byte[] {1, 2, 3});
        JobSpec spec = job(RwMode.WRITE, 4, 8192, 4, false);
        assertThatThrownBy(() -> TargetPreparer.system().check(spec)).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("j.0.2");
        assertThatThrownBy(() -> TargetPreparer.system().prepare(spec)).isInstanceOf(InvalidJobException.class);
        assertThat(names()).as("the files made before the refusal are gone; the user's is untouched")
                .containsExactly("j.0.2");
        assertThat(Files.readAllBytes(dir.resolve("j.0.2"))).containsExactly(1, 2, 3);
    }

    @Test
    void moreDescriptorsThanTheProcessMayOpenAreRefused() {
        JobSpec spec = job(RwMode.READ, 1000, 4096, 1000, false);
        assertThatThrownBy(() -> TargetPreparer.checkDescriptors(spec, new DescriptorLimit(1024, 100)))
                .isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("openfiles").hasMessageContaining("RLIMIT_NOFILE 1024");
        TargetPreparer.checkDescriptors(spec, new DescriptorLimit(20000, 100)); // fits
        TargetPreparer.checkDescriptors(job(RwMode.READ, 400, 4096, 4, false), new DescriptorLimit(1024, 100));
    }

    @Test
    void newFilesBeyondTheFreeSpaceTogetherAreRefused() throws IOException {
        long free = Files.getFileStore(dir).getUsableSpace();
        long each = (free / 3 + (1 << 20)) / 4096 * 4096; // each fits alone, three do not
        JobSpec spec = job(RwMode.WRITE, 3, each, 3, false);
        assertThatThrownBy(() -> TargetPreparer.system().check(spec)).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("nrfiles").hasMessageContaining("together");
        assertThat(names()).isEmpty();
    }

    @Test
    void theSoftLimitIsReadFromProcLimits() throws IOException {
        Path self = Files.createDirectories(dir.resolve("self"));
        Files.createDirectories(self.resolve("fd"));
        Files.writeString(self.resolve("limits"), "Limit                     Soft Limit           Hard Limit           Units\n"
                + "Max open files            1024                 524288               files\n");
        Files.writeString(self.resolve("fd/0"), "");
        DescriptorLimit l = DescriptorLimit.read(self);
        assertThat(l.limit()).isEqualTo(1024);
        assertThat(l.openNow()).isEqualTo(1);
        assertThat(l.free()).isEqualTo(1023);
    }
}
