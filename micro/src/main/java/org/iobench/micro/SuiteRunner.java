package org.iobench.micro;

import java.io.File;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds and runs the suites a class defines; the entry point of {@code iobench micro CLASS --cp JAR} and of
 * <pre>
 * java -cp iobench-micro.jar:user.jar org.iobench.micro.SuiteRunner [--json FILE] [--samples N]
 *      [--sample-time-ms N] [--warmup-ms N] [--fork N] [--same-jvm] [--filter REGEX] CLASS...
 * </pre>
 * A class defines suites by public static methods without parameters that return {@link Suite}, {@code Suite[]} or
 * {@code List<Suite>} (run in method-name order), and/or by implementing {@link SuiteProvider}.
 */
public final class SuiteRunner {

    private SuiteRunner() {
    }

    /**
     * Loads {@code className} with {@code loader}, runs every suite it defines that {@code options} select, prints
     * each table to {@code out} as soon as it is done, and returns all results. Unless {@code options} say
     * {@code isolateSuites(false)}, every suite runs in a fresh JVM of its own (see {@link RunOptions}).
     *
     * @throws IllegalArgumentException if the class cannot be loaded or defines no suites
     * @throws VariantMismatchException if a variant's result differs from the expected one (nothing is timed then
     *                                  for that suite) in the class's first suite
     * @throws SuitesCutShortException  when a suite fails after others of the class finished: their results are in
     *                                  it, the failure is its cause
     */
    public static RunReport runClass(String className, ClassLoader loader, RunOptions options, PrintStream out) {
        Instant start = Instant.now();
        RunOptions opts = options.forkClasspath() == null
                ? options.forkClasspath(forkClasspath(loader)) : options;
        List<SuiteResult> results = new ArrayList<>();
        for (Suite<?, ?> suite : suites(className, loader)) {
            if (opts.selects(suite.name())) {
                try {
                    results.add(suite.run(opts, out));
                } catch (RuntimeException e) {
                    if (results.isEmpty()) {
                        throw e;
                    }
                    // the suites that finished are the user's results: handed over with the failure
                    throw new SuitesCutShortException(new RunReport(JvmEnvironment.current(), start, results), e);
                }
                out.println();
            }
        }
        if (results.isEmpty()) {
            throw new IllegalArgumentException("no suite of " + className + " matches --filter '"
                    + opts.suiteFilter() + "'");
        }
        return new RunReport(JvmEnvironment.current(), start, results);
    }

    /** The suites {@code className} defines, without running them (e.g. for a listing). */
    public static List<Suite<?, ?>> suites(String className, ClassLoader loader) {
        Class<?> c;
        try {
            c = Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("cannot load class " + className + ": " + e
                    + " (is its jar on the class path, e.g. --cp JAR?)", e);
        }
        return SuiteDiscovery.discover(c);
    }

    /** Writes {@code report} as JSON (format: docs/micro-json-format.md) to {@code file}. */
    public static void writeJson(RunReport report, Path file) {
        MicroJson.write(report, file);
    }

    /** Several reports (e.g. one per class) as one, with the first one's environment and start. */
    public static RunReport merge(List<RunReport> reports) {
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge: reports is empty");
        }
        List<SuiteResult> all = new ArrayList<>();
        reports.forEach(r -> all.addAll(r.suites()));
        return new RunReport(reports.getFirst().environment(), reports.getFirst().startedAt(), all);
    }

    public static void main(String[] args) {
        System.exit(main(args, System.out, System.err));
    }

    /** @return exit status: 0 done, 1 a suite failed (mismatch, exception), 2 bad usage */
    static int main(String[] args, PrintStream out, PrintStream err) {
        RunOptions opts = RunOptions.defaults();
        Path json = null;
        List<String> classes = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--json" -> json = Path.of(value(args, ++i, a));
                    case "--samples" -> opts = opts.samples(intValue(args, ++i, a));
                    case "--sample-time-ms" -> opts = opts.sampleTime(Duration.ofMillis(intValue(args, ++i, a)));
                    case "--warmup-ms" -> opts = opts.warmup(Duration.ofMillis(intValue(args, ++i, a)));
                    case "--fork" -> opts = opts.fork(intValue(args, ++i, a));
                    case "--filter" -> opts = opts.suiteFilter(value(args, ++i, a));
                    case "--same-jvm" -> opts = opts.isolateSuites(false);
                    case "-h", "--help" -> {
                        out.println(USAGE);
                        return 0;
                    }
                    default -> {
                        if (a.startsWith("-")) {
                            throw new IllegalArgumentException("unknown option: " + a);
                        }
                        classes.add(a);
                    }
                }
            }
            if (classes.isEmpty()) {
                throw new IllegalArgumentException("no CLASS given");
            }
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        try {
            List<RunReport> reports = new ArrayList<>();
            for (String c : classes) {
                reports.add(runClass(c, SuiteRunner.class.getClassLoader(), opts, out));
            }
            if (json != null) {
                writeJson(merge(reports), json);
                out.println("wrote " + json);
            }
            return 0;
        } catch (RuntimeException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
    }

    private static final String USAGE = "usage: java -cp iobench-micro.jar:YOUR.jar org.iobench.micro.SuiteRunner"
            + " [--json FILE] [--samples N] [--sample-time-ms N] [--warmup-ms N] [--fork N] [--same-jvm]"
            + " [--filter REGEX] CLASS...\n  --fork N    each variant alone in N fresh JVMs (default 0: interleaved)"
            + "\n  --same-jvm run suites in this JVM instead of a fresh JVM per suite";

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + ": missing value");
        }
        return args[i];
    }

    private static int intValue(String[] args, int i, String option) {
        String v = value(args, i, option);
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": '" + v + "' is not a whole number");
        }
    }

    /** This JVM's class path plus the file URLs of {@code loader} and its parents, for forked JVMs. */
    static String forkClasspath(ClassLoader loader) {
        List<String> entries = new ArrayList<>();
        for (ClassLoader l = loader; l != null; l = l.getParent()) {
            if (l instanceof URLClassLoader u) {
                for (URL url : u.getURLs()) {
                    if ("file".equals(url.getProtocol())) {
                        try {
                            entries.add(Path.of(url.toURI()).toString());
                        } catch (URISyntaxException | IllegalArgumentException e) {
                            // not a plain file: a forked JVM could not use it either
                        }
                    }
                }
            }
        }
        String own = System.getProperty("java.class.path", "");
        if (!own.isEmpty()) {
            entries.add(own);
        }
        return String.join(File.pathSeparator, entries);
    }
}
