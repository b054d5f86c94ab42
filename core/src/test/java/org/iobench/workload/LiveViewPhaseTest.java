package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
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
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.job.fio.FioJobFile;
import org.iobench.result.RunResult;
import org.iobench.workload.files.PreparedTarget;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's live view says what the run does as fio's run states would (its ETA line's letters): what it says as each
 * request reaches the engine, the final sync, and the close of the job's file after its last request.
 */
@Timeout(60)
class LiveViewPhaseTest {
    @TempDir
    Path dir;

    private final AtomicReference<LiveView> live = new AtomicReference<>();
    /** "OP PHASE" as each request reached psync, "close PHASE" at each close, in order (distinct neighbours). */
    private final List<String> seen = Collections.synchronizedList(new ArrayList<>());

    @Test
    void writesRunTheFinalSyncSyncsAndTheCloseAfterTheLastRequestFinishes() throws IOException {
        JobSpec spec = JobSpec.builder(dir.resolve("w")).rw(RwMode.WRITE).blockSize(4096).sizeBytes(64 << 10)
                .sync(SyncMode.FSYNC).build();
        run(spec);
        assertThat(seen).containsExactly("WRITE RUNNING", "FSYNC SYNCING", "close FINISHING");
    }

    @Test
    void aFioVerifyPhaseIsVerifying() throws IOException {
        JobSpec spec = FioJobFile.parse("v.fio", "[v]\nrw=write\nbs=4k\nsize=64k\nverify=crc32c\n"
                + "verify_state_save=0\nfilename=" + dir.resolve("v") + "\n", false).jobs().getFirst();
        run(spec);
        assertThat(seen).containsSubsequence("WRITE RUNNING", "READ VERIFYING", "close FINISHING");
        assertThat(seen).doesNotContain("READ RUNNING", "WRITE VERIFYING");
    }

    private void seen(String what) {
        LiveView v = live.get();
        if (v == null) {
            return; // set-up: before the run
        }
        String s = what + " " + v.phase();
        synchronized (seen) {
            if (seen.isEmpty() || !seen.getLast().equals(s)) {
                seen.add(s);
            }
        }
    }

    private void run(JobSpec spec) throws IOException {
        EngineProvider psync = Engines.byName("psync").orElseThrow();
        EngineProvider watched = new EngineProvider() {
            @Override
            public EngineDescription description() {
                return psync.description();
            }

            @Override
            public IoEngine create(EngineOptions options) throws IOException {
                return new Watched(psync.create(options));
            }
        };
        RunListener listener = new RunListener() {
            @Override
            public void runStarted(JobSpec s, int run, LiveView view) {
                live.set(view);
            }
        };
        try (PreparedTarget target = TargetPreparer.system().prepare(spec)) {
            RunResult r = new JobRunner(NanoClock.SYSTEM, 1_000_000_000L, 0).run(spec, target, 1, new RunControl(),
                    listener, watched);
            assertThat(r.complete()).isTrue();
        }
    }

    /** psync, telling {@link #seen} what the live view says at each request and close. */
    private final class Watched implements IoEngine {
        private final IoEngine inner;

        Watched(IoEngine inner) {
            this.inner = inner;
        }

        @Override public String name() { return inner.name(); }
        @Override public IoFile open(Path path, OpenMode mode) throws IOException { return inner.open(path, mode); }
        @Override public void close(IoFile file) throws IOException {
            seen("close");
            inner.close(file);
        }
        @Override public void invalidate(IoFile file) throws IOException { inner.invalidate(file); }
        @Override public int adviseAccess(IoFile file, boolean random, long offset, long length) {
            return inner.adviseAccess(file, random, offset, length);
        }
        @Override public SubmitStatus submit(IoRequest request) {
            seen(request.op().name());
            return inner.submit(request);
        }
        @Override public void commit() { inner.commit(); }
        @Override public int reap(int min, Completions out) { return inner.reap(min, out); }
        @Override public int inFlight() { return inner.inFlight(); }
        @Override public int uncommitted() { return inner.uncommitted(); }
        @Override public void close() { inner.close(); }
    }
}
