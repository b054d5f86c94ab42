package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.iobench.advise.Advisor;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.engine.ShortTransferEngine;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.result.Accounting;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.WorkerEvidence;
import org.iobench.workload.files.PreparedTarget;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A copy is a request source run by the same worker loop as every other job, so it works through every engine:
 * the target ends up byte for byte the source, each byte is counted once on each side, the final sync runs through
 * the engine, and the accounting self-check is clean (checked against the worker's own rchar/wchar where the engine
 * is counted there; for io_uring and native AIO, not checked, and said so, with the app's counts exact).
 */
@Timeout(60)
class CopyThroughEveryEngineTest {
    /** Not a multiple of the block size: the last read is dd's partial record. */
    private static final int SOURCE_BYTES = (3 << 20) + 1000;
    private static final int BLOCK = 64 << 10;

    @TempDir
    Path dir;

    static Stream<EngineProvider> engines() {
        EngineProvider psync = Engines.require("psync");
        EngineProvider uring = Engines.require("uring");
        return Stream.of(psync, uring, Engines.require("libaio"), ShortTransferEngine.wrap(psync),
                ShortTransferEngine.wrap(uring));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void aCopyMovesEveryByteOnceAndItsAccountingIsClean(EngineProvider provider) throws IOException {
        assumeAvailable(provider);
        byte[] data = new byte[SOURCE_BYTES];
        new Random(7).nextBytes(data);
        Path source = Files.write(dir.resolve("source"), data);
        Path target = dir.resolve("target");
        JobSpec spec = JobSpec.builder(target).rw(RwMode.COPY).source(source).blockSize(BLOCK)
                .sync(SyncMode.FDATASYNC).keep(true).engine(provider.name().replace("-short-transfers", ""))
                .build();

        RunResult r;
        try (PreparedTarget prepared = TargetPreparer.system().prepare(spec)) {
            r = new JobRunner(NanoClock.SYSTEM, 1_000_000_000L, 0).run(spec, prepared, 1, new RunControl(),
                    RunListener.NONE, provider);
        }

        assertThat(r.complete()).as(r.outcome().stopReason()).isTrue();
        assertThat(Files.readAllBytes(target)).as("the target is the source").isEqualTo(data);
        assertThat(r.totals().bytesRead()).isEqualTo(SOURCE_BYTES);
        assertThat(r.totals().bytesWritten()).isEqualTo(SOURCE_BYTES);
        assertThat(r.totals().reads()).as("every read is written").isEqualTo(r.totals().writes());
        assertThat(r.latencies().read().count()).isEqualTo(r.totals().reads());
        assertThat(r.latencies().write().count()).isEqualTo(r.totals().writes());
        assertThat(r.totals().syncs()).as("the final fdatasync").isEqualTo(1);
        assertThat(r.workers()).hasSize(1);

        Accounting a = r.evidence().accounting();
        assertThat(a.mismatch()).as(a.note()).isFalse();
        assertThat(a.appBytesRead()).as("bytes the worker counted read").isEqualTo(SOURCE_BYTES);
        assertThat(a.appBytesWritten()).as("bytes the worker counted written").isEqualTo(SOURCE_BYTES);
        if (!provider.has(EngineFlag.OUTSIDE_PROC_IO)) {
            assertThat(a.checked()).as(a.note()).isTrue();
        } else {
            assertThat(a.checked()).isFalse();
            assertThat(a.note()).contains("the " + provider.name() + " engine's I/O is not counted");
        }
        WorkerEvidence e = r.evidence().workerThreads();
        assertThat(e).isNotNull();
        assertThat(e.threads()).isEqualTo(1);
        assertThat(e.storageSource()).isEqualTo(!provider.has(EngineFlag.OUTSIDE_PROC_IO)
                ? WorkerEvidence.WORKER_THREADS
                : WorkerEvidence.PROCESS);
        assertThat(findings(spec, r)).doesNotContain("accounting-mismatch");
    }

    private static void assumeAvailable(EngineProvider provider) {
        try {
            provider.create(new EngineOptions(1, 1, List.of(), false)).close();
        } catch (IOException e) {
            assumeTrue(false, provider.name() + " is not available here: " + e.getMessage());
        }
    }

    private static List<String> findings(JobSpec spec, RunResult r) {
        BenchmarkResult b = BenchmarkResult.of(spec, new org.iobench.result.TargetInfo("file", "f", true,
                SOURCE_BYTES, 512, 4096, null, null), List.of(r));
        return Advisor.standard().advise(b).findings().stream().map(Finding::id).toList();
    }
}
