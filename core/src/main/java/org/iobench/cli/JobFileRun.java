package org.iobench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFile;
import org.iobench.job.JobSpec;
import org.iobench.job.fio.FioJobFile;
import org.iobench.session.ExitException;
import org.iobench.session.ThisMachine;
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
    private final FioAliases fio;
    private final boolean lenient;

    JobFileRun(JobOptions options, FioAliases fio, boolean lenient) {
        this.options = options;
        this.fio = fio;
        this.lenient = lenient;
    }

    /**
     * A file named {@code *.fio} is a job file, not a target; a missing one is an error rather than a new scratch
     * target (a typo must not start a 1 GiB benchmark).
     */
    /**
     * What a job file's tests are tests of, for the store's row identity: the file's name without its directory
     * ({@code randread.fio}), so that runs of one file from any directory, or on another host, share a row.
     */
    static String origin(JobFile jobs) {
        String name = jobs.name();
        int slash = name.lastIndexOf('/');
        return "job file " + (slash < 0 ? name : name.substring(slash + 1));
    }

    static boolean isJobFile(Path target) {
        boolean named = target.getFileName() != null && target.getFileName().toString().endsWith(".fio");
        if (named && !Files.exists(target)) {
            throw ExitException.usage(target + ": no such job file");
        }
        return named && Files.isRegularFile(target);
    }

    /** The file's jobs with the command line's options applied; parse warnings go to {@code err}. */
    JobFile jobs(Path file, PrintStream err) {
        Path dir = file.toAbsolutePath().getParent();
        return jobs(file.toString(), read(file), err, name -> {
            Path included = Path.of(name);
            if (!Files.exists(included) && dir != null) {
                included = dir.resolve(name); // fio: relative to the job file when not found as given
            }
            try {
                return read(included);
            } catch (ExitException e) {
                throw new InvalidJobException(file + ": include " + name + ": " + e.getMessage());
            }
        });
    }

    /** The job file's text; a file that cannot be read is bad input. */
    static String read(Path file) {
        return InputFile.readText("job file", file);
    }

    /**
     * The stages of a job file's text ({@code name} for messages), with the command line's options applied; an
     * agent parses the text its controller read.
     */
    JobFile jobs(String name, String text, PrintStream err) {
        return jobs(name, text, err, included -> {
            throw new InvalidJobException(name + ": include " + included + ": an agent reads no other file than"
                    + " the job file its controller sent");
        });
    }

    private JobFile jobs(String name, String text, PrintStream err, UnaryOperator<String> inc) {
        refuseJobOptions();
        JobFile jobs = FioJobFile.parse(name, text, lenient, ThisMachine.fioHost(), inc);
        return withCommandLine(jobs, err);
    }

    /**
     * {@code jobs} (a job file's, or the fio job of {@code run}'s command line) with the command line's options
     * applied; its warnings go to {@code err}.
     */
    JobFile withCommandLine(JobFile jobs, PrintStream err) {
        String name = jobs.name();
        refuseNewFilesWithoutSize(name, jobs);
        jobs.warnings().forEach(w -> err.println("iobench: warning: " + w));
        jobs.skipped().forEach(w -> err.println("iobench: " + w));
        return new JobFile(jobs.name(), jobs.stages().stream().map(stage -> stage.stream()
                .map(this::withCommandLine).toList()).toList(), jobs.warnings(), jobs.skipped(),
                jobs.groupReporting());
    }

    /**
     * fio refuses a job on a file that does not exist without {@code size=} ("you need to specify size="); a file
     * an earlier stage makes with a size is there by then.
     */
    private static void refuseNewFilesWithoutSize(String name, JobFile jobs) {
        Set<Path> made = new HashSet<>();
        for (List<JobSpec> stage : jobs.stages()) {
            for (JobSpec j : stage) {
                Path t = j.target().toAbsolutePath().normalize();
                if (j.storesData() && j.workload().sizeBytes() == 0 && !made.contains(t) && !Files.exists(j.target())) {
                    throw new InvalidJobException(name + ": job [" + j.name() + "]: " + j.target() + " does not exist"
                            + " and the job gives no size= (fio refuses it too: \"you need to specify size=\")");
                }
            }
            for (JobSpec j : stage) {
                if (j.workload().sizeBytes() > 0) {
                    made.add(j.target().toAbsolutePath().normalize());
                }
            }
        }
    }

    /** The results of a stage by reporting group ({@code new_group} splits a stage), in order. */
    private static List<List<BenchmarkResult>> byGroup(List<BenchmarkResult> stage) {
        Map<String, List<BenchmarkResult>> groups = new LinkedHashMap<>();
        for (BenchmarkResult b : stage) {
            groups.computeIfAbsent(b.job().grouping().group(), k -> new ArrayList<>()).add(b);
        }
        return List.copyOf(groups.values());
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
                new Given("--engine", options.engine), new Given("--mix", options.mix),
                new Given("--offset", options.offset), new Given("--ramp", options.rampNanos),
                new Given("--batch", options.batch), new Given("--direct", options.direct),
                new Given("--sync", options.sync), new Given("--fsync-every", options.fsyncEvery),
                new Given("--pattern", options.pattern), new Given("--name", options.name),
                new Given("--seed", options.seed), new Given("--source", options.source),
                new Given("--verify", options.verify), new Given("--rate", options.rate),
                new Given("--steady", options.steady), new Given("--steady-window", options.steadyWindowNanos),
                new Given("--fixed-buffers", options.fixedBuffers ? true : null),
                new Given("--register-files", options.registerFiles ? true : null),
                new Given("--sq-poll", options.sqPoll ? true : null), new Given("--sq-poll-cpu", options.sqPollCpu),
                new Given("--hipri", options.hipri ? true : null),
                new Given("--reap-min", options.reapMin), new Given("--reap-max", options.reapMax),
                new Given("--verify-after", options.verifyAfter ? true : null))) {
            if (g.value() != null) {
                throw ExitException.usage(g.name() + ": not used with a job file; set it in the"
                        + " file (iobench applies only --allow-overwrite, --keep, --runs, --drop-cache to job files)");
            }
        }
        for (String name : fio.given()) {
            throw ExitException.usage(name + ": not used with a job file; set it in the file (iobench applies only"
                    + " --allow-overwrite, --keep, --runs, --drop-cache to job files)");
        }
    }

    /**
     * Prints results stage by stage; a run cut short leaves later stages without results. A group with fio's
     * {@code group_reporting} prints as one.
     */
    static void print(JobFile jobs, List<BenchmarkResult> results, PrintStream out, boolean vmstat) {
        int next = 0;
        for (List<JobSpec> stage : jobs.stages()) {
            if (next >= results.size()) {
                break;
            }
            List<BenchmarkResult> mine = results.subList(next, Math.min(results.size(), next + stage.size()));
            next += stage.size();
            if (mine.size() == 1) {
                RunText.print(mine.getFirst(), out, vmstat);
            } else {
                for (List<BenchmarkResult> group : byGroup(mine)) {
                    if (jobs.groupReporting().contains(group.getFirst().job().grouping().group())) {
                        GroupText.printAsOne(group, out);
                    } else {
                        GroupText.print(group, out);
                    }
                }
                FindingText.print(mine, out);
                if (vmstat) {
                    RunText.printGroupVmstat(mine, out);
                }
            }
            out.println();
        }
    }
}
