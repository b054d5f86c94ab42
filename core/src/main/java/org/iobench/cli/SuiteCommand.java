package org.iobench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;
import org.iobench.catalog.EngineDescription;
import org.iobench.cli.cluster.ClusterRun;
import org.iobench.job.CrystalSuite;
import org.iobench.job.Dialect;
import org.iobench.job.JobSpec;
import org.iobench.job.KernelDdSuite;
import org.iobench.job.Suites;
import org.iobench.report.CrystalText;
import org.iobench.report.StageTable;
import org.iobench.report.SuiteText;
import org.iobench.report.Units;
import org.iobench.session.EngineChecks;
import org.iobench.session.ExitException;
import org.iobench.session.Scratch;
import org.iobench.session.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code iobench suite NAME DIRECTORY}: a named set of jobs on scratch files in DIRECTORY.
 * <ul>
 *   <li>{@code quick}: the default suite of {@code iobench} without arguments;</li>
 *   <li>{@code crystal}: CrystalDiskMark's SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1, read and write;</li>
 *   <li>{@code kernel-dd}: the dd1 .. dd3-dir matrix of user story 002, parallel writers with a final sync.</li>
 * </ul>
 */
@Command(name = "suite", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a named suite on scratch files in DIRECTORY: quick, crystal, kernel-dd."})
final class SuiteCommand implements Callable<Integer> {
    static final List<String> NAMES = List.of("quick", "crystal", "kernel-dd");

    @Parameters(index = "0", paramLabel = "NAME", completionCandidates = Candidates.Suites.class,
            description = "${COMPLETION-CANDIDATES}")
    String name;

    @Parameters(index = "1", paramLabel = "DIRECTORY", description = "where the scratch files go")
    Path directory;

    @Option(names = "--size", paramLabel = "SIZE", converter = Converters.PositiveSize.class,
            description = "scratch file size (quick, crystal: default 1g) or dd1's size (kernel-dd: default 1g;"
                    + " dd2 writes 2 x half, dd3 3 x a third)")
    Long size;

    @Option(names = "--time", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "crystal: time limit of each test (default 5s); the other suites are size-based")
    Long timeNanos;

    @Option(names = "--runs", paramLabel = "N", converter = Converters.Count.class, description = "repetitions of each test (default 1)")
    Integer runs;

    @Option(names = "--remote", paramLabel = "DIR", description = "kernel-dd: a directory on a second filesystem (an"
            + " NFS mount in the story) for net1 (copy a file from there) and mix3 (one local and two remote writers"
            + " at once)")
    Path remote;

    @Mixin
    RunOutputs outputs = new RunOutputs();

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec command;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (outputs.local() && cluster.active()) {
            if (!NAMES.contains(name)) {
                throw new ExitException(ExitException.USAGE, "suite '" + name + "': unknown (known: "
                        + String.join(", ", NAMES) + ")");
            }
            ClusterRun run = cluster.on(outputs, IobenchCommand.debug(command));
            run.firstHost(); // --hosts checked before the outputs
            return run.run(outputs.localHost(), "suite", ClusterJobs.shippedArgs(command), null,
                    null); // cluster: DIRECTORY is a path on each host
        }
        if (!Files.isDirectory(directory)) {
            throw ExitException.usage("DIRECTORY " + directory + ": not a directory (the suite makes its scratch"
                    + " files there)");
        }
        if (!NAMES.contains(name)) {
            throw ExitException.usage("suite '" + name + "': unknown (known: " + String.join(", ", NAMES) + ")");
        }
        if (remote != null && !name.equals("kernel-dd")) {
            throw ExitException.usage("--remote: applies to the kernel-dd suite (net1 and mix3)");
        }
        if (remote != null && !Files.isDirectory(remote)) {
            throw ExitException.usage("--remote " + remote + ": not a directory (net1 and mix3 write there)");
        }
        if (timeNanos != null && !name.equals("crystal")) {
            throw ExitException.usage("--time: the " + name + " suite's jobs are size-based; --time applies to the"
                    + " crystal suite");
        }
        long bytes = size != null ? size : 1L << 30;
        int n = runs != null ? runs : 1;
        Session session = outputs.session().speaking(Dialect.SUITE).asTests("suite " + name);
        return switch (name) {
            case "quick" -> quick(session, bytes, n);
            case "crystal" -> crystal(session, bytes, n);
            default -> kernelDd(session, bytes, n);
        };
    }

    private int quick(Session session, long bytes, int n) throws IOException {
        Path file = scratch("quick");
        boolean direct = Scratch.directSupported(directory);
        List<JobSpec> jobs = Suites.quick(file, bytes, direct).stream().map(j -> j.toBuilder().runs(n).build())
                .toList();
        return Scratch.around(file, () -> session.acknowledging(Suites.quickDeliberate()).run(jobs,
                results -> SuiteText.print("iobench quick suite ("
                + Units.sizeBinary(bytes) + " scratch file)", results, outputs.out())));
    }

    private int crystal(Session session, long bytes, int n) throws IOException {
        Path file = scratch("crystal");
        boolean direct = Scratch.directSupported(directory);
        EngineDescription deep = EngineChecks.asyncEngine().orElse(null);
        String async = deep == null ? null : deep.name();
        if (deep == null) {
            outputs.err().println("iobench: note: " + EngineChecks.noAsyncNote());
        }
        long time = timeNanos != null ? timeNanos : 5_000_000_000L;
        List<JobSpec> jobs = CrystalSuite.jobs(file, bytes, time, direct, async, n);
        List<String> tests = CrystalSuite.TESTS.stream().map(CrystalSuite.Test::label).toList();
        String title = "iobench crystal suite (" + Units.sizeBinary(bytes) + " scratch file, "
                + (direct ? "O_DIRECT" : "buffered, cache dropped before reads") + ", "
                + (deep != null ? deep.title() + " queue depths"
                : "queue depth as " + EngineChecks.defaultEngine() + " threads") + ")";
        return Scratch.around(file, () -> session.acknowledging(CrystalSuite.deliberate()).run(jobs,
                results -> CrystalText.print(title, tests, results, outputs.out())));
    }

    private int kernelDd(Session session, long bytes, int n) throws IOException {
        List<List<JobSpec>> stages = KernelDdSuite.stages(directory, remote, bytes, n);
        Path source = remote == null ? null : KernelDdSuite.net1Source(remote);
        for (List<JobSpec> stage : stages) {
            for (JobSpec j : stage) {
                if (Files.exists(j.target())) {
                    throw ExitException.usage(j.target() + " exists; the kernel-dd suite writes new files only"
                            + " (remove it or choose another DIRECTORY)");
                }
            }
        }
        if (source != null && Files.exists(source)) {
            throw ExitException.usage("--remote " + remote + ": " + source.getFileName() + " exists; the suite"
                    + " writes net1's source there (remove it or choose another DIR)");
        }
        if (remote == null) {
            outputs.err().println("iobench: net1 and mix3 left out: they need a second filesystem (--remote DIR, an"
                    + " NFS mount in the story)");
        }
        List<Integer> sizes = stages.stream().map(List::size).toList();
        session.acknowledging(KernelDdSuite.deliberate());
        String title = "iobench kernel-dd suite (dd1 writes " + Units.sizeBinary(bytes)
                + " from /dev/zero in 1MiB blocks, final fdatasync inside the time"
                + (remote == null ? "" : "; net1 copies " + Units.sizeBinary(KernelDdSuite.each(bytes, 3)) + " from "
                + remote + ", mix3 writes one third locally and two there") + ")";
        IntSupplier run = () -> session.runStages(stages, results -> StageTable.print(title,
                StageTable.slice(sizes, results), outputs.out()));
        return source == null ? run.getAsInt() : Scratch.aroundColdFile(source, KernelDdSuite.each(bytes, 3), run);
    }

    private Path scratch(String suite) {
        return Scratch.name(directory, suite);
    }

}
