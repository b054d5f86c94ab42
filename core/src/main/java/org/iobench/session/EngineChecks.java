package org.iobench.session;

import java.util.Optional;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.Engines;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Submission;
import org.iobench.sysmon.AllowedCpus;
import org.iobench.sysmon.BlockDevices;
import org.iobench.sysmon.DeviceResolver;
import org.iobench.sysmon.MountTable;
import org.iobench.sysmon.PolledCompletions;

/**
 * What the job spec alone cannot check about its engine, before anything runs: the engine exists and can do what
 * was asked, read from its description's flags, never its name; and which engine to suggest or use for queue depth,
 * found by trying (an engine that is registered may still be unavailable here: io_uring disabled, AIO refused).
 */
public final class EngineChecks {
    private EngineChecks() {}

    /**
     * Checks {@code spec}'s engine.
     *
     * @throws ExitException status 2 naming the option and why
     */
    public static void check(JobSpec spec) {
        check(spec, Engines.installed());
    }

    /** As {@link #check(JobSpec)}, against {@code engines} (tests stand up registries of their own). */
    public static void check(JobSpec spec, Engines engines) {
        EngineDescription e = engines.get(spec.queue().engine()).description();
        if (e.has(EngineFlag.SYNC) && spec.queue().iodepth() > 1) {
            throw ExitException.usage("--iodepth " + spec.queue().iodepth() + ": the " + e.name()
                    + " engine completes each request before the next, so a depth above 1 would do nothing;"
                    + " use --threads N for parallelism" + asyncSuggestion(engines));
        }
        if (spec.queue().fixedBuffers() && !e.has(EngineFlag.REGISTERED_BUFFERS)) {
            String with = engines.descriptions().stream().filter(d -> d.has(EngineFlag.REGISTERED_BUFFERS))
                    .map(d -> " with " + d.title() + " (--engine " + d.name() + ")").findFirst().orElse("");
            throw ExitException.usage("--fixed-buffers: registers buffers and files" + with + "; the " + e.name()
                    + " engine has nothing to register");
        }
        checkSubmission(spec, e, engines);
        if (e.has(EngineFlag.BURNS_CPU) && spec.burn() == null) {
            throw ExitException.usage("--engine " + e.name() + ": needs what to burn (fio's cpuload=, cpumode=,"
                    + " cpuchunks=), which a job file gives");
        }
        if (e.has(EngineFlag.RUNS_PROGRAM) && spec.program() == null) {
            throw ExitException.usage("--engine " + e.name() + ": needs a program (fio's program=, arguments=),"
                    + " which a job file gives");
        }
        if (e.has(EngineFlag.WORKS_ON_FILES) && spec.fileOps() == null) {
            throw ExitException.usage("--engine " + e.name() + ": needs the job's files (fio's nrfiles=,"
                    + " filesize=), which a job file gives");
        }
        if (!e.storesData() && spec.verification().checksum().enabled()) {
            throw ExitException.usage("--verify " + spec.verification().checksum().label() + ": the " + e.name()
                    + " engine reads and writes nothing, so there is nothing to verify");
        }
        if (!e.storesData() && spec.workload().rw() == RwMode.COPY) {
            throw ExitException.usage("--rw copy: the " + e.name() + " engine reads and writes nothing, so it cannot"
                    + " copy");
        }
    }

