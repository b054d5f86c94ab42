package org.iobench.job.fio;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFile;
import org.iobench.job.JobSpec;

/**
 * A fio command line made into jobs as fio makes them: the jobs given as options first ({@code --name=...}, with
 * the options before the first {@code --name} as their defaults), then each job file's; the command line's
 * defaults apply to the first job file too, and every later job file starts from fio's defaults (fio's
 * {@code fill_def_thread}). {@code --section} keeps only the sections it names. One reader and one option table
 * for both: a command-line option means what the same line means in a job file.
 *
 * @param jobs          the jobs in fio's order, staged and grouped as a job file's
 * @param globalOptions fio's {@code global options}: the defaults as given, by canonical name
 * @param described     what fio reports of each job of {@code jobs.jobs()}, in the same order
 */
public record FioInvocation(JobFile jobs, List<FioJobDescription.Option> globalOptions,
                            List<FioJobDescription> described) {
    public FioInvocation {
        globalOptions = List.copyOf(globalOptions);
        described = List.copyOf(described);
    }

    /**
     * @param read the text of a job file by the path given (relative to the current directory); throws
     *             {@link InvalidJobException} when it cannot be read
     * @throws InvalidJobException fio's message for a file or option fio refuses, or one iobench cannot honour
     *                             (fio and iobench fio exit 1; {@link org.iobench.job.UnsupportedJobException}, what
     *                             fio would run and iobench cannot, exits 2); with {@code --warnings-fatal},
     *                             {@link FioFatalWarnings}: fio's lines for the jobs' parser warnings
     */
    public static FioInvocation read(FioArguments args, FioHost host, UnaryOperator<String> read) {
        List<List<FioSection>> sources = sources(args, host, read);
        boolean anyJob = sources.stream().flatMap(List::stream).anyMatch(s -> !s.global());
        if (!anyJob) {
            throw new InvalidJobException("No job(s) defined");
        }
        List<FioJobDescription> described = new ArrayList<>();
        String name = args.jobFiles().isEmpty() ? FioArguments.WHERE : String.join(" ", args.jobFiles());
        List<String> parserWarnings = new ArrayList<>();
        JobFile jobs = FioJobFile.parse(name, sources, false, described, parserWarnings);
        if (args.warningsFatal() && !parserWarnings.isEmpty()) {
            throw new FioFatalWarnings(parserWarnings); // fio: its warnings alone, exit 1
        }
        if (args.auxPath().isPresent()) {
            jobs = inAuxDirectory(jobs, args.auxPath().get());
        }
        FioJobDescription global = described.removeFirst();
        if (args.readOnly() && jobs.jobs().stream().anyMatch(j -> j.workload().rw().modifies())) {
            throw new InvalidJobException("fio: trim and write operations are not allowed with the --readonly"
                    + " parameter.");
        }
        int clones = jobs.jobs().size();
        if (args.maxJobs().isPresent() && clones > args.maxJobs().get()) {
            throw new InvalidJobException("fio: " + clones + " jobs (clones included) exceed --max-jobs="
                    + args.maxJobs().get());
        }
        return new FioInvocation(jobs, global.options(), described);
    }

    /** Every verifying job's state and dump files in {@code directory} ({@code --aux-path}). */
    private static JobFile inAuxDirectory(JobFile jobs, String directory) {
        List<List<JobSpec>> stages = jobs.stages().stream().map(stage -> stage.stream().map(j ->
                j.verification().fio() == null ? j
                        : j.toBuilder().fioVerify(j.verification().fio().inAuxDirectory(directory)).build()).toList())
                .toList();
        return new JobFile(jobs.name(), stages, jobs.warnings(), jobs.skipped(), jobs.groupReporting());
    }

    /**
     * fio's {@code --parse-only}: reads and checks everything as {@link #read} does; a command line of defaults
     * alone (no job) is fine, as fio 3.33 finds it (it exits 0 without a job to check).
     */
    public static void check(FioArguments args, FioHost host, UnaryOperator<String> read) {
        List<List<FioSection>> sources = sources(args, host, read);
        if (sources.stream().flatMap(List::stream).anyMatch(s -> !s.global())) {
            read(args, host, read);
        } else {
            parseTrace(args, host, read); // the defaults' values are still read
        }
    }

    /**
     * fio's {@code --debug=parse} trace of the options, in its layout ({@code parse    PID handle_option=NAME,
     * ptr=VALUE}, each option by its canonical name, in the order read), with the line fio adds for a steady-state
     * threshold ({@code set steady state threshold to 0.100000%}). Only these lines of fio's: its type and value
     * lines are fio's internals.
     */
    public static List<String> parseTrace(FioArguments args, FioHost host, UnaryOperator<String> read) {
        List<String> out = new ArrayList<>();
        String prefix = String.format(Locale.ROOT, "%-8s %-5d ", "parse", ProcessHandle.current().pid());
        for (List<FioSection> source : sources(args, host, read)) {
            for (FioSection section : source) {
                for (FioSetting setting : section.settings()) {
                    String key = FioOptions.canonical(setting.key()).orElseThrow(() -> new InvalidJobException(
                            "fio: unrecognized option '" + setting.key() + "'"));
                    out.add(prefix + "handle_option=" + key + ", ptr=" + setting.value());
                    if (key.equals("steadystate")) {
                        out.add(prefix + FioSteady.parseDebugLine(FioSteady.threshold(setting, 1024)));
                    }
                }
            }
        }
        return out;
    }

    /** The sections of the command line and of each job file, as fio takes them (the first file with the line's). */
    private static List<List<FioSection>> sources(FioArguments args, FioHost host, UnaryOperator<String> read) {
        List<List<FioSection>> sources = new ArrayList<>();
        List<FioSection> first = new ArrayList<>(args.commandLine());
        boolean firstTaken = false;
        for (String file : args.jobFiles()) {
            Path dir = Path.of(file).toAbsolutePath().getParent();
            List<FioSection> sections = new FioReader(host, name -> {
                Path included = Path.of(name);
                if (!included.toFile().exists() && dir != null) {
                    included = dir.resolve(name); // fio: relative to the job file when not found as given
                }
                return read.apply(included.toString());
            }).read(file, read.apply(file));
            sections = onlyNamed(sections, args.sections());
            if (!firstTaken) {
                first.addAll(sections);
                sources.add(first);
                firstTaken = true;
            } else {
                sources.add(sections);
            }
        }
        if (!firstTaken) {
            sources.add(first);
        }
        return sources;
    }

    private static List<FioSection> onlyNamed(List<FioSection> sections, List<String> only) {
        if (only.isEmpty()) {
            return sections;
        }
        return sections.stream().filter(s -> s.global() || only.contains(s.name())).toList();
    }

    /**
     * fio's {@code --showcmd}: each job file as the command line that makes the same jobs, one line per file
     * ({@code fio --opt=value --name=job --opt=value ...}); a bare flag without {@code =}.
     */
    public static String showCommand(FioArguments args, FioHost host, UnaryOperator<String> read) {
        StringBuilder out = new StringBuilder();
        for (String file : args.jobFiles()) {
            List<FioSection> sections = onlyNamed(new FioReader(host, read).read(file, read.apply(file)),
                    args.sections());
            StringBuilder line = new StringBuilder();
            for (FioSection s : sections) {
                line.append(line.isEmpty() ? "fio " : "");
                if (!s.global()) {
                    line.append("--name=").append(s.name()).append(' ');
                }
                for (FioSetting setting : s.settings()) {
                    String key = FioOptions.canonical(setting.key()).orElseThrow(() -> new InvalidJobException(
                            setting.where() + ": '" + setting.key() + "' is not a fio option (fio refuses the file"
                                    + " too)"));
                    String delim = key.equals("description") ? "\"" : "";
                    line.append("--").append(key).append(setting.value().isEmpty() ? " "
                            : "=" + delim + setting.value() + delim + " ");
                }
            }
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /** The jobs of the run in order, for zipping with {@link #described}. */
    public List<JobSpec> specs() {
        return jobs.jobs();
    }
}
