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
 * makes it the duration. {@code --filename}, {@code --numjobs} and {@code --group_reporting} have no meaning in
 * iobench's own job (fio's numjobs makes clones with their own files and offsets, not {@code --threads}): given
 * one of them, the whole command line is a fio job ({@link FioRunLine}). {@code --iodepth}, {@code --name} and
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
            description = "fio's numjobs: N clones of the job, each with its own offsets (and file, unless"
                    + " --filename names one); makes the command line a fio job (--threads N is N workers of one job)")
    Integer numjobs;

    @Option(names = "--filename", paramLabel = "PATH", description = "fio's filename: the file or device (instead"
            + " of TARGET); makes the command line a fio job")
    String filename;

    @Option(names = "--group_reporting", description = "fio's group_reporting: the clones of --numjobs reported as"
            + " one; makes the command line a fio job")
    boolean groupReporting;

    /** The names given, for refusing them where they do not apply (job files). */
    List<String> given() {
        List<String> g = new ArrayList<>();
        if (ioengine != null) g.add("--ioengine");
        if (runtimeNanos != null) g.add("--runtime");
        if (timeBased) g.add("--time_based");
        if (numjobs != null) g.add("--numjobs");
        if (filename != null) g.add("--filename");
        if (groupReporting) g.add("--group_reporting");
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
