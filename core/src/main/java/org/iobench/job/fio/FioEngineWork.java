package org.iobench.job.fio;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.CpuBurn;
import org.iobench.job.ExecProgram;
import org.iobench.job.InvalidJobException;
import org.iobench.job.Schedule;

/** The options of fio's engines that do no storage I/O and have work of their own: cpuio's burn, exec's program. */
final class FioEngineWork {
    private FioEngineWork() {}

    /** The options of the cpuio and exec engines are refused with any other engine, as fio refuses them. */
    static void refuseOthers(FioJobOptions o, EngineDescription engine) {
        for (String option : List.of("cpuload", "cpumode", "cpuchunks", "program", "arguments", "grace_time",
                "std_redirect")) {
            EngineFlag owner = option.startsWith("cpu") ? EngineFlag.BURNS_CPU : EngineFlag.RUNS_PROGRAM;
            if (!engine.has(owner) && o.has(option)) {
                throw FioJobOptions.bad(o.setting(option).orElseThrow(), "an option of the "
                        + EngineCatalog.names(EngineCatalog.installed().with(owner), "and") + " engine, and the job's"
                        + " ioengine is " + o.value("ioengine").orElse(FioEngines.standard().name())
                        + " (fio refuses it too)");
            }
        }
    }

    /**
     * fio's cpuio options: {@code cpuload} (required, above 100 taken as 100), {@code cpumode} (noop, qsort),
     * {@code cpuchunks} (a noop burn's length in microseconds, 50000 by default).
     */
    static CpuBurn burn(FioJobOptions o) {
        FioSetting load = o.setting("cpuload").orElse(null);
        if (load == null || o.number("cpuload", 0) < 1) {
            throw new InvalidJobException((load == null ? o.setting("ioengine").orElseThrow() : load).where()
                    + ": ioengine=cpuio: needs cpuload=1..100 (fio: \"cpu thread needs rate (cpuload=)\")");
        }
        FioSetting mode = o.setting("cpumode").orElse(null);
        boolean qsort = mode != null && switch (mode.value().toLowerCase(Locale.ROOT)) {
            case "noop" -> false;
            case "qsort" -> true;
            default -> throw FioJobOptions.bad(mode, "must be noop or qsort");
        };
        long chunkMicros = o.number("cpuchunks", 50_000);
        if (chunkMicros < 1) {
            throw FioJobOptions.bad(o.setting("cpuchunks").orElseThrow(), "must be at least 1");
        }
        return new CpuBurn(qsort, chunkMicros * 1000, (int) Math.min(100, o.number("cpuload", 0)));
    }

    /**
     * fio's exec options: {@code program} (required), {@code arguments} split at spaces with {@code %r} (the runtime
     * in whole seconds) and {@code %n} (the job's name), {@code grace_time} (seconds, 1), {@code std_redirect} (1).
     * A job without {@code runtime} never ends in fio and is refused; a program that is not there is a warning
     * (fio runs the job without it).
     */
    static ExecProgram program(FioJobOptions o, String name, FioProblems problems, List<String> warnings,
                               List<FioProblems.Problem> blocking) {
        FioSetting program = o.setting("program").orElse(null);
        if (program == null || program.value().isBlank()) {
            throw new InvalidJobException(o.setting("ioengine").orElseThrow().where()
                    + ": ioengine=exec: no program is defined (program=), as fio says");
        }
        if (!o.has("runtime") || o.nanos("runtime", "s") == 0) {
            blocking.add(problems.unsupported(o.setting("ioengine").orElseThrow(), "an exec job without runtime="
                    + " never ends in fio; iobench needs its runtime", true));
        }
        long runtimeSeconds = o.has("runtime") ? o.nanos("runtime", "s") / 1_000_000_000L : 0;
        List<String> command = new ArrayList<>();
        command.add(program.value());
        for (String a : o.value("arguments").orElse("").split(" ")) {
            if (!a.isEmpty()) {
                command.add(a.replace("%r", Long.toString(runtimeSeconds)).replace("%n", name));
            }
        }
        if (!executable(program.value())) {
            warnings.add(program.where() + ": program=" + program.value() + ": not found or not executable; the job"
                    + " runs without it, as fio's does");
        }
        long grace = o.number("grace_time", 1);
        if (grace < 0) {
            throw FioJobOptions.bad(o.setting("grace_time").orElseThrow(), "must be at least 0");
        }
        return new ExecProgram(command, grace * 1_000_000_000L, o.flag("std_redirect", true));
    }

    private static boolean executable(String program) {
        if (program.contains("/")) {
            return Files.isExecutable(Path.of(program));
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    /** fio's exec engine sets a 50 ms think time after every request, whatever the job file says. */
    static Schedule execThink(Schedule s) {
        return new Schedule(s.startDelayNanos(), 50_000_000L, 1, s.flowId(), s.flowWeight(),
                s.flowSleepNanos(), s.rateMinBytes(), s.rateMinIops(), s.rateCycleMillis(), s.exitAll(),
                s.poissonRate(), s.timeCapsOnly(), s.latency());
    }
}
