package org.iobench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.iobench.cli.cluster.JobParser;
import org.iobench.cli.cluster.ParsedJob;
import org.iobench.job.JobFile;
import org.iobench.job.JobSpec;
import org.iobench.session.ExitException;
import org.iobench.session.MachineBounds;
import org.iobench.session.RunHost;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * The command line's side of a job on several hosts: the controller ships the job's options as typed
 * ({@link #shippedArgs}), and an agent parses them again with the same picocli commands as a local {@code run} or
 * {@code suite}, refusing every option that is not the job's (output, store and cluster options apply on the
 * controller).
 */
final class ClusterJobs implements JobParser {
    /** The command's job options and positional parameters as typed, for the agents to parse again. */
    static List<String> shippedArgs(CommandSpec command) {
        ParseResult parsed = command.commandLine().getParseResult();
        Set<String> job = jobOptionNames(command);
        List<String> args = new ArrayList<>();
        for (OptionSpec o : parsed.matchedOptions()) {
            if (!job.contains(o.longestName())) {
                continue;
            }
            if (o.arity().max() == 0) {
                args.add(o.longestName());
            } else {
                for (String v : o.originalStringValues()) {
                    args.add(o.longestName());
                    args.add(v);
                }
            }
        }
        for (PositionalParamSpec p : parsed.matchedPositionals()) {
            args.addAll(p.originalStringValues());
        }
        return args;
    }

    /** The options of {@code command} that describe the job: all but output, store, cluster and help options. */
    static Set<String> jobOptionNames(CommandSpec command) {
        Set<String> excluded = new HashSet<>();
        for (Object mixin : List.of(new RunOutputs(), new ClusterOptions())) {
            CommandSpec.forAnnotatedObject(mixin).options().forEach(o -> excluded.add(o.longestName()));
        }
        excluded.addAll(List.of("--debug", "--help", "--version"));
        Set<String> names = new HashSet<>();
        command.options().forEach(o -> names.add(o.longestName()));
        names.removeAll(excluded);
        return names;
    }

    @Override
    public ParsedJob parse(String command, List<String> args, String jobFileName, String jobFileText,
                           Vetter vetter) {
        List<String> line = new ArrayList<>();
        line.add(command);
        line.addAll(args);
        ParseResult parsed;
        try {
            parsed = Main.commandLine().parseArgs(line.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw ExitException.usage(e.getMessage());
        }
        ParseResult sub = parsed.subcommand();
        if (sub == null) {
            throw ExitException.usage("no command given");
        }
        Set<String> allowed = jobOptionNames(sub.commandSpec());
        for (OptionSpec o : sub.matchedOptions()) {
            if (!allowed.contains(o.longestName())) {
                throw ExitException.usage(o.longestName() + ": not an option agents take (only the job's options"
                        + " travel; output and store options apply on the controller)");
            }
        }
        return switch (sub.commandSpec().userObject()) {
            case RunCommand run -> run(run, jobFileName, jobFileText, vetter);
            case SuiteCommand suite -> suite(suite, vetter);
            default -> throw ExitException.usage("not a command agents run");
        };
    }

    private static ParsedJob run(RunCommand run, String jobFileName, String jobFileText, Vetter vetter) {
        if (jobFileText != null) {
            String name = jobFileName != null ? jobFileName : "job file";
            JobFile jobs = new JobFileRun(run.job, run.fio, run.lenient).jobs(name, jobFileText, run.outputs.err());
            jobs.stages().forEach(stage -> stage.forEach(vetter::vet));
            MachineBounds.checkStages(jobs.stages());
            return new Parsed(run.outputs, () -> run.outputs.session().asTests(JobFileRun.origin(jobs))
                    .sharingFiles().runStages(jobs.stages(),
                            results -> JobFileRun.print(jobs, results, run.outputs.out(), run.outputs.monitor.vmstat)));
        }
        if (run.target.getFileName() != null && run.target.getFileName().toString().endsWith(".fio")) {
            throw ExitException.usage(run.target + ": job files are read on the controller and sent with the job;"
                    + " this one came without its text");
        }
        List<List<JobSpec>> stages = run.job.toSpecs(run.target, run.fio).stream().map(List::of).toList();
        stages.forEach(stage -> stage.forEach(vetter::vet));
        MachineBounds.checkStages(stages);
        return new Parsed(run.outputs, run::call);
    }

    private static ParsedJob suite(SuiteCommand suite, Vetter vetter) {
        vetter.vetPath("DIRECTORY", suite.directory);
        if (!Files.isDirectory(suite.directory)) {
            throw ExitException.usage("DIRECTORY " + suite.directory + ": not a directory on this host");
        }
        return new Parsed(suite.outputs, suite::call);
    }

    /** A parsed command: {@code body} runs it once {@code outputs} hold the agent's host. */
    private record Parsed(RunOutputs outputs, Callable<Integer> body) implements ParsedJob {
        @Override
        public int runOn(RunHost host) throws Exception {
            outputs.hostedBy(host);
            return body.call();
        }

        @Override
        public PrintStream err() {
            return outputs.err();
        }
    }
}
