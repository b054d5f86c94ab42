package org.iobench.session;

import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.job.JobSpec;

/**
 * What the job spec alone cannot check about its engine, before anything runs: the engine exists and can do what
 * was asked. (Moved here from the command line unchanged; the engine-name comparisons are to become the engines'
 * own flags.)
 */
public final class EngineChecks {
    private EngineChecks() {}

    /**
     * Checks {@code spec}'s engine.
     *
     * @throws ExitException status 2 naming the option and why
     */
    public static void check(JobSpec spec) {
        EngineProvider provider = Engines.require(spec.queue().engine());
        if (provider.synchronous() && spec.queue().iodepth() > 1) {
            throw new ExitException(ExitException.USAGE, "--iodepth " + spec.queue().iodepth() + ": the "
                    + spec.queue().engine()
                    + " engine completes each request before the next, so a depth above 1 would do nothing;"
                    + " use --threads N for parallelism" + asyncSuggestion());
        }
        if (spec.queue().fixedBuffers() && !spec.queue().engine().equals("uring")) {
            throw new ExitException(ExitException.USAGE, "--fixed-buffers: registers buffers and files with"
                    + " io_uring (--engine uring); the " + spec.queue().engine() + " engine has nothing to register");
        }
        if (spec.queue().engine().equals("cpuio") && spec.burn() == null) {
            throw new ExitException(ExitException.USAGE, "--engine cpuio: needs what to burn (fio's cpuload=,"
                    + " cpumode=, cpuchunks=), which a job file gives");
        }
        if (spec.queue().engine().equals("exec") && spec.program() == null) {
            throw new ExitException(ExitException.USAGE, "--engine exec: needs a program (fio's program=,"
                    + " arguments=), which a job file gives");
        }
        if (spec.queue().engine().startsWith("file") && spec.fileOps() == null) {
            throw new ExitException(ExitException.USAGE, "--engine " + spec.queue().engine() + ": needs the job's"
                    + " files (fio's nrfiles=, filesize=), which a job file gives");
        }
        if (!provider.storage() && spec.verification().checksum().enabled()) {
            throw new ExitException(ExitException.USAGE, "--verify " + spec.verification().checksum().label() + ": the "
                    + spec.queue().engine() + " engine reads and writes nothing, so there is nothing to verify");
        }
        if (!provider.storage() && spec.workload().rw() == org.iobench.job.RwMode.COPY) {
            throw new ExitException(ExitException.USAGE, "--rw copy: the " + spec.queue().engine()
                    + " engine reads and writes nothing, so it cannot copy");
        }
    }

    /** Whether {@code engine} (a known engine's name) completes each request before the next. */
    public static boolean synchronous(String engine) {
        return Engines.byName(engine).orElseThrow().synchronous();
    }

    /** {@code " or --engine uring"} where an asynchronous engine is registered, else nothing. */
    public static String asyncSuggestion() {
        return Engines.names().contains("uring") ? " or --engine uring" : "";
    }

    /** The asynchronous engine queue depths run on, or null when none is available here. */
    public static String asyncEngine() {
        return Engines.byName("uring").isPresent() ? "uring" : null;
    }
}
