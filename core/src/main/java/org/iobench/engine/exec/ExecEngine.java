package org.iobench.engine.exec;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.DisklessEngine;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.ExecWork;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;

/**
 * fio's {@code exec} engine: no I/O; the first request starts the program, each later one waits 50 ms (fio's
 * engine sleeps that long per request, and sets a 50 ms think time after each, which the job's schedule adds), so
 * the program runs beside the stage's other jobs for the job's time. Closing the engine (the job's end) sends it
 * SIGTERM, waits the grace time, then SIGKILL. Requests move 0 bytes; a non-storage engine. A program that cannot be
 * started leaves the job running without it, as fio's does (its forked child fails to exec); the job file's
 * reader says so beforehand.
 */
public final class ExecEngine implements DisklessEngine {
    public static final EngineProvider PROVIDER = new EngineProvider() {
        private final EngineDescription description = EngineDescription.of("exec", null, List.of("exec"),
                EngineFlag.SYNC, EngineFlag.OUTSIDE_PROC_IO, EngineFlag.DISKLESS, EngineFlag.RUNS_PROGRAM);
        @Override public EngineDescription description() { return description; }
        /** It starts a program: nothing to try before the job names one. */
        @Override public Optional<String> unavailable() { return Optional.empty(); }
        @Override public IoEngine create(EngineOptions options) {
            return new ExecEngine(options.input(ExecWork.class).orElseThrow(() -> new IllegalArgumentException(
                    "the exec engine needs a program (program=)")), options.clock());
        }
    };

    /** fio's pause inside each request after the first. */
    private static final long WAIT_NANOS = 50_000_000L;

    private final ExecWork work;
    private final NanoClock clock;
    private Process process;
    private boolean started;

    private ExecEngine(ExecWork work, NanoClock clock) {
        this.work = work;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "exec";
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        r.submitNanos(clock.nanoTime());
        if (!started) {
            started = true;
            process = start();
        } else {
            long until = r.submitNanos() + WAIT_NANOS;
            while (clock.nanoTime() < until && !Thread.currentThread().isInterrupted()) {
                clock.idle(until, WAIT_NANOS);
            }
        }
        r.complete(0);
        return SubmitStatus.COMPLETED;
    }

    private Process start() {
        ProcessBuilder pb = new ProcessBuilder(work.command()).redirectInput(Redirect.from(Path.of("/dev/null")
                .toFile()));
        pb.redirectOutput(work.stdout() == null ? Redirect.INHERIT : Redirect.to(work.stdout().toFile()));
        pb.redirectError(work.stderr() == null ? Redirect.INHERIT : Redirect.to(work.stderr().toFile()));
        try {
            return pb.start();
        } catch (IOException e) {
            return null; // as fio's: the job goes on without it (the job file's reader warned)
        }
    }

    /** The job's end: SIGTERM, the grace time, then SIGKILL (fio's exec engine and its cleanup). */
    @Override
    public void close() {
        Process p = process;
        process = null;
        if (p == null || !p.isAlive()) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(work.graceNanos(), TimeUnit.NANOSECONDS)) {
                p.destroyForcibly().waitFor(1, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
