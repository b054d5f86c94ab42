package org.iobench.cli;

import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.job.Dialect;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFile;
import org.iobench.job.JobSpec;
import org.iobench.job.UnsupportedJobException;
import org.iobench.job.fio.FioArguments;
import org.iobench.job.fio.FioFatalWarnings;
import org.iobench.job.fio.FioInvocation;
import org.iobench.report.fio.FioJson;
import org.iobench.report.fio.FioLogFiles;
import org.iobench.report.fio.FioTerse;
import org.iobench.report.fio.FioText;
import org.iobench.result.BenchmarkResult;
import org.iobench.session.AggregateBandwidthLog;
import org.iobench.session.ExitException;
import org.iobench.session.Failures;
import org.iobench.session.FioStatus;
import org.iobench.session.LocalHost;
import org.iobench.session.Session;
import org.iobench.session.ThisMachine;
import org.iobench.store.DatabaseFiles;
import org.iobench.store.StoreLocation;
import org.iobench.sysmon.DiskUtil;
import org.iobench.sysmon.DiskUtilWatch;
import org.iobench.sysmon.TaskCounters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code iobench fio ARGS...}: a fio 3.33 command line as typed, run by iobench: fio's options, jobs on the command
 * line ({@code --name=...}), job files, and fio's output ({@code --output}, {@code --output-format=normal|json|json+|
 * terse}) and exit statuses (0; 1 for a command line or file fio refuses; the number of jobs that failed; 128 after a
 * signal). What fio would run and iobench cannot honour is refused by name, as a strict job file is, with status 2
 * (iobench's bad input, before any I/O), as is a job iobench refuses to run (an existing file without consent).
 *
 * <p>As fio: the files a job makes are kept ({@code unlink=0}); results are not saved in iobench's store (fio's
 * output is the result; {@code iobench run JOBFILE} keeps them); nothing is printed on stderr but errors. Unlike
 * fio, writing to a file that already exists needs consent, as {@code iobench dd} asks it of a script:
 * {@code IOBENCH_ALLOW_OVERWRITE=1}.
 */
@Command(name = "fio", description = {"Run a fio command line (fio 3.33's options, job files and output formats)"
        + " through iobench.", "iobench fio --name=job --rw=randread --size=16m --filename=/data/f"
        + " --output-format=json; writing to an existing file needs IOBENCH_ALLOW_OVERWRITE=1 (docs/fio.md)."})
final class FioCommand implements Callable<Integer> {
    /** fio's status for a refused command line or job file. */
    static final int FIO_USAGE = 1;
    /** fio's status after a signal stopped the run. */
    static final int FIO_SIGNAL = 128;

