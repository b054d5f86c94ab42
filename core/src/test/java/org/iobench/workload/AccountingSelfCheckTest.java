package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.iobench.advise.Advisor;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.engine.psync.PsyncEngine;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.Accounting;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.workload.files.PreparedTarget;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The accounting self-check compares the worker threads' own kernel counters with what the workers counted: a
 * request moved but not counted is caught, while other threads of the process (the monitor, the JIT compiler, class
 * loading; here a thread that reads and writes 32 MiB during the run) never trip it.
 */
class AccountingSelfCheckTest {
    @TempDir
    Path dir;

    /** psync, except that every {@code every}-th write is issued twice and counted once: a miscount. */
    private static EngineProvider miscounting(int every) {
        return new EngineProvider() {
            @Override public EngineDescription description() {
                return EngineDescription.of("psync-miscounting", null, List.of(), EngineFlag.SYNC);
            }
            @Override public IoEngine create(EngineOptions options) throws IOException {
                IoEngine psync = PsyncEngine.PROVIDER.create(options);
                AtomicInteger writes = new AtomicInteger();
                return new IoEngine() {
                    @Override public String name() { return "psync-miscounting"; }
                    @Override public SubmitStatus submit(IoRequest r) {
                        if (r.op() == IoOp.WRITE && writes.incrementAndGet() % every == 0) {
                            psync.submit(r); // moved, never counted
                        }
                        return psync.submit(r);
                    }
                };
            }
        };
    }

    private RunResult run(JobSpec spec, EngineProvider provider, RunListener listener) throws IOException {
        try (PreparedTarget target = TargetPreparer.system().prepare(spec)) {
            return new JobRunner(NanoClock.SYSTEM, 1_000_000_000L, 0).run(spec, target, 1, new RunControl(),
                    listener, provider);
        }
    }

    private static List<String> findings(JobSpec spec, RunResult r) {
        BenchmarkResult b = BenchmarkResult.of(spec, new org.iobench.result.TargetInfo("file", "f", true,
                16 << 20, 512, 4096, null, null), List.of(r));
        return Advisor.standard().advise(b).findings().stream().map(Finding::id).toList();
    }

    @Test
    void aWriteTheWorkersMovedButDidNotCountIsAnAccountingMismatch() throws IOException {
        JobSpec spec = JobSpec.builder(dir.resolve("w")).rw(RwMode.WRITE).blockSize(1 << 20).sizeBytes(16 << 20)
                .build();
        RunResult r = run(spec, miscounting(4), RunListener.NONE);
        assertThat(r.evidence().accounting().checked()).isTrue();
        assertThat(r.evidence().accounting().mismatch()).as(r.evidence().accounting().note()).isTrue();
        Accounting a = r.evidence().accounting();
        assertThat(a.kernelBytesWritten() - a.appBytesWritten()).isEqualTo(4L << 20);
        assertThat(findings(spec, r)).containsOnlyOnce("accounting-mismatch");

        RunResult honest = run(spec, PsyncEngine.PROVIDER, RunListener.NONE);
        assertThat(honest.evidence().accounting().mismatch()).as(honest.evidence().accounting().note()).isFalse();
        assertThat(findings(spec, honest)).doesNotContain("accounting-mismatch");
    }

    @Test
    void anotherThreadReadingAndWritingDuringTheRunDoesNotTripTheCheck() throws Exception {
        Path data = Files.write(dir.resolve("data"), new byte[16 << 20]);
        JobSpec spec = JobSpec.builder(data).rw(RwMode.READ).blockSize(1 << 20).timeNanos(400_000_000L).build();
        Thread[] other = new Thread[1];
        RunListener busy = new RunListener() {
            @Override
            public void runStarted(JobSpec s, int run, LiveView live) {
                other[0] = Thread.ofPlatform().start(() -> {
                    try (OutputStream out = Files.newOutputStream(dir.resolve("elsewhere"))) {
                        out.write(new byte[32 << 20]);
                        Files.readAllBytes(dir.resolve("elsewhere"));
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
            }
        };
        RunResult r = run(spec, PsyncEngine.PROVIDER, busy);
        other[0].join();
        assertThat(r.evidence().accounting().checked()).isTrue();
        assertThat(r.evidence().accounting().mismatch()).as(r.evidence().accounting().note()).isFalse();
        assertThat(r.evidence().accounting().kernelBytesWritten()).isZero();
        assertThat(findings(spec, r)).doesNotContain("accounting-mismatch");
    }
}
