package org.iobench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFile;
import org.iobench.job.fio.FioArguments;
import org.iobench.job.fio.FioInvocation;
import org.iobench.session.ExitException;
import org.iobench.session.ThisMachine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code iobench run} with one of fio's job options iobench's own {@code run} has no meaning for
 * ({@code --filename}, {@code --numjobs}, {@code --group_reporting}): the command line is then a fio job, as
 * {@code fio} would read it. Its fio-named options ({@code --name --rw --bs --size --offset --iodepth --direct
 * --ioengine --runtime --time_based --numjobs --filename --group_reporting}) are handed, as typed, to the reader of
 * {@code iobench fio}'s command line ({@link FioArguments}), and the job runs as a job file does under
 * {@code iobench run}: iobench's text, the store, findings, scratch files removed. One reading of fio's options,
 * never a second meaning: iobench's own job options that fio does not have ({@code --threads}, {@code --mix},
 * {@code --time}...) are refused rather than mixed in; {@code --allow-overwrite}, {@code --keep}, {@code --runs}
 * and {@code --drop-cache} apply as to a job file. TARGET, when given, is fio's {@code --filename} (a directory:
 * {@code --directory}); a job without {@code --name} is named {@code job}.
 */
final class FioRunLine {
    /** The options of {@code run} that are fio's, with fio's meaning, in fio's spelling. */
    static final Set<String> FIO_NAMES = Set.of("--name", "--rw", "--bs", "--size", "--offset", "--iodepth",
            "--direct", "--ioengine", "--runtime", "--time_based", "--numjobs", "--filename", "--group_reporting");
    /** The fio options that make {@code run}'s command line a fio job. */
    static final List<String> TRIGGERS = List.of("--filename", "--numjobs", "--group_reporting");
    /** iobench's job options that apply to a fio job as they do to a job file. */
    private static final Set<String> APPLIED = Set.of("--allow-overwrite", "--keep", "--runs", "--drop-cache");
    /** The job name fio needs and the command line did not give. */
    static final String DEFAULT_NAME = "job";

    private FioRunLine() {}

    /** Whether the command line is a fio job (one of {@link #TRIGGERS} was given). */
    static boolean applies(ParseResult parsed) {
        return TRIGGERS.stream().anyMatch(parsed::hasMatchedOption);
    }

    /**
     * fio's arguments of the command line, in the order typed; {@code value} maps each value (a cluster puts the
     * first host's name in).
     *
     * @throws ExitException (usage) an iobench job option fio does not have, or TARGET beside {@code --filename}
     */
    static List<String> fioArguments(CommandSpec run, ParseResult parsed, Path target, UnaryOperator<String> value) {
        Set<String> iobenchJobOptions = new HashSet<>();
        for (CommandSpec mixin : List.of(run.mixins().get("job"), run.mixins().get("fio"))) {
            mixin.options().forEach(o -> iobenchJobOptions.add(o.longestName()));
        }
        iobenchJobOptions.add("--lenient");
        List<String> named = new ArrayList<>();
        List<String> options = new ArrayList<>();
        for (OptionSpec o : parsed.matchedOptions()) {
            String name = o.longestName();
            if (FIO_NAMES.contains(name)) {
                List<String> values = parsed.matchedOption(name).originalStringValues();
                List<String> into = name.equals("--name") ? named : options;
                if (values.isEmpty()) { // a flag (--group_reporting, --time_based) or a bare --direct
                    into.add(name.equals("--direct") ? "--direct=1" : name);
                }
                for (String v : values) {
                    into.add(name + "=" + value.apply(v));
                }
            } else if (iobenchJobOptions.contains(name) && !APPLIED.contains(name)) {
                throw ExitException.usage(name + ": not a fio option; with " + String.join(", ", TRIGGERS)
                        + " the command line is a fio job (fio's --name, --rw, --bs, --size, --offset, --iodepth,"
                        + " --direct, --ioengine, --runtime, --time_based and iobench's --allow-overwrite, --keep,"
                        + " --runs, --drop-cache; more of fio's options: a job file or iobench fio)");
            }
        }
        if (target != null) {
            if (parsed.hasMatchedOption("--filename")) {
                throw ExitException.usage("TARGET " + target + ": and --filename both name the file; give one");
            }
            String t = value.apply(target.toString());
            options.add(Files.isDirectory(Path.of(t)) ? "--directory=" + t : "--filename=" + t);
        }
        List<String> args = new ArrayList<>();
        args.add(named.isEmpty() ? "--name=" + DEFAULT_NAME : named.getFirst());
        args.addAll(options);
        return args;
    }

    /** The jobs of fio's arguments as a job file under {@code iobench run}; {@link JobFileRun} applies its options. */
    static JobFile jobs(List<String> fioArguments, JobFileRun run, PrintStream err) {
        FioArguments fio = FioArguments.parse(fioArguments);
        JobFile jobs = FioInvocation.read(fio, ThisMachine.fioHost(), path -> {
            throw new InvalidJobException("a fio job on iobench run's command line reads no job file (" + path + ")");
        }).jobs();
        return run.withCommandLine(jobs, err);
    }
}
