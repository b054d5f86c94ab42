package org.iobench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.iobench.job.Dialect;
import org.iobench.job.JobSpec;
import org.iobench.job.Suites;
import org.iobench.report.SuiteText;
import org.iobench.report.Units;
import org.iobench.session.ExitException;
import org.iobench.session.Scratch;
import org.iobench.session.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine;

/**
 * {@code iobench}: with no subcommand, the quick suite on a scratch file in the current directory (about 20-30 s:
 * sequential write with fdatasync, sequential read from the device, 4 KiB random read and write). Its subcommands
 * are listed in {@link Subcommands} and added only when a command line needs them.
 */
@Command(name = "iobench", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Storage I/O benchmark and comparison workbench.",
                "Without a command: a quick suite (about 20-30 s) on a scratch file in the current directory."},
        footer = {"%niobench help COMMAND shows a command's options; man iobench has them all. An option given"
                + " before a command is the command's (iobench --db F import X is iobench import --db F X)."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:success",
            "1:an I/O failure during the work (partial results printed and marked incomplete), results that could"
                    + " not be saved or written, a bad block found by --verify; also a query that found nothing",
            "2:bad input found before any work: an invalid option or value, an unusable output file, a missing or"
                    + " unreadable input file or database, a target device or file in use",
            "3:iobench check found a workload significantly worse than --max-regression",
            "4:an internal error (a bug); --debug shows where it happened",
            "130:interrupted by SIGINT (Ctrl-C): partial results printed and stored, marked incomplete",
            "143:SIGTERM, as SIGINT",
            "129:SIGHUP, as SIGINT"})
public final class IobenchCommand implements Callable<Integer> {
    static final long QUICK_SIZE = 1L << 30;
    static final long QUICK_MIN_SIZE = 64L << 20;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "print stack traces of errors")
    boolean debug;

    @Option(names = "--size", paramLabel = "SIZE", converter = Converters.Size.class,
            description = "quick suite: size of the scratch file (default: 1 GiB, or a quarter of the free space"
                    + " when that is less, at least 64 MiB); a multiple of 1 MiB")
    Long size;

    @Mixin
    RunOutputs outputs = new RunOutputs();

    /** Whether {@code --debug} was given, from any subcommand's spec. */
    static boolean debug(CommandLine.Model.CommandSpec spec) {
        return spec.root().userObject() instanceof IobenchCommand root && root.debug;
    }

    @Override
    public Integer call() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        long free = Files.getFileStore(dir).getUsableSpace();
        long size = this.size != null ? checkedSize(this.size, dir, free)
                : Math.min(QUICK_SIZE, (free / 4) & ~((1L << 20) - 1));
        if (size < QUICK_MIN_SIZE && this.size == null) {
            throw ExitException.usage("the current directory " + dir + " has "
                    + Units.sizeBinary(free) + " free; the quick suite needs at least "
                    + Units.sizeBinary(QUICK_MIN_SIZE * 4) + " (or give a smaller --size)");
        }
        Path file = Scratch.name(dir, "quick");
        Session session = outputs.session().speaking(Dialect.SUITE);
        boolean direct = Scratch.directSupported(dir);
        List<JobSpec> jobs = Suites.quick(file, size, direct);
        return Scratch.around(file, () -> session.acknowledging(Suites.quickDeliberate()).run(jobs,
                results -> SuiteText.print("iobench quick suite (" + Units.sizeBinary(size) + " scratch file"
                        + (direct ? "" : "; O_DIRECT refused here, random jobs buffered with cache dropped")
                        + ")", results, outputs.out())));
    }

    private static long checkedSize(long bytes, Path dir, long free) {
        if (bytes < 1 << 20 || bytes % (1 << 20) != 0) {
            throw new ExitException(ExitException.USAGE, "--size " + bytes + ": the quick suite writes 1 MiB blocks;"
                    + " give a positive multiple of 1 MiB (e.g. 64m)");
        }
        if (bytes > free) {
            throw new ExitException(ExitException.USAGE, "--size " + Units.sizeBinary(bytes) + ": more than the "
                    + Units.sizeBinary(free) + " free in " + dir);
        }
        return bytes;
    }
}
