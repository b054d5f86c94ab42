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
 * Measures each variant in fresh JVMs ({@code java -cp <class path> org.iobench.micro.ForkMain ...}), one after
 * another, so no variant runs with a JIT profile another variant shaped. Results come back as lines on the fork's
 * standard output (see {@link ForkMain}); its other output goes to this JVM's standard error.
 */
final class Forker {

    private Forker() {
    }

    static List<Measurement> measure(SuiteOrigin origin, String suiteName, List<String> variantNames, Settings s,
                                     RunOptions options) {
        String classpath = options.forkClasspath() != null
                ? options.forkClasspath() : System.getProperty("java.class.path");
        List<Measurement> out = new ArrayList<>();
        for (String variant : variantNames) {
            List<Double> samples = new ArrayList<>();
            Set<String> warnings = new LinkedHashSet<>();
            long ops = 0;
            for (int f = 1; f <= s.forks(); f++) {
                List<String> cmd = new ArrayList<>();
                cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
                cmd.addAll(options.forkJvmArgs());
                cmd.addAll(List.of("-cp", classpath, ForkMain.class.getName(),
                        origin.className(), origin.member(), Integer.toString(origin.index()), variant));
                cmd.addAll(ForkMain.encode(s.withForks(0)));
                ForkMain.Reply reply = run(cmd, suiteName, variant, f);
                samples.addAll(reply.samplesNanosPerOp());
                warnings.addAll(reply.warnings());
                ops = ops == 0 ? reply.opsPerSample() : ops;
            }
            out.add(new Measurement(variant, ops, samples, List.copyOf(warnings)));
        }
        return out;
    }

    private static ForkMain.Reply run(List<String> cmd, String suiteName, String variant, int fork) {
        String what = "forked JVM " + fork + " for suite '" + suiteName + "' variant '" + variant + "'";
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
            if (status != 0 || reply.error() != null) {
                throw new IllegalStateException(what + " failed (exit status " + status + ")"
                        + (reply.error() != null ? ": " + reply.error() : "; see its error output above"));
            }
            return reply;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + what + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + what, e);
        }
    }
}
