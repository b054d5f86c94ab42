package org.iobench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.iobench.cli.cluster.ClusterRun;
import org.iobench.job.JobFile;
import org.iobench.job.JobSpec;
import org.iobench.report.RunText;
import org.iobench.report.SweepText;
import org.iobench.job.Dialect;
import org.iobench.session.ExitException;
import org.iobench.session.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code iobench run [OPTIONS] TARGET}: one job, possibly repeated; a sweep when {@code --bs}, {@code --threads}
 * or {@code --iodepth} name several values; the jobs of a fio job file when TARGET is an existing {@code .fio}
 * file.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run one I/O job on a file, a directory (a scratch file inside it) or a block device.")
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", description = "file, directory or block device;"
            + " or a fio job file (*.fio); may be left out with --filename (fio's)")
    Path target;

    @CommandLine.Option(names = "--lenient", description = "job files: ignore unsupported options with a"
            + " warning instead of refusing the file")
    boolean lenient;

    @Mixin
    JobOptions job = new JobOptions();

    @Mixin
    FioAliases fio = new FioAliases();

    @Mixin
    RunOutputs outputs = new RunOutputs();

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec command;

    @Override
    public Integer call() throws InterruptedException {
        if (outputs.local() && cluster.active()) {
            return runOnHosts();
        }
        PrintStream out = outputs.out();
        if (target == null && !fioJob()) {
            throw ExitException.usage("TARGET: missing (a file, directory or block device; or a fio job file; fio's"
                    + " --filename names the file too)");
        }
        if (target == null || !JobFileRun.isJobFile(target) && fioJob()) {
            JobFile jobs = FioRunLine.jobs(FioRunLine.fioArguments(command, parsed(), target, v -> v),
                    new JobFileRun(job, fio, lenient), outputs.err());
            return outputs.session().speaking(Dialect.JOB_FILE).asTests(FIO_ORIGIN).sharingFiles()
                    .runStages(jobs.stages(), results -> JobFileRun.print(jobs, results, out, outputs.monitor.vmstat));
        }
        if (JobFileRun.isJobFile(target)) {
            JobFile jobs = new JobFileRun(job, fio, lenient).jobs(target, outputs.err());
            return outputs.session().speaking(Dialect.JOB_FILE).asTests(JobFileRun.origin(jobs)).sharingFiles()
                    .runStages(jobs.stages(), results -> JobFileRun.print(jobs, results, out, outputs.monitor.vmstat));
        }
        List<JobSpec> specs = job.toSpecs(target, fio);
        Session session = outputs.session();
        if (specs.size() > 1) {
            return session.run(specs, results -> SweepText.print(results, out));
        }
        return session.run(specs, results -> results.forEach(b -> RunText.print(b, out, outputs.monitor.vmstat)));
    }

    /** What the tests of a fio job typed on {@code run}'s command line are tests of, for the store's rows. */
    static final String FIO_ORIGIN = "fio command line";

    private boolean fioJob() {
        return FioRunLine.applies(parsed());
    }

    private CommandLine.ParseResult parsed() {
        return command.commandLine().getParseResult();
    }

    /** cluster: checks the job here first (bad input ends the command before any host is contacted). */
    private int runOnHosts() throws InterruptedException {
        ClusterRun cluster = this.cluster.on(outputs, IobenchCommand.debug(command));
        String first = cluster.firstHost();
        String name = null;
        String text = null;
        if (target == null && !fioJob()) {
            throw ExitException.usage("TARGET: missing (a file, directory or block device; or a fio job file; fio's"
                    + " --filename names the file too)");
        }
        if (target == null || !JobFileRun.isJobFile(target) && fioJob()) {
            FioRunLine.jobs(FioRunLine.fioArguments(command, parsed(), target == null ? null
                    : Path.of(cluster.onFirstHost(target.toString())), cluster::onFirstHost),
                    new JobFileRun(job, fio, lenient), outputs.err());
        } else if (JobFileRun.isJobFile(target)) {
            name = target.getFileName().toString();
            text = JobFileRun.read(target);
            new JobFileRun(job, fio, lenient).jobs(name, cluster.onFirstHost(text), outputs.err());
        } else {
            job.toSpecs(Path.of(cluster.onFirstHost(target.toString())), fio);
        }
        return cluster.run(outputs.localHost(), "run", ClusterJobs.shippedArgs(command), name, text);
    }
}
