package org.iobench.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.iobench.format.Format;
import org.iobench.micro.MicroJson;
import org.iobench.report.JsonReportReader;
import org.iobench.report.RunFormats;
import org.iobench.micro.RunOptions;
import org.iobench.micro.RunReport;
import org.iobench.micro.SuiteRunner;
import org.iobench.micro.SuitesCutShortException;
import org.iobench.micro.VariantMismatchException;
import org.iobench.session.ExitException;
import org.iobench.store.NewMicroRun;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreException;
import org.iobench.store.StoreLocation;
import org.iobench.store.micro.MicroImport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code iobench micro CLASS... --cp JAR[:JAR...]}: runs the code-variant suites the classes define (docs/micro.md),
 * prints one table per suite and with {@code --json} writes all of them to one file that {@code iobench import}
 * stores. Exit status 0 when every suite ran, 1 when a variant returned a wrong result or failed, 2 on bad usage
 * (missing jar, unknown class, no suite).
 */
@Command(name = "micro", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Time code variants that compute the same result (the Suite API, docs/micro.md):"
                + " one table per suite, each variant's ns/op and ratio to the fastest.",
                "By default each suite runs, variants interleaved, in a fresh JVM of its own."})
final class MicroCommand implements Callable<Integer> {
    @Parameters(paramLabel = "CLASS", arity = "1..*",
            description = "classes defining suites (public static methods returning Suite, or a SuiteProvider)")
    List<String> classes;

