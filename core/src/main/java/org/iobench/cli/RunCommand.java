package org.iobench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.iobench.job.JobSpec;
import org.iobench.report.RunText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code iobench run [OPTIONS] TARGET}: one job, possibly repeated. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run one I/O job on a file, a directory (a scratch file inside it) or a block device.")
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TARGET", description = "file, directory or block device")
    Path target;

    @Mixin
    JobOptions job = new JobOptions();

    @Mixin
    OutputOptions output = new OutputOptions();

    @Mixin
    MonitorOptions monitor = new MonitorOptions();

    @Override
    public Integer call() {
        JobSpec spec = job.toSpec(target);
        return new Execution(output, monitor, System.out, System.err).run(List.of(spec),
                results -> results.forEach(b -> RunText.print(b, System.out, monitor.vmstat)));
    }
}
