package org.iobench.micro;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Measures in fresh JVMs ({@code java -cp <class path> org.iobench.micro.ForkMain ...}) so that no code runs with
 * JIT profiles that other code shaped: either each variant alone in n JVMs ({@code fork(n)}), or a whole suite,
 * interleaved, in one JVM of its own ({@link RunOptions#isolateSuites}). Results come back as lines on the fork's
 * standard output (see {@link ForkMain}); its other output goes to this JVM's standard error.
 */
final class Forker {

    private Forker() {
    }

    /** Every variant alone in {@code s.forks()} JVMs, one after another; samples of all forks pooled. */
    static Measurements measureEachVariant(SuiteOrigin origin, String suiteName, List<String> variantNames,
                                           Settings s, RunOptions options) {
        List<Measurement> out = new ArrayList<>();
        Set<String> suiteWarnings = new LinkedHashSet<>();
        for (String variant : variantNames) {
            List<Double> samples = new ArrayList<>();
            Set<String> warnings = new LinkedHashSet<>();
            long ops = 0;
            for (int f = 1; f <= s.forks(); f++) {
                Measurements fork = run(command(origin, variant, s, options),
                        "forked JVM " + f + " for suite '" + suiteName + "' variant '" + variant + "'");
                fork.warnings().forEach(w -> suiteWarnings.add(variant + ": " + w));
                Measurement m = fork.variants().getFirst();
                samples.addAll(m.samplesNanosPerOp());
                warnings.addAll(m.warnings());
                ops = ops == 0 ? m.opsPerSample() : ops;
            }
            out.add(new Measurement(variant, ops, samples, List.copyOf(warnings)));
        }
        return new Measurements(out, List.copyOf(suiteWarnings));
    }

    /** All variants interleaved in one fresh JVM. */
    static Measurements measureSuite(SuiteOrigin origin, String suiteName, Settings s, RunOptions options) {
        return run(command(origin, ForkMain.ALL_VARIANTS, s, options), "fresh JVM for suite '" + suiteName + "'");
    }

    private static List<String> command(SuiteOrigin origin, String variant, Settings s, RunOptions options) {
        String classpath = options.forkClasspath() != null
                ? options.forkClasspath() : System.getProperty("java.class.path");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(options.forkJvmArgs());
        cmd.addAll(List.of("-cp", classpath, ForkMain.class.getName(),
                origin.className(), origin.member(), Integer.toString(origin.index()), variant));
        cmd.addAll(ForkMain.encode(s.withForks(0)));
        return cmd;
    }

    private static Measurements run(List<String> cmd, String what) {
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            p.getOutputStream().close();
            List<String> lines = new ArrayList<>();
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.startsWith(ForkMain.PREFIX)) {
                        lines.add(line);
                    } else {
                        System.err.println(line);
                    }
                }
            }
            int status = p.waitFor();
            ForkMain.Reply reply = ForkMain.parse(lines);
            if (status != 0 || reply.error() != null || reply.measurements().isEmpty()) {
                throw new IllegalStateException(what + " failed (exit status " + status + ")"
                        + (reply.error() != null ? ": " + reply.error() : "; see its error output above"));
            }
            return new Measurements(reply.measurements(), reply.warnings());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + what + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + what, e);
        }
    }
}
