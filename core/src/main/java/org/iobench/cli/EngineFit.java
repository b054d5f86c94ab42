package org.iobench.cli;

import java.util.Optional;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.Engines;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;

/** Checks what the job spec alone cannot: the engine exists and can do what was asked, read from its flags. */
final class EngineFit {
    private EngineFit() {}

    static void check(JobSpec spec) {
        check(spec, Engines.installed());
    }

    static void check(JobSpec spec, Engines engines) {
        EngineDescription e = engines.get(spec.queue().engine()).description();
        if (e.has(EngineFlag.SYNC) && spec.queue().iodepth() > 1) {
            throw ExitException.usage("--iodepth " + spec.queue().iodepth() + ": the " + e.name()
                    + " engine completes each request before the next, so a depth above 1 would do nothing;"
                    + " use --threads N for parallelism" + deeper(engines).map(d -> " or --engine " + d.name())
                    .orElse(""));
        }
        if (spec.queue().fixedBuffers() && !e.has(EngineFlag.REGISTERED_BUFFERS)) {
            String with = engines.descriptions().stream().filter(d -> d.has(EngineFlag.REGISTERED_BUFFERS))
                    .map(d -> " with " + d.title() + " (--engine " + d.name() + ")").findFirst().orElse("");
            throw ExitException.usage("--fixed-buffers: registers buffers and files" + with + "; the " + e.name()
                    + " engine has nothing to register");
        }
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

    /** An engine that works here and keeps many requests in flight, to suggest instead of a synchronous one. */
    static Optional<EngineDescription> deeper(Engines engines) {
        return engines.firstAvailable(d -> d.has(EngineFlag.ASYNC_BUFFERED)).map(p -> p.description());
    }
}
