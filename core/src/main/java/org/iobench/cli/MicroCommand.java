package org.iobench.cli;

import java.io.File;
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
import org.iobench.micro.RunOptions;
import org.iobench.micro.RunReport;
import org.iobench.micro.SuiteRunner;
import org.iobench.micro.VariantMismatchException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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

    @Option(names = "--json", paramLabel = "FILE", description = "also write all results as JSON (for iobench import)")
    Path json;

    @Option(names = "--samples", paramLabel = "N", description = "measured samples per variant (default: the suite's)")
    Integer samples;

    @Option(names = "--sample-time", paramLabel = "DURATION", converter = Converters.Duration.class,
            description = "target length of one sample, e.g. 10ms (default: the suite's)")
    Long sampleTimeNanos;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = Converters.Duration.class,
            description = "cap on each suite's warm-up, e.g. 2s; 0 skips it (default: the suite's)")
    Long warmupNanos;

    @Option(names = "--fork", paramLabel = "N", description = "run each variant alone in N fresh JVMs")
    Integer fork;

    @Option(names = "--same-jvm", description = "run all suites in this JVM instead of a fresh JVM per suite")
    boolean sameJvm;

    @Option(names = "--filter", paramLabel = "REGEX", description = "only suites whose name contains a match")
    String filter;

    @Override
    public Integer call() throws Exception {
        RunOptions options = options();
        List<RunReport> reports = new ArrayList<>();
        PrintStream out = System.out;
        try (URLClassLoader loader = new URLClassLoader("iobench-micro", urls(), getClass().getClassLoader())) {
            for (String c : classes) {
                reports.add(run(c, loader, options, out));
            }
        }
        if (json != null) {
            try {
                SuiteRunner.writeJson(SuiteRunner.merge(reports), json);
            } catch (RuntimeException e) {
                throw new ExitException(ExitException.IO_FAILURE, "--json " + json + ": " + e.getMessage());
            }
            out.println("wrote " + json);
        }
        out.flush();
        return 0;
    }

    private static RunReport run(String className, ClassLoader loader, RunOptions options, PrintStream out) {
        try {
            return SuiteRunner.runClass(className, loader, options, out);
        } catch (VariantMismatchException e) {
            throw new ExitException(ExitException.IO_FAILURE, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.USAGE, e.getMessage());
        } catch (RuntimeException e) {
            // a variant threw, or a forked JVM failed: the suite did not run
            throw new ExitException(ExitException.IO_FAILURE, className + ": " + e.getMessage());
        }
    }

    private RunOptions options() {
        RunOptions o = RunOptions.defaults().isolateSuites(!sameJvm);
        if (samples != null) {
            requirePositive("--samples", samples);
            o = o.samples(samples);
        }
        if (sampleTimeNanos != null) {
            requirePositive("--sample-time", sampleTimeNanos);
            o = o.sampleTime(Duration.ofNanos(sampleTimeNanos));
        }
        if (warmupNanos != null) {
            o = o.warmup(Duration.ofNanos(warmupNanos));
        }
        if (fork != null) {
            if (fork < 0) {
                throw new ExitException(ExitException.USAGE, "--fork " + fork + ": must be 0 or more");
            }
            o = o.fork(fork);
        }
        if (filter != null) {
            try {
                Pattern.compile(filter);
            } catch (PatternSyntaxException e) {
                throw new ExitException(ExitException.USAGE, "--filter " + filter + ": not a regular expression: "
                        + e.getDescription());
            }
            o = o.suiteFilter(filter);
        }
        return o;
    }

    private static void requirePositive(String option, long value) {
        if (value <= 0) {
            throw new ExitException(ExitException.USAGE, option + " " + value + ": must be more than 0");
        }
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
                throw new ExitException(ExitException.USAGE, "--cp: no such jar or directory: " + entry);
            }
            try {
                urls.add(p.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new ExitException(ExitException.USAGE, "--cp: " + entry + ": " + e.getMessage());
            }
        }
        return urls.toArray(URL[]::new);
    }
}
