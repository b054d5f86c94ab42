package org.iobench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.iobench.job.DdJob;
import org.iobench.job.DdOperands;
import org.iobench.job.Dialect;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.report.DdText;
import org.iobench.report.RunText;
import org.iobench.result.BenchmarkResult;
import org.iobench.session.ExitException;
import org.iobench.session.LocalHost;
import org.iobench.session.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code iobench dd if=... of=... [bs= ibs= obs= count= skip= seek= iflag= oflag= conv= status=]}: a dd command
 * line as typed, run through iobench's engine, with dd's closing lines on stderr.
 *
 * <p>Consent: writing to an existing file (which dd truncates unless {@code conv=notrunc}) or to a block device
 * needs {@code --allow-overwrite} or the environment variable {@code IOBENCH_ALLOW_OVERWRITE=1}, so a script's dd
 * line can be reused unchanged once the user has consented for the whole script.
 */
@Command(name = "dd", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a dd command line (GNU dd operands and defaults, bs=512) through iobench;"
                + " prints dd's records and transfer lines on stderr.",
                "if=/dev/zero is a write job, of=/dev/null a read job, anything else a copy. Writing to an existing"
                + " file or a block device needs --allow-overwrite or IOBENCH_ALLOW_OVERWRITE=1."})
final class DdCommand implements Callable<Integer> {
    static final String CONSENT_VARIABLE = "IOBENCH_ALLOW_OVERWRITE";

    @Parameters(paramLabel = "OPERAND", arity = "1..*",
            description = "if=FILE of=FILE bs= ibs= obs= count= skip= seek= iflag= oflag= conv= status=")
    List<String> operands;

    @Option(names = "--allow-overwrite", description = "consent to write to an existing file or a block device")
    boolean allowOverwrite;

    @Option(names = "--engine", paramLabel = "ENGINE", completionCandidates = Candidates.Engines.class,
            description = "I/O engine: ${COMPLETION-CANDIDATES} (default: psync)")
    String engine;

    @Mixin
    RunOutputs outputs = new RunOutputs();

    @Override
    public Integer call() throws IOException {
        DdOperands d = DdOperands.parse(operands);
        LocalHost host = outputs.localHost();
        // status=none asks for dd's silence: the run is still saved, without the line saying where
        Session session = outputs.session(d.status().equals("none") ? host.savingSilently() : host)
                .speaking(Dialect.DD);
        PrintStream err = outputs.err();
        Path in = Path.of(d.input());
        Path out = Path.of(d.output());
        if (!d.readsZero() && !Files.exists(in)) {
            throw ExitException.usage("dd: if=" + d.input() + ": no such file or directory");
        }
        for (Path p : List.of(in, out)) {
            if (Files.isDirectory(p)) {
                throw ExitException.usage("dd: " + (p == in ? "if=" : "of=") + p
                        + ": is a directory");
            }
        }
        if (d.readsZero() && d.countLimitBytes() < 0 && !FileKind.blockDevice(out)) {
            throw ExitException.usage("dd: if=/dev/zero of=" + d.output() + " needs count=:"
                    + " /dev/zero never ends, and on a file dd would write until the filesystem is full");
        }
        long inputBytes = Files.isRegularFile(in) ? Files.size(in) : -1;
        boolean consent = allowOverwrite || "1".equals(System.getenv(CONSENT_VARIABLE));
        JobSpec spec = DdJob.toSpec(d, consent, inputBytes);
        if (engine != null) {
            spec = spec.toBuilder().engine(engine).build();
        }
        JobSpec job = spec;
        try {
            return session.run(List.of(job), results -> print(d, job, results, outputs.monitor.vmstat, err));
        } catch (InvalidJobException e) {
            if (e.getMessage().contains("--allow-overwrite")) {
                // in dd's words: a directory (which run would fill with a file of its own) is refused by dd
                boolean device = FileKind.blockDevice(out);
                throw ExitException.usage("dd: of=" + d.output() + (device
                        ? " is a block device: dd would overwrite it, destroying its data"
                        : " exists: dd would " + (d.has("notrunc") ? "overwrite" : "truncate") + " it")
                        + "; pass --allow-overwrite (or set " + CONSENT_VARIABLE + "=1) to consent"
                        + (device ? "" : ", or name a new file in of="));
            }
            throw e;
        }
    }

    private static void print(DdOperands d, JobSpec job, List<BenchmarkResult> results, boolean vmstat,
                              PrintStream err) {
        for (BenchmarkResult b : results) {
            b.runs().forEach(r -> DdText.lines(d, job.workload().rw(), r).forEach(err::println));
            if (vmstat) {
                b.runs().forEach(r -> DdText.printVmstat(r, err));
            }
            if (!d.status().equals("none")) {
                RunText.printFindings(b, err);
            }
        }
        err.flush();
    }
}
