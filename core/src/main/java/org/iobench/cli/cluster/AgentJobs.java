package org.iobench.cli.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.iobench.session.IobenchVersion;
import org.iobench.session.Session;
import org.iobench.sysmon.env.EnvironmentProbe;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;

/**
 * The agent's side of a job: the command line parses a controller's job ({@link JobParser}) exactly as a local
 * {@code iobench run} or {@code suite}, with only their job options allowed (nothing that writes output files or a
 * database on the agent); here every target and source is checked against {@code --allow}, and the job then runs
 * through the same {@link Session} as a local run, on an {@link AgentHost} handed to the command.
 */
final class AgentJobs implements JobHandler, JobParser.Vetter {
    private static final Set<String> COMMANDS = Set.of("run", "suite");
    private static final Path DEV_ZERO = Path.of("/dev/zero");

    private final AllowList allow;
    private final boolean allowOverwrite;
    private final ProgramList programs;
    private final JobParser parser;

    AgentJobs(AllowList allow, boolean allowOverwrite, ProgramList programs, JobParser parser) {
        this.allow = allow;
        this.allowOverwrite = allowOverwrite;
        this.programs = programs;
        this.parser = parser;
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
        ParsedJob job;
        try {
            job = parser.parse(request.command(), request.expandedArgs(), request.jobFileName(),
                    request.expand(request.jobFileText()), this);
        } catch (InvalidJobException e) {
            throw new Refusal(ExitException.USAGE, e.getMessage());
        } catch (ExitException e) {
            throw new Refusal(e.status(), e.getMessage());
        }
        return (control, listener) -> execute(control, listener, job);
    }

    @Override
    public void vetPath(String what, Path path) {
        String why = allow.refusal(what, path);
        if (why != null) {
            throw new Refusal(ExitException.USAGE, why);
        }
    }

    /**
     * Checks one job: its paths lie under {@code --allow}, writing over data was consented to here, and a program it
     * starts (the exec engine) is one of {@code --allow-exec}, its output files (fio's std_redirect) under
     * {@code --allow}, as are its I/O logs (fio's write_*_log, written beside their prefix).
     */
    @Override
    public JobSpec vet(JobSpec spec) {
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
            for (String prefix : Arrays.asList(spec.logs().bwPrefix(), spec.logs().latPrefix(),
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

    /** Runs the parsed {@code job} on the agent's host. */
    private Outcome execute(RunControl control, RunListener listener, ParsedJob job) {
        AtomicReference<List<BenchmarkResult>> results = new AtomicReference<>(List.of());
        int status;
        String message = null;
        try {
            status = job.runOn(new AgentHost(control, listener, this::vet, results::set, job.err()));
        } catch (ExitException e) {
            status = e.status();
            message = e.getMessage();
        } catch (Refusal e) {
            status = e.status();
            message = e.getMessage();
        } catch (InvalidJobException e) {
            status = ExitException.USAGE;
            message = e.getMessage();
        } catch (IOException e) {
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
            environments.add(JsonReport.compact(probe.capture(target, IobenchVersion.get())));
        }
        String json = JsonReport.write(done, IobenchVersion.get(), Session.groupsOf(done));
        return new Outcome(status, message, done, json, environments);
    }
}