    /**
     * The kernel queue's set-up ({@link Submission}): reaping bounds go to an engine that keeps requests in flight,
     * the engine can do each part, a submission thread's CPU is one this process may run on, and polled completions
     * go to a device that polls.
     */
    private static void checkSubmission(JobSpec spec, EngineDescription e, Engines engines) {
        Submission s = spec.queue().submission();
        if (e.has(EngineFlag.SYNC) && (s.reapMin() != Submission.DEFAULT.reapMin()
                || s.reapMax() != Submission.DEFAULT.reapMax() || s.reapEachSubmit())) {
            // reapEachSubmit comes with a reapMin of 0 (fio's polling mode), so one of the two bounds differs
            String option = s.reapMin() != Submission.DEFAULT.reapMin() ? "--reap-min " + s.reapMin()
                    : "--reap-max " + s.reapMax();
            throw ExitException.usage(option + ": the " + e.name() + " engine completes each request inside its"
                    + " call, so there is nothing to reap; reaping bounds are for an engine that keeps requests in"
                    + " flight" + deeper(engines).map(d -> " (--engine " + d.name() + ")").orElse(""));
        }
        can(s.registerFiles() && !s.submitThread(), EngineFlag.REGISTERED_FILES, "--register-files (registerfiles)",
                "registers the job's files", e, engines);
        can(s.submitThread(), EngineFlag.SUBMISSION_THREAD, "--sq-poll (sqthread_poll)",
                "hands requests to a kernel thread", e, engines);
        can(s.polledCompletions(), EngineFlag.POLLED_COMPLETIONS, "--hipri (hipri)", "polls for completions", e,
                engines);
        if (s.submitThreadCpu() >= 0) {
            AllowedCpus cpus = AllowedCpus.ofThisProcess();
            if (!cpus.allows(s.submitThreadCpu())) {
                throw ExitException.usage("--sq-poll-cpu " + s.submitThreadCpu() + " (sqthread_poll_cpu="
                        + s.submitThreadCpu() + "): not a CPU this process may run on (allowed: " + cpus.text() + ")");
            }
        }
        if (s.polledCompletions() && spec.target() != null) {
            BlockDevices devices = BlockDevices.system();
            PolledCompletions.whyNot(new DeviceResolver(MountTable.current(), devices).resolve(spec.target()),
                    devices).ifPresent(why -> {
                        throw ExitException.usage("--hipri (hipri): " + why + "; run without it");
                    });
        }
    }

    private static void can(boolean asked, EngineFlag flag, String option, String what, EngineDescription e,
                            Engines engines) {
        if (asked && !e.has(flag)) {
            String with = engines.descriptions().stream().filter(d -> d.has(flag))
                    .map(d -> " with " + d.title() + " (--engine " + d.name() + ")").findFirst().orElse("");
            throw ExitException.usage(option + ": " + what + with + "; the " + e.name() + " engine cannot");
        }
    }

    /** Whether {@code engine} (a known engine's name) completes each request before the next. */
    public static boolean synchronous(String engine) {
        return Engines.require(engine).has(EngineFlag.SYNC);
    }

    /** The engine a job runs when it names none. */
    public static String defaultEngine() {
        return Engines.setup().name();
    }

    /** {@code " or --engine NAME"} for an engine that keeps many requests in flight and works here, else nothing. */
    public static String asyncSuggestion() {
        return asyncSuggestion(Engines.installed());
    }

    static String asyncSuggestion(Engines engines) {
        return deeper(engines).map(d -> " or --engine " + d.name()).orElse("");
    }

    /**
     * The engine queue depths run on (the crystal suite's Q8, Q32): the first that keeps requests in flight on
     * buffered files too and works here; empty when there is none, and the depths run as threads.
     */
    public static Optional<EngineDescription> asyncEngine() {
        return deeper(Engines.installed());
    }

    static Optional<EngineDescription> deeper(Engines engines) {
        return engines.firstAvailable(d -> d.has(EngineFlag.ASYNC_BUFFERED)).map(p -> p.description());
    }

    /** Why queue depths run as threads here: the engine that would keep them, and that it is not available. */
    public static String noAsyncNote() {
        return Engines.installed().descriptions().stream().filter(d -> d.has(EngineFlag.ASYNC_BUFFERED)).findFirst()
                .map(d -> "the " + d.name() + " engine is not available here").orElse("no engine here keeps"
                        + " requests in flight")
                + "; queue depths run as that many " + defaultEngine() + " threads (Q8T1 as T8)";
    }
}