    @Parameters(paramLabel = "ARG", arity = "0..*", description = "fio's arguments, as fio takes them")
    List<String> args = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        PrintStream out = Streams.out(spec);
        PrintStream err = Streams.err(spec);
        boolean debug = RunOutputs.debug(spec);
        FioArguments fio = null;
        FioInvocation invocation;
        try {
            fio = FioArguments.parse(args);
            if (fio.version()) {
                out.println(FioJson.FIO_VERSION);
                return 0;
            }
            if (!fio.inflateLogs().isEmpty()) {
                return inflate(fio.inflateLogs(), out, err);
            }
            if (fio.help()) {
                out.print(FioUsage.TEXT);
                return 0;
            }
            if (fio.showCommand()) {
                out.print(FioInvocation.showCommand(fio, ThisMachine.fioHost(), FioCommand::read));
                return 0;
            }
            fio.debugSet().forEach(c -> out.println("fio: set debug option " + c));
            if (fio.debugParse()) { // fio's trace goes to stdout, before anything runs
                FioInvocation.parseTrace(fio, ThisMachine.fioHost(), FioCommand::read).forEach(out::println);
            }
            if (fio.parseOnly()) {
                FioInvocation.check(fio, ThisMachine.fioHost(), FioCommand::read);
                return 0;
            }
            invocation = FioInvocation.read(fio, ThisMachine.fioHost(), FioCommand::read);
        } catch (FioFatalWarnings e) {
            e.errors().forEach(err::println);
            return fatalInfos(fio, e.infos(), out, err);
        } catch (UnsupportedJobException e) {
            err.println(e.getMessage());
            return ExitException.USAGE; // fio would run it; iobench refuses before any I/O
        } catch (InvalidJobException e) {
            err.println(e.getMessage());
            return FIO_USAGE;
        }
        PrintStream report = out;
        if (fio.output().isPresent()) {
            Optional<Path> db = DatabaseFiles.databaseOf(Path.of(fio.output().get()));
            if (db.isPresent()) {
                err.println("fio: output file " + fio.output().get() + " is not replaced: it is (or belongs to) the"
                        + " SQLite database " + db.get() + "; results are data");
                return ExitException.USAGE; // iobench's refusal (fio would write there), before any I/O
            }
            try {
                report = new PrintStream(new FileOutputStream(fio.output().get()), true, StandardCharsets.UTF_8);
            } catch (FileNotFoundException e) {
                err.println("fio: output file open error: " + e.getMessage());
                return FIO_USAGE;
            }
        }
        try {
            return run(fio, invocation, out, report, err, debug);
        } finally {
            if (report != out) {
                report.close();
            }
        }
    }

    /**
     * The {@code log_info} lines of fio's fatal warnings, where fio prints them: with the report (the {@code --output}
     * file, made or truncated as fio's is, else stdout); fio's status 1.
     */
    private static int fatalInfos(FioArguments fio, List<String> infos, PrintStream out, PrintStream err) {
        if (infos.isEmpty()) {
            return FIO_USAGE;
        }
        if (fio.output().isEmpty()) {
            infos.forEach(out::println);
            return FIO_USAGE;
        }
        if (DatabaseFiles.databaseOf(Path.of(fio.output().get())).isPresent()) {
            infos.forEach(err::println); // never over a database: results are data
            return FIO_USAGE;
        }
        try {
            Files.writeString(Path.of(fio.output().get()), String.join("\n", infos) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println("fio: output file open error: " + e.getMessage());
        }
        return FIO_USAGE;
    }

    /**
     * fio's {@code --inflate-log}: each compressed log ({@code log_store_compressed}'s {@code .log.fz}) as its text
     * log on stdout; 1 when one cannot be read, as fio's {@code iolog_file_inflate}.
     */
    private static int inflate(List<String> files, PrintStream out, PrintStream err) {
        for (String f : files) {
            try {
                out.print(FioLogFiles.inflate(Path.of(f)));
            } catch (NoSuchFileException e) {
                err.println("fopen: No such file or directory");
                return FIO_USAGE;
            } catch (IOException e) {
                err.println("fio: failed inflating log " + f + ": " + e.getMessage());
                return FIO_USAGE;
            }
        }
        out.flush();
        return 0;
    }

    private int run(FioArguments fio, FioInvocation invocation, PrintStream out, PrintStream report,
                    PrintStream err, boolean debug) throws InterruptedException {
        JobFile jobs = invocation.jobs();
        jobs.warnings().forEach(w -> out.println("iobench: note: " + w)); // fio's notes go to stdout (log_info)
        boolean consent = "1".equals(System.getenv(DdCommand.CONSENT_VARIABLE));
        List<List<JobSpec>> stages = jobs.stages().stream().map(stage -> stage.stream().map(j -> {
            JobSpec.Builder b = j.toBuilder().keep(true); // fio leaves the files it made (unlink=0)
            return consent ? b.allowOverwrite(true).build() : b.build();
        }).toList()).toList();
        Set<FioArguments.OutputFormat> formats = fio.formats();
        // fio's --bandwidth-log: sampled where fio computes its ETA; the files are written once a run began
        boolean etaShown = fio.etaComputed(ThisMachine.stdoutIsTerminal());
        AggregateBandwidthLog bandwidth = fio.bandwidthLog()
                ? new AggregateBandwidthLog(NanoClock.SYSTEM, etaShown) : null;
        DiskUtilWatch disks = DiskUtilWatch.start(diskFiles(jobs.jobs(), invocation));
        // fio's helper thread: its ETA line on stdout, its full report every --status-interval into the report
        FioStatus status = new FioStatus(NanoClock.SYSTEM, stages.stream().flatMap(List::stream).toList(),
                stages.stream().skip(1).map(List::getFirst).collect(Collectors.toSet()), out,
                new FioStatus.Settings(etaShown, fio.etaIntervalMillis(), fio.etaNewlineMillis(),
                        fio.statusIntervalMillis()),
                (soFar, eta) -> write(fio, invocation, soFar, disks.soFar(), report, eta));
        Runnable header = () -> {
            if (formats.contains(FioArguments.OutputFormat.NORMAL)) {
                header(invocation, report);
            }
            status.start(); // fio's genesis: before the jobs' files are laid out
        };
        // fio's ETA line stands for iobench's progress line: never both
        LocalHost host = new LocalHost(null, null, true, out, err, debug, null).protecting(
                StoreLocation.sqliteFile(StoreLocation.resolve(null, System.getenv(),
                        Path.of(System.getProperty("user.home"))))
                        .map(f -> Map.of(f, "the result database " + f)).orElse(Map.of())).announcing(header)
                .sampling(bandwidth).hearing(status.active() ? status : null);
        if (fio.debugZbd()) { // fio's dprint: its category and the thread's id first, with the report (log_info)
            PrintStream trace = report;
            host.tracingZones(line -> trace.print(String.format(Locale.ROOT, "%-8s %-5d %s%n", "zbd",
                    TaskCounters.currentTid(), line)));
        }
        List<BenchmarkResult> done = new ArrayList<>();
        int exit;
        try {
            exit = new Session(host, 1000).speaking(Dialect.FIO).asTests().sharingFiles().failureEndsStageOnly()
                    .runStages(stages, done::addAll);
        } catch (InvalidJobException e) {
            status.finish();
            disks.stop();
            // iobench's refusal before any I/O (fio would have run it): one line, exit 2
            String m = e.getMessage().contains("pass --allow-overwrite to consent")
                    ? e.getMessage().replace("pass --allow-overwrite to consent", "set " + DdCommand.CONSENT_VARIABLE
                            + "=1 to consent") : e.getMessage();
            err.println("iobench: " + m);
            return ExitException.USAGE;
        } catch (RuntimeException e) {
            status.finish();
            disks.stop();
            finish(bandwidth, err);
            int s = Failures.report(e, err, debug);
            return s == ExitException.USAGE || s == ExitException.INTERNAL ? s : FIO_USAGE;
        }
        status.finish();
        finish(bandwidth, err);
        write(fio, invocation, done, disks.stop(), report, status.atEnd());
        if (exit >= 128 || exit == ExitException.INTERRUPTED) {
            return FIO_SIGNAL;
        }
        if (exit == ExitException.USAGE) {
            return ExitException.USAGE;
        }
        long failed = done.stream().filter(b -> !b.complete()).count();
        return exit == 0 ? 0 : (int) Math.max(1, Math.min(failed, 127));
    }

    /** Writes fio's agg-*_bw.log into the working directory, as fio does, when the runs began. */
    private static void finish(AggregateBandwidthLog bandwidth, PrintStream err) {
        if (bandwidth == null || !bandwidth.started()) {
            return;
        }
        try {
            bandwidth.finish(Path.of(System.getProperty("user.dir")));
        } catch (IOException e) {
            err.println("fopen log: " + e.getMessage()); // fio's flush_log: perror, the run's status unchanged
        }
    }

    /** fio's header: one line per job ({@code ...} for a job's further clones), then fio's version. */
    private static void header(FioInvocation invocation, PrintStream report) {
        List<JobSpec> all = invocation.jobs().jobs();
        for (int i = 0; i < all.size(); i++) {
            var d = invocation.described().get(i);
            boolean clone = i > 0 && d.name().equals(invocation.described().get(i - 1).name());
            boolean firstClone = clone && (i == 1 || !d.name().equals(invocation.described().get(i - 2).name()));
            if (!clone) {
                report.println(FioText.header(all.get(i), d.name(), d.groupId(), d.report()));
            } else if (firstClone) {
                report.println("..."); // fio: one line for a job's further clones
            }
        }
        report.println(FioJson.FIO_VERSION);
    }

    /**
     * The files whose disks fio reports ({@code init_disk_util}): each job's, unless its engine does no disk I/O or the
     * job says {@code disk_util=0}.
     */
    private static List<Path> diskFiles(List<JobSpec> jobs, FioInvocation invocation) {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < jobs.size() && i < invocation.described().size(); i++) {
            JobSpec j = jobs.get(i);
            boolean off = invocation.described().get(i).options().stream()
                    .anyMatch(o -> o.name().equals("disk_util") && o.value().equals("0"));
            if (!off && !j.engine().has(EngineFlag.DISKLESS) && j.target() != null) {
                files.add(j.target());
            }
        }
        return files;
    }

    /** The results in every format asked, in fio's order: terse, JSON, normal. */
    private static void write(FioArguments fio, FioInvocation invocation, List<BenchmarkResult> results,
                              List<DiskUtil> disks, PrintStream report, FioJson.Eta eta) {
        if (results.isEmpty()) {
            return;
        }
        Instant now = Instant.now();
        ZoneId zone = ZoneId.systemDefault();
        Set<FioArguments.OutputFormat> formats = fio.formats();
        if (formats.contains(FioArguments.OutputFormat.TERSE)) {
            report.print(FioTerse.write(results, invocation.described(), fio.terseVersion(), disks));
        }
        if (formats.contains(FioArguments.OutputFormat.JSON)) {
            report.print(FioJson.write(results, invocation.described(), invocation.globalOptions(), now, zone,
                    formats.contains(FioArguments.OutputFormat.JSON_PLUS), disks, eta));
        }
        if (formats.contains(FioArguments.OutputFormat.NORMAL)) {
            report.print(FioText.write(results, invocation.described(), now, zone, ProcessHandle.current().pid(),
                    disks));
        }
        report.flush();
    }

    /** A job file's text; fio's message when it cannot be read. */
    private static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException | RuntimeException e) {
            throw new InvalidJobException("fio: unable to open '" + path + "' job file");
        }
    }
}
