package org.iobench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.job.JobFile;
import org.iobench.job.JobFileParser;
import org.iobench.job.JobSpec;
import org.iobench.report.FindingText;
import org.iobench.report.GroupText;
import org.iobench.report.RunText;
import org.iobench.result.BenchmarkResult;

/**
 * {@code iobench run JOBFILE.fio}: parses the file, applies the few command-line options that make sense for every
 * job ({@code --allow-overwrite}, {@code --keep}, {@code --runs}, {@code --drop-cache}), and runs its stages:
 * a stage of one job prints as {@code run} does, a parallel stage as a group with its aggregate.
 */
final class JobFileRun {
    private final JobOptions options;
    private final boolean lenient;

    JobFileRun(JobOptions options, boolean lenient) {
        this.options = options;
        this.lenient = lenient;
    }

    /**
     * A file named {@code *.fio} is a job file, not a target; a missing one is an error rather than a new scratch
     * target (a typo must not start a 1 GiB benchmark).
     */
    static boolean isJobFile(Path target) {
        boolean named = target.getFileName() != null && target.getFileName().toString().endsWith(".fio");
        if (named && !Files.exists(target)) {
            throw ExitException.usage(target + ": no such job file");
        }
        return named && Files.isRegularFile(target);
    }

    /** The file's stages with the command line's options applied; parse warnings go to {@code err}. */
    List<List<JobSpec>> stages(Path file, PrintStream err) {
        return stages(file.toString(), read(file), err);
    }

    /** The job file's text; a file that cannot be read is bad input. */
    static String read(Path file) {
        return InputFile.readText("job file", file);
    }

    /**
     * The stages of a job file's text ({@code name} for messages), with the command line's options applied; an
     * agent parses the text its controller read.
     */
    List<List<JobSpec>> stages(String name, String text, PrintStream err) {
        refuseJobOptions();
        JobFile jobs = JobFileParser.parse(name, text, lenient);
        jobs.warnings().forEach(w -> err.println("iobench: warning: " + w));
        return jobs.stages().stream().map(stage -> stage.stream().map(this::withCommandLine).toList()).toList();
    }

    private JobSpec withCommandLine(JobSpec spec) {
        JobSpec.Builder b = spec.toBuilder();
        if (options.allowOverwrite) b.allowOverwrite(true);
        if (options.keep) b.keep(true);
        if (options.dropCache) b.dropCache(true);
        if (options.runs != null) b.runs(options.runs);
        return b.build();
    }

    private void refuseJobOptions() {
        record Given(String name, Object value) {}
        for (Given g : List.of(new Given("--rw", options.rw), new Given("--bs", options.bs),
                new Given("--size", options.size), new Given("--threads", options.threads),
                new Given("--iodepth", options.iodepth), new Given("--time", options.timeNanos),
                new Given("--engine", options.engine))) {
            if (g.value() != null) {
                throw ExitException.usage(g.name() + ": not used with a job file; set it in the"
                        + " file (iobench applies only --allow-overwrite, --keep, --runs, --drop-cache to job files)");
            }
        }
    }

    /** Prints results stage by stage; a run cut short leaves later stages without results. */
    static void print(List<List<JobSpec>> stages, List<BenchmarkResult> results, PrintStream out) {
        int next = 0;
        for (List<JobSpec> stage : stages) {
            if (next >= results.size()) {
                break;
            }
            List<BenchmarkResult> mine = results.subList(next, Math.min(results.size(), next + stage.size()));
            next += stage.size();
            if (mine.size() == 1) {
                RunText.print(mine.getFirst(), out);
            } else {
                GroupText.print(mine, out);
                FindingText.print(mine, out);
            }
            out.println();
        }
    }
}
