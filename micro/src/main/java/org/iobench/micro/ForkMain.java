package org.iobench.micro;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Entry point of a forked JVM: makes the suite again, measures one variant, and prints one line per fact:
 * <pre>
 * #iobench-micro-fork ops 12345
 * #iobench-micro-fork sample 81.25
 * #iobench-micro-fork warning wide spread: ...
 * #iobench-micro-fork error suite 'x': variant 'y' returned 1 but expected 2
 * </pre>
 * Arguments: {@code CLASS MEMBER INDEX VARIANT key=value...} (see {@link #encode}). Not an API.
 */
public final class ForkMain {

    static final String PREFIX = "#iobench-micro-fork ";

    private ForkMain() {
    }

    /** What a fork said; {@code error} is null when it succeeded. */
    record Reply(long opsPerSample, List<Double> samplesNanosPerOp, List<String> warnings, String error) {
    }

    public static void main(String[] args) {
        try {
            if (args.length < 4) {
                throw new IllegalArgumentException("usage: ForkMain CLASS MEMBER INDEX VARIANT key=value...");
            }
            SuiteOrigin origin = new SuiteOrigin(args[0], args[1], Integer.parseInt(args[2]));
            Settings settings = decode(List.of(args).subList(4, args.length));
            Class<?> c = Class.forName(origin.className(), true, ClassLoader.getSystemClassLoader());
            Suite<?, ?> suite = SuiteDiscovery.discover(c).stream()
                    .filter(s -> origin.equals(s.origin())).findFirst()
                    .orElseThrow(() -> new IllegalStateException("suite " + origin + " not found in the forked JVM"))
                    .only(args[3]);
            suite.verify();
            long granularity = TimerGranularity.measureNanos(System::nanoTime);
            Measurement m = suite.measureHere(settings, granularity).getFirst();
            StringBuilder out = new StringBuilder();
            out.append(PREFIX).append("ops ").append(m.opsPerSample()).append('\n');
            for (double x : m.samplesNanosPerOp()) {
                out.append(PREFIX).append("sample ").append(x).append('\n');
            }
            for (String w : m.warnings()) {
                out.append(PREFIX).append("warning ").append(oneLine(w)).append('\n');
            }
            System.out.print(out);
            System.out.flush();
        } catch (Throwable e) {
            System.out.println(PREFIX + "error " + oneLine(String.valueOf(e.getMessage() != null ? e.getMessage() : e)));
            System.out.flush();
            e.printStackTrace();
            System.exit(1);
        }
    }

    static List<String> encode(Settings s) {
        return List.of("warmupMaxNanos=" + s.warmupMax().toNanos(),
                "warmupMinSamples=" + s.warmupMinSamples(),
                "warmupTolerance=" + s.warmupTolerance(),
                "samples=" + s.samples(),
                "sampleTimeNanos=" + s.sampleTime().toNanos(),
                "opsPerSample=" + s.opsPerSample());
    }

    static Settings decode(List<String> keyValues) {
        Map<String, String> kv = new HashMap<>();
        for (String a : keyValues) {
            int eq = a.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("expected key=value: " + a);
            }
            kv.put(a.substring(0, eq), a.substring(eq + 1));
        }
        Settings d = Settings.DEFAULTS;
        return new Settings(
                Duration.ofNanos(Long.parseLong(kv.getOrDefault("warmupMaxNanos", "" + d.warmupMax().toNanos()))),
                Integer.parseInt(kv.getOrDefault("warmupMinSamples", "" + d.warmupMinSamples())),
                Double.parseDouble(kv.getOrDefault("warmupTolerance", "" + d.warmupTolerance())),
                Integer.parseInt(kv.getOrDefault("samples", "" + d.samples())),
                Duration.ofNanos(Long.parseLong(kv.getOrDefault("sampleTimeNanos", "" + d.sampleTime().toNanos()))),
                Long.parseLong(kv.getOrDefault("opsPerSample", "" + d.opsPerSample())),
                0);
    }

    static Reply parse(List<String> lines) {
        long ops = 0;
        List<Double> samples = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        String error = null;
        for (String line : lines) {
            String rest = line.substring(PREFIX.length());
            int sp = rest.indexOf(' ');
            String key = sp < 0 ? rest : rest.substring(0, sp);
            String value = sp < 0 ? "" : rest.substring(sp + 1);
            switch (key) {
                case "ops" -> ops = Long.parseLong(value);
                case "sample" -> samples.add(Double.parseDouble(value));
                case "warning" -> warnings.add(value);
                case "error" -> error = value;
                default -> { } // newer fork, older parent: ignore
            }
        }
        return new Reply(ops, samples, warnings, error);
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ').replace('\r', ' ');
    }
}
