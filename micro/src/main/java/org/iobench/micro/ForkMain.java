package org.iobench.micro;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Entry point of a forked JVM: makes the suite again, measures one variant (or all, interleaved, for
 * {@value #ALL_VARIANTS}), and prints one line per fact, the variant's position first:
 * <pre>
 * #iobench-micro-fork variant 0 stream
 * #iobench-micro-fork ops 0 12345
 * #iobench-micro-fork sample 0 81.25
 * #iobench-micro-fork warning 0 wide spread: ...
 * #iobench-micro-fork suite-warning the JIT compiled for 12 ms while samples were taken ...
 * #iobench-micro-fork error suite 'x': variant 'y' returned 1 but expected 2
 * </pre>
 * Arguments: {@code CLASS MEMBER INDEX VARIANT key=value...} (see {@link #encode}). Not an API.
 */
public final class ForkMain {

    static final String PREFIX = "#iobench-micro-fork ";
    /** VARIANT argument meaning "all variants, interleaved" (unless a variant has this very name). */
    static final String ALL_VARIANTS = "*";

    private ForkMain() {
    }

    /** What a fork said; {@code error} is null when it succeeded. */
    record Reply(List<Measurement> measurements, List<String> warnings, String error) {
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
                    .orElseThrow(() -> new IllegalStateException("suite " + origin + " not found in the forked JVM"));
            if (!args[3].equals(ALL_VARIANTS) || suite.variantNames().contains(ALL_VARIANTS)) {
                suite = suite.only(args[3]);
            }
            suite.verify();
            long granularity = TimerGranularity.measureNanos(System::nanoTime);
            Measurements all = suite.measureHere(settings, granularity);
            List<Measurement> measured = all.variants();
            StringBuilder out = new StringBuilder();
            for (String w : all.warnings()) {
                out.append(PREFIX).append("suite-warning ").append(oneLine(w)).append('\n');
            }
            for (int i = 0; i < measured.size(); i++) {
                Measurement m = measured.get(i);
                out.append(PREFIX).append("variant ").append(i).append(' ').append(oneLine(m.name())).append('\n');
                out.append(PREFIX).append("ops ").append(i).append(' ').append(m.opsPerSample()).append('\n');
                for (double x : m.samplesNanosPerOp()) {
                    out.append(PREFIX).append("sample ").append(i).append(' ').append(x).append('\n');
                }
                for (String w : m.warnings()) {
                    out.append(PREFIX).append("warning ").append(i).append(' ').append(oneLine(w)).append('\n');
                }
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
        Map<Integer, String> names = new TreeMap<>();
        Map<Integer, Long> ops = new HashMap<>();
        Map<Integer, List<Double>> samples = new HashMap<>();
        Map<Integer, List<String>> warnings = new HashMap<>();
        List<String> suiteWarnings = new ArrayList<>();
        String error = null;
        for (String line : lines) {
            String[] f = line.substring(PREFIX.length()).split(" ", 3);
            switch (f[0]) {
                case "variant" -> names.put(Integer.parseInt(f[1]), f.length > 2 ? f[2] : "");
                case "ops" -> ops.put(Integer.parseInt(f[1]), Long.parseLong(f[2]));
                case "sample" -> samples.computeIfAbsent(Integer.parseInt(f[1]), k -> new ArrayList<>())
                        .add(Double.parseDouble(f[2]));
                case "warning" -> warnings.computeIfAbsent(Integer.parseInt(f[1]), k -> new ArrayList<>())
                        .add(f.length > 2 ? f[2] : "");
                case "suite-warning" -> suiteWarnings.add(line.substring(PREFIX.length() + "suite-warning ".length()));
                case "error" -> error = line.substring(PREFIX.length() + "error ".length());
                default -> { } // a newer fork talking to an older parent: ignore
            }
        }
        List<Measurement> measurements = new ArrayList<>();
        names.forEach((i, name) -> measurements.add(new Measurement(name, ops.getOrDefault(i, 0L),
                samples.getOrDefault(i, List.of()), warnings.getOrDefault(i, List.of()))));
        return new Reply(measurements, suiteWarnings, error);
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ').replace('\r', ' ');
    }
}
