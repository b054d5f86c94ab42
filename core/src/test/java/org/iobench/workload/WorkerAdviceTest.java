package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.iobench.catalog.EngineDescription;
import org.iobench.clock.NanoClock;
import org.iobench.engine.Completions;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.SubmitStatus;
import org.iobench.job.AccessAdvice;
import org.iobench.job.JobFiles;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.RunResult;
import org.iobench.workload.files.PreparedTarget;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job that announces its access pattern ({@link AccessAdvice}, fio's {@code fadvise_hint}) has each worker tell the
 * kernel at each open of each of its files, through its engine, over its region, as fio's {@code td_io_open_file};
 * a job without one gives no advice. (That the advice reaches the kernel is {@code IoEngineContractTest}'s.)
 */
@Timeout(60)
class WorkerAdviceTest {
    @TempDir
    Path dir;

    /** What psync's engines were asked, in order: "open NAME", "advise NAME random|sequential OFFSET LENGTH". */
    private final List<String> calls = Collections.synchronizedList(new ArrayList<>());

    @Test
    void eachWorkerAdvisesItsFileAtItsOpenOverItsRegion() throws IOException {
        JobSpec spec = JobSpec.builder(dir.resolve("r")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(256 << 10)
                .offsetBytes(64 << 10).advice(AccessAdvice.RANDOM).build();
        assertThat(run(spec).totals().reads()).isEqualTo(64);
        assertThat(calls).containsExactly("open r", "advise r random 65536 262144");
    }

    @Test
    void sequentialAdviceForASequentialJobAndNoneWithoutAdvice() throws IOException {
        run(JobSpec.builder(dir.resolve("w")).rw(RwMode.WRITE).blockSize(4096).sizeBytes(64 << 10)
                .advice(AccessAdvice.SEQUENTIAL).build());
        assertThat(calls).containsExactly("open w", "advise w sequential 0 65536");
        calls.clear();
        run(JobSpec.builder(dir.resolve("n")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(64 << 10).build());
        assertThat(calls).as("iobench's own jobs leave the kernel's read-ahead").containsExactly("open n");
    }

    @Test
    void aJobOverSeveralFilesAdvisesEachFileAtEachOpen() throws IOException {
        List<Path> paths = List.of(dir.resolve("f.0"), dir.resolve("f.1"), dir.resolve("f.2"));
        List<Long> sizes = List.of(16384L, 16384L, 16384L);
        JobSpec spec = JobSpec.builder(paths.getFirst()).rw(RwMode.READ).blockSize(4096).sizeBytes(3 * 16384)
                .files(new JobFiles(paths, sizes, JobFiles.Service.ROUNDROBIN, 1))
                .advice(AccessAdvice.SEQUENTIAL).build();
        assertThat(run(spec).totals().reads()).isEqualTo(12);
        List<String> opens = calls.stream().filter(c -> c.startsWith("open")).toList();
        assertThat(opens).as("openfiles=1: each file opened, maybe again").hasSizeGreaterThanOrEqualTo(3);
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).startsWith("open")) {
                String name = calls.get(i).substring(5);
                assertThat(calls.get(i + 1)).as("the call after " + calls.get(i))
                        .isEqualTo("advise " + name + " sequential 0 16384");
            }
        }
    }

    private RunResult run(JobSpec spec) throws IOException {
        EngineProvider psync = Engines.byName("psync").orElseThrow();
        EngineProvider recording = new EngineProvider() {
            @Override
            public EngineDescription description() {
                return psync.description();
            }

            @Override
            public IoEngine create(EngineOptions options) throws IOException {
                return new Recording(psync.create(options));
            }
        };
        try (PreparedTarget target = TargetPreparer.system().prepare(spec)) {
            RunResult r = new JobRunner(NanoClock.SYSTEM, 1_000_000_000L, 0).run(spec, target, 1, new RunControl(),
                    RunListener.NONE, recording);
            assertThat(r.complete()).isTrue();
            return r;
        }
    }

    /** psync, recording the opens and the advice of the job's files (the set-up engine's opens are not its). */
    private final class Recording implements IoEngine {
        private final IoEngine inner;

        Recording(IoEngine inner) {
            this.inner = inner;
        }

        @Override public String name() { return inner.name(); }
        @Override public IoFile open(Path path, OpenMode mode) throws IOException {
            calls.add("open " + path.getFileName());
            return inner.open(path, mode);
        }
        @Override public void close(IoFile file) throws IOException { inner.close(file); }
        @Override public void invalidate(IoFile file) throws IOException { inner.invalidate(file); }
        @Override public int adviseAccess(IoFile file, boolean random, long offset, long length) {
            calls.add("advise " + file.path().getFileName() + " " + (random ? "random" : "sequential") + " " + offset
                    + " " + length);
            return inner.adviseAccess(file, random, offset, length);
        }
        @Override public SubmitStatus submit(IoRequest request) { return inner.submit(request); }
        @Override public void commit() { inner.commit(); }
        @Override public int reap(int min, Completions out) { return inner.reap(min, out); }
        @Override public int inFlight() { return inner.inFlight(); }
        @Override public int uncommitted() { return inner.uncommitted(); }
        @Override public void close() { inner.close(); }
    }
}
