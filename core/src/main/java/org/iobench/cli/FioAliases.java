package org.iobench.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.iobench.job.Durations;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.Schedule;
import org.iobench.job.fio.FioEngines;
import picocli.CommandLine.Option;

/**
 * fio's command-line names on {@code iobench run}, with fio's meaning (the table is in docs/options.md):
 * {@code --ioengine} takes fio's engine names, {@code --runtime} caps a size-based job unless {@code --time_based}
 * makes it the duration. {@code --numjobs} is refused with a pointer to {@code --threads}: fio's numjobs makes
 * clones with their own files and offsets, which {@code run} does not, and no alias may mean something else than
 * fio's name (a job file's {@code numjobs=} makes clones). {@code --iodepth}, {@code --name} and
 * {@code --direct[=0|1]} are iobench's own options, which already take fio's forms.
 */
final class FioAliases {
    @Option(names = "--ioengine", paramLabel = "NAME", description = "fio's name of the engine: psync, sync,"
            + " pvsync, vsync, pvsync2 (psync), io_uring, libaio, null")
    String ioengine;

    @Option(names = "--runtime", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "fio's runtime: the longest the job runs (a bare number is seconds); with --time_based,"
                    + " how long it runs (as --time)")
    Long runtimeNanos;

    @Option(names = "--time_based", description = "fio's time_based: run for --runtime, going over the region"
            + " again and again")
    boolean timeBased;

    @Option(names = "--numjobs", paramLabel = "N", converter = Converters.Count.class,
            description = "refused: fio's numjobs makes N clones with their own files and offsets; use --threads N"
                    + " (N workers sharing one region) or a job file with numjobs=N")
    Integer numjobs;

    /** The names given, for refusing them where they do not apply (job files). */
    List<String> given() {
        List<String> g = new ArrayList<>();
        if (ioengine != null) g.add("--ioengine");
        if (runtimeNanos != null) g.add("--runtime");
        if (timeBased) g.add("--time_based");
        if (numjobs != null) g.add("--numjobs");
        return g;
    }

    /** Applies the aliases on top of {@code b}; {@code options} says which iobench options were also given. */
    JobSpec.Builder applyTo(JobSpec.Builder b, JobOptions options) {
        if (ioengine != null) {
            if (options.engine != null) {
                throw new InvalidJobException("--ioengine", ioengine, "and --engine " + options.engine
                        + " both name the engine; give one");
            }
            b.engine(FioEngines.iobench(ioengine).orElseThrow(() -> new InvalidJobException("--ioengine",
                    ioengine, "iobench runs " + FioEngines.KNOWN)));
        }
        if (numjobs != null) {
            throw new InvalidJobException("--numjobs", numjobs, "fio's numjobs makes " + numjobs + " clones, each"
                    + " with its own file and offsets, which iobench run does not do; use --threads " + numjobs
                    + " for " + numjobs + " workers sharing one region, or a job file (or iobench fio) with numjobs="
                    + numjobs + " for clones");
        }
        if (timeBased && runtimeNanos == null) {
            throw new InvalidJobException("--time_based", "", "needs --runtime (how long to run), or use --time");
        }
        if (runtimeNanos != null) {
            if (options.timeNanos != null) {
                throw new InvalidJobException("--runtime", Durations.format(Duration.ofNanos(
                        runtimeNanos)), "and --time both"
                        + " set the time; give one");
            }
            // fio: without time_based, runtime only caps a job that ends when its region is done
            b.timeNanos(runtimeNanos).loopRegion(timeBased);
            if (!timeBased) {
                b.schedule(Schedule.NONE.withTimeCapsOnly(true));
            }
        }
        return b;
    }
}
