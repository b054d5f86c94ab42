package org.iobench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.iobench.cluster.AllowList;
import org.iobench.cluster.JobHandler;
import org.iobench.cluster.JobRequest;
import org.iobench.cluster.ProgramList;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.report.JsonReport;
import org.iobench.result.BenchmarkResult;
import org.iobench.session.AgentHost;
import org.iobench.session.EngineChecks;
import org.iobench.session.ExitException;
import org.iobench.session.Session;
import org.iobench.sysmon.env.EnvironmentProbe;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * The agent's side of the command line: a job from a controller is parsed by the same picocli commands as a local
 * {@code iobench run} or {@code suite}, with only their job options allowed (nothing that writes output files or a
 * database on the agent), and every target and source checked against {@code --allow}; it then runs through the
 * same {@link Session} as a local run, on an {@link AgentHost} handed to the command.
 */
final class AgentJobs implements JobHandler {
    private static final Set<String> COMMANDS = Set.of("run", "suite");
    private static final Path DEV_ZERO = Path.of("/dev/zero");

    private final AllowList allow;
    private final boolean allowOverwrite;
    private final ProgramList programs;

    AgentJobs(AllowList allow, boolean allowOverwrite, ProgramList programs) {
        this.allow = allow;
        this.allowOverwrite = allowOverwrite;
        this.programs = programs;
    }

    /**
     * Parses and checks a job once, in the background, without running it: a fresh agent's first check otherwise
     * builds every command's options and loads the job classes while the controller waits (on a loaded machine
     * with many agents, longer than the controller waits for an answer).
     */
    void warmUp() {
        Thread.ofPlatform().daemon().name("iobench-agent-warm-up").priority(Thread.MIN_PRIORITY).start(() -> {
            try {
                check(new JobRequest("warm-up", "run", List.of("--rw", "randread", "--bs", "4k", "--size", "4k",
                        "/nonexistent/iobench-warm-up/{host}"), null, null));
            } catch (RuntimeException e) {
                // refused (outside --allow): the classes are loaded all the same
            }
        });
    }

    @Override
    public Checked check(JobRequest request) {
        if (!COMMANDS.contains(request.command())) {
            throw new Refusal(ExitException.USAGE, "'" + request.command() + "' is not run by agents (run, suite)");
        }
        List<String> args = new ArrayList<>();
        args.add(request.command());
        args.addAll(request.expandedArgs());
        CommandLine cl = Main.commandLine();
        ParseResult parsed;
        try {
            parsed = cl.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new Refusal(ExitException.USAGE, e.getMessage());
        }
        ParseResult sub = parsed.subcommand();
        if (sub == null) {
            throw new Refusal(ExitException.USAGE, "no command given");
        }
        Set<String> allowed = jobOptionNames(sub.commandSpec());
        for (OptionSpec o : sub.matchedOptions()) {
            if (!allowed.contains(o.longestName())) {
                throw new Refusal(ExitException.USAGE, o.longestName() + ": not an option agents take (only the"
                        + " job's options travel; output and store options apply on the controller)");
            }
        }
        Object command = sub.commandSpec().userObject();
        try {
            return switch (command) {
                case RunCommand run -> checkRun(run, request);
                case SuiteCommand suite -> checkSuite(suite);
                default -> throw new Refusal(ExitException.USAGE, "not a command agents run");
            };
        } catch (InvalidJobException e) {
            throw new Refusal(ExitException.USAGE, e.getMessage());
        } catch (ExitException e) {
            throw new Refusal(e.status(), e.getMessage());
        }
    }

    /** The options of {@code command} that describe the job: all but output, store, cluster and help options. */
    static Set<String> jobOptionNames(CommandLine.Model.CommandSpec command) {
        Set<String> excluded = new HashSet<>();
        for (Object mixin : List.of(new RunOutputs(), new ClusterOptions())) {
            CommandLine.Model.CommandSpec.forAnnotatedObject(mixin).options()
                    .forEach(o -> excluded.add(o.longestName()));
        }
        excluded.addAll(List.of("--debug", "--help", "--version"));
        Set<String> names = new HashSet<>();
        command.options().forEach(o -> names.add(o.longestName()));
        names.removeAll(excluded);
        return names;
    }

