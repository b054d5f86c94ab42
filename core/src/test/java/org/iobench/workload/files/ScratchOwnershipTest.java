package org.iobench.workload.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.RunResult;
import org.iobench.sysmon.ProcLocks;
import org.iobench.workload.Benchmark;
import org.iobench.workload.JobCutShortException;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** iobench removes and writes only the files it made: same device and inode as when it created them. */
class ScratchOwnershipTest {
    @TempDir
    Path dir;

    private static JobSpec read(Path target) {
        return JobSpec.builder(target).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(1 << 20).build();
    }

    private Path otherFile(String content) throws IOException {
        return Files.writeString(dir.resolve("other-" + content.length()), content);
    }

    @Test
    void aScratchFileReplacedDuringTheRunIsNeitherOpenedNorRemoved() throws IOException {
        JobSpec spec = read(dir.resolve("scratch.dat"));
        PreparedTarget target = TargetPreparer.system().prepare(spec);
        Files.move(otherFile("someone else's data"), target.path(), StandardCopyOption.REPLACE_EXISTING);

        try (IoEngine engine = Engines.forSetup()) {
            assertThatThrownBy(() -> target.open(engine, spec)).isInstanceOf(IOException.class)
                    .hasMessageContaining("was replaced by another file");
        }
        target.close();
        assertThat(Files.readString(target.path())).isEqualTo("someone else's data");
    }

    @Test
    void aScratchFileReplacedBetweenRepetitionsEndsTheJobButKeepsTheRepetitionsThatRan() throws IOException {
        Path target = dir.resolve("repeated.dat");
        JobSpec spec = JobSpec.builder(target).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(256 << 10).runs(3)
                .build();
        Path other = otherFile("not iobench's");
        RunListener replaceAfterFirst = new RunListener() {
            @Override
            public void runEnded(JobSpec s, RunResult r) {
                if (r.run() == 1) {
                    try {
                        Files.move(other, target, StandardCopyOption.REPLACE_EXISTING);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            }
        };
        JobCutShortException cut = org.assertj.core.api.Assertions.catchThrowableOfType(JobCutShortException.class,
                () -> Benchmark.system(0).execute(spec, new RunControl(), replaceAfterFirst));
        assertThat(cut).hasMessageContaining("was replaced by another file");
        assertThat(cut.partial().runs()).hasSize(1);
        assertThat(cut.partial().runs().getFirst().complete()).isTrue();
        assertThat(cut.partial().complete()).isFalse();
        assertThat(Files.readString(target)).isEqualTo("not iobench's");
    }

    @Test
    void aScratchFileDeletedDuringTheRunIsSimplyGone() throws IOException {
        PreparedTarget target = TargetPreparer.system().prepare(read(dir));
        Files.delete(target.path());
        target.close();
        assertThat(dir.resolve("x")).doesNotExist();
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aSuitesScratchReplacedBetweenJobsIsNotWrittenByTheNextJobNorRemovedAtTheEnd() throws IOException {
        Path scratch = dir.resolve(".iobench-quick-test.tmp");
        ScratchFiles.register(scratch);
        JobSpec create = JobSpec.builder(scratch).rw(RwMode.WRITE).blockSize(1 << 20).sizeBytes(1 << 20)
                .keep(true).build();
        TargetPreparer.system().prepare(create).close();
        assertThat(scratch).exists();
        Files.move(otherFile("replacement"), scratch, StandardCopyOption.REPLACE_EXISTING);

        JobSpec overwrite = JobSpec.builder(scratch).rw(RwMode.RANDWRITE).blockSize(4096).sizeBytes(4096)
                .allowOverwrite(true).build();
        assertThatThrownBy(() -> TargetPreparer.system().prepare(overwrite)).isInstanceOf(IOException.class)
                .hasMessageContaining("another file").hasMessageContaining("refusing to touch the replacement");
        ScratchFiles.remove(scratch);
        assertThat(Files.readString(scratch)).isEqualTo("replacement");
    }

    @Test
    void aPathRegisteredButNeverCreatedByIobenchIsNotRemoved() throws IOException {
        Path scratch = otherFile("a file that was there before");
        ScratchFiles.register(scratch);
        ScratchFiles.remove(scratch);
        assertThat(scratch).exists();
    }

    @Test
    void aStopWhileTheNewFileIsFilledRemovesItAndThrowsInterruptedIo() {
        assertThatThrownBy(() -> TargetPreparer.system().prepare(read(dir), () -> true))
                .isInstanceOf(InterruptedIOException.class).hasMessageContaining("filling");
        try (var files = Files.list(dir)) {
            assertThat(files).as("scratch file removed").isEmpty();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void jobsOfOneProcessShareTheirClaimOnAFileAndReleaseItWithTheLast() throws IOException {
        Path f = Files.write(dir.resolve("shared.dat"), new byte[1 << 20]);
        JobSpec writer = JobSpec.builder(f).rw(RwMode.RANDWRITE).blockSize(4096).sizeBytes(1 << 20)
                .allowOverwrite(true).build();
        try (PreparedTarget reading = TargetPreparer.system().prepare(read(f))) {
            assertThat(ourLocks(f)).containsExactly("READ");
            try (PreparedTarget writing = TargetPreparer.system().prepare(writer)) {
                assertThat(ourLocks(f)).as("the shared lock became exclusive").containsExactly("WRITE");
            }
            assertThat(ourLocks(f)).as("still held for the reader").containsExactly("WRITE");
        }
        assertThat(ourLocks(f)).as("released with the last job").isEmpty();
    }

    private static java.util.List<String> ourLocks(Path f) {
        return ProcLocks.system().on(f).stream().filter(l -> l.kind().equals("FLOCK"))
                .filter(l -> l.pid() == ProcessHandle.current().pid()).map(ProcLocks.Lock::access).toList();
    }
}