    @Option(names = "--cp", paramLabel = "JAR[:JAR...]",
            description = "jars or class directories holding the classes, separated by ':'")
    String classpath;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text (default) or json: the results on stdout"
            + " (with json, the tables go to stderr); with -o FILE, FILE gets the JSON report (for iobench import) and"
            + " stdout the tables")
    String format;

    @Mixin
    Output output = new Output();

    @Mixin
    StoreOptions store = new StoreOptions();

    @Option(names = "--json", paramLabel = "FILE", hidden = true, description = "deprecated: -o FILE")
    String deprecatedJson;

    @Option(names = "--samples", paramLabel = "N", converter = Converters.Count.class, description = "measured samples per variant (default: the suite's)")
    Integer samples;

    @Option(names = "--sample-time", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "target length of one sample, e.g. 10ms (default: the suite's)")
    Long sampleTimeNanos;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = Converters.Duration.class,
            description = "cap on each suite's warm-up, e.g. 2s; 0 skips it (default: the suite's)")
    Long warmupNanos;

    @Option(names = "--fork", paramLabel = "N", converter = Converters.CountOrZero.class, description = "run each variant alone in N fresh JVMs")
    Integer fork;

    @Option(names = "--same-jvm", description = "run all suites in this JVM instead of a fresh JVM per suite")
    boolean sameJvm;

    @Option(names = "--filter", paramLabel = "REGEX", description = "only suites whose name contains a match")
    String filter;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        RunOptions options = options();
        store.check();
        Output.Choice choice = output.choose(OutputOptions.formats("micro", List.of(RunFormats.JSON)), format,
                deprecatedJson == null ? null
                : new Output.Deprecated("--json", deprecatedJson, Format.JSON), spec.commandLine().getErr());
        List<RunReport> reports = new ArrayList<>();
        boolean jsonOnStdout = choice.is(Format.JSON) && choice.toStdout();
        PrintStream tables = jsonOnStdout ? Streams.err(spec) : Streams.out(spec);
        ExitException failure = null; // a later suite's: reported after what finished is written and saved
        try (URLClassLoader loader = new URLClassLoader("iobench-micro", urls(), getClass().getClassLoader())) {
            for (String c : classes) {
                try {
                    reports.add(run(c, loader, options, tables));
                } catch (SuitesCutShortException e) {
                    reports.add(e.finished());
                    failure = failure(c, e.failure());
                } catch (ExitException e) {
                    if (reports.isEmpty() || e.status() == ExitException.USAGE) {
                        throw e;
                    }
                    failure = e;
                }
                if (failure != null) {
                    break;
                }
            }
        }
        if (reports.isEmpty()) {
            throw failure;
        }
        if (!store.noStore) {
            save(SuiteRunner.merge(reports), Streams.err(spec));
        }
        if (choice.is(Format.JSON)) {
            choice.write(MicroJson.toJson(SuiteRunner.merge(reports)), spec.commandLine().getOut());
            if (!jsonOnStdout) {
                tables.println("wrote " + choice.file().path());
            }
        }
        tables.flush();
        if (failure != null) {
            throw failure;
        }
        return 0;
    }

    /**
     * Saves every variant of {@code report} as a run (as {@code iobench import} of its JSON would) and says which;
     * the stored samples, mean and document are the report's.
     */
    private void save(RunReport report, PrintStream err) {
        List<NewMicroRun> runs;
        try {
            runs = MicroImport.read(
                    JsonReportReader.tree(MicroJson.toJson(report)), store.labelMap(), store.note);
        } catch (IOException e) {
            throw new IllegalStateException("the micro report did not read back: " + e.getMessage(), e);
        }
        try (ResultStore s = store.db.openForSaving()) {
            ResultStore.Saved saved = s.saveAll(runs, null);
            List<Long> ids = saved.ids();
            err.println("iobench: saved as run" + (ids.size() == 1 ? " " : "s ") + String.join(", ",
                    ids.stream().map(String::valueOf).toList()) + " in "
                    + StoreLocation.describe(s.url()) + " (one per suite and variant;"
                    + " iobench show ID; --no-store to skip)");
            String warning = ResultStore.changePointsWarning(saved);
            if (warning != null) {
                err.println(warning);
            }
        } catch (StoreException e) {
            throw new StoreException("the results above were not saved: " + e.getMessage(), e);
        }
    }

    private static RunReport run(String className, ClassLoader loader, RunOptions options, PrintStream out) {
        try {
            return SuiteRunner.runClass(className, loader, options, out);
        } catch (SuitesCutShortException e) {
            throw e;
        } catch (RuntimeException e) {
            throw failure(className, e);
        }
    }

    private static ExitException failure(String className, RuntimeException e) {
        if (e instanceof VariantMismatchException) {
            return new ExitException(ExitException.IO_FAILURE, e.getMessage(), e);
        }
        if (e instanceof IllegalArgumentException) {
            return new ExitException(ExitException.USAGE, e.getMessage(), e);
        }
        // a variant threw, or a forked JVM failed: the suite did not run
        return new ExitException(ExitException.IO_FAILURE, className + ": " + e.getMessage(), e);
    }

    private RunOptions options() {
        RunOptions o = RunOptions.defaults().isolateSuites(!sameJvm);
        if (samples != null) {
            o = o.samples(samples);
        }
        if (sampleTimeNanos != null) {
            o = o.sampleTime(Duration.ofNanos(sampleTimeNanos));
        }
        if (warmupNanos != null) {
            o = o.warmup(Duration.ofNanos(warmupNanos));
        }
        if (fork != null) {
            o = o.fork(fork);
        }
        if (filter != null) {
            try {
                Pattern.compile(filter);
            } catch (PatternSyntaxException e) {
                throw ExitException.usage("--filter " + filter + ": not a regular expression: "
                        + e.getDescription());
            }
            o = o.suiteFilter(filter);
        }
        return o;
    }

    /** The --cp entries as URLs; each must exist, so a typo fails here and not as "class not found". */
    private URL[] urls() {
        if (classpath == null || classpath.isBlank()) {
            return new URL[0];
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path p = Path.of(entry).toAbsolutePath();
            if (!Files.exists(p)) {
                throw ExitException.usage("--cp: no such jar or directory: " + entry);
            }
            try {
                urls.add(p.toUri().toURL());
            } catch (MalformedURLException e) {
                throw ExitException.usage("--cp: " + entry + ": " + e.getMessage());
            }
        }
        return urls.toArray(URL[]::new);
    }
}