    private Checked checkRun(RunCommand run, JobRequest request) {
        List<List<JobSpec>> stages;
        if (request.jobFileText() != null) {
            String name = request.jobFileName() != null ? request.jobFileName() : "job file";
            JobFileRun file = new JobFileRun(run.job, run.fio, run.lenient);
            org.iobench.job.JobFile jobs = file.jobs(name, request.expand(request.jobFileText()),
                    run.outputs.err());
            jobs.stages().forEach(stage -> stage.forEach(this::vet));
            org.iobench.session.MachineBounds.checkStages(jobs.stages());
            return (control, listener) -> execute(control, listener, run.outputs, () -> run.outputs.session()
                    .asTests(JobFileRun.origin(jobs)).sharingFiles().runStages(jobs.stages(),
                            results -> JobFileRun.print(jobs, results, run.outputs.out(), run.outputs.monitor.vmstat)));
        }
        if (run.target.getFileName() != null && run.target.getFileName().toString().endsWith(".fio")) {
            throw new Refusal(ExitException.USAGE, run.target + ": job files are read on the controller and sent"
                    + " with the job; this one came without its text");
        }
        stages = run.job.toSpecs(run.target, run.fio).stream().map(List::of).toList();
        stages.forEach(stage -> stage.forEach(this::vet));
        org.iobench.session.MachineBounds.checkStages(stages);
        return (control, listener) -> execute(control, listener, run.outputs, run::call);
    }

    private Checked checkSuite(SuiteCommand suite) {
        String why = allow.refusal("DIRECTORY", suite.directory);
        if (why != null) {
            throw new Refusal(ExitException.USAGE, why);
        }
        if (!Files.isDirectory(suite.directory)) {
            throw new Refusal(ExitException.USAGE, "DIRECTORY " + suite.directory + ": not a directory on this host");
        }
        return (control, listener) -> execute(control, listener, suite.outputs, suite::call);
    }

    /**
     * Checks one job: its paths lie under {@code --allow}, writing over data was consented to here, and a program it
     * starts (the exec engine) is one of {@code --allow-exec}, its output files (fio's std_redirect) under
     * {@code --allow}, as are its I/O logs (fio's write_*_log, written beside their prefix).
     */
    JobSpec vet(JobSpec spec) {
        String why = allow.refusal("TARGET", spec.target());
        if (why == null && spec.copy().source() != null && !spec.copy().source().equals(DEV_ZERO)) {
            why = allow.refusal("--source", spec.copy().source());
        }
        if (why == null && spec.program() != null) {
            why = programs.refusal(spec.program().command().getFirst());
            if (why == null && spec.program().redirect()) {
                why = allow.refusal("the exec engine's std_redirect (" + spec.name() + ".stdout and .stderr in the"
                        + " agent's working directory)", Path.of("").toAbsolutePath());
            }
        }
        if (why == null && spec.logs() != null) {
            for (String prefix : java.util.Arrays.asList(spec.logs().bwPrefix(), spec.logs().latPrefix(),
                    spec.logs().iopsPrefix())) {
                if (why == null && prefix != null) {
                    why = allow.refusal("the job's I/O log " + prefix, Path.of(prefix));
                }
            }
        }
        if (why == null && spec.safety().allowOverwrite() && !allowOverwrite) {
            why = "--allow-overwrite: this agent was started without --allow-overwrite; it writes only files it"
                    + " creates (" + spec.target() + ")";
        }
        if (why != null) {
            throw new Refusal(ExitException.USAGE, why);
        }
        EngineChecks.check(spec);
        return spec;
    }

    /** Runs the command's {@code body} on the agent's host, which {@code outputs} hands the command. */
    private Outcome execute(RunControl control, RunListener listener, RunOutputs outputs,
                            java.util.concurrent.Callable<Integer> body) {
        AtomicReference<List<BenchmarkResult>> results = new AtomicReference<>(List.of());
        outputs.hostedBy(new AgentHost(control, listener, this::vet, results::set, outputs.err()));
        int status;
        String message = null;
        try {
            status = body.call();
        } catch (ExitException e) {
            status = e.status();
            message = e.getMessage();
        } catch (Refusal e) {
            status = e.status();
            message = e.getMessage();
        } catch (InvalidJobException e) {
            status = ExitException.USAGE;
            message = e.getMessage();
        } catch (java.io.IOException e) {
            status = ExitException.IO_FAILURE;
            message = e.getMessage();
        } catch (Exception e) {
            status = ExitException.IO_FAILURE;
            message = "internal error on the agent: " + e;
        }
        List<BenchmarkResult> done = results.get();
        List<String> environments = new ArrayList<>();
        EnvironmentProbe probe = EnvironmentProbe.system();
        for (BenchmarkResult b : done) {
            Path target = b.target() != null && b.target().path() != null ? Path.of(b.target().path())
                    : b.job().target();
            environments.add(JsonReport.compact(probe.capture(target, Version.get())));
        }
        String json = JsonReport.write(done, Version.get(), Session.groupsOf(done));
        return new Outcome(status, message, done, json, environments);
    }
}
