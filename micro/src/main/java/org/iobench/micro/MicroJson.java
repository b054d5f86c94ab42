package org.iobench.micro;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a {@link RunReport} as JSON for {@code iobench import}; the format is documented field by field in
 * {@code docs/micro-json-format.md}. Hand-written to keep this module free of dependencies. Absent numbers (NaN)
 * are written as {@code null}.
 */
public final class MicroJson {

    public static final int FORMAT_VERSION = 1;
    public static final String KIND = "iobench-micro";

    private MicroJson() {
    }

    public static void write(RunReport report, Path file) {
        try {
            Files.writeString(file, toJson(report), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON report to " + file + ": " + e.getMessage(), e);
        }
    }

    public static String toJson(RunReport report) {
        Json j = new Json();
        j.open('{');
        j.field("formatVersion").number(FORMAT_VERSION);
        j.field("kind").string(KIND);
        j.field("startedAt").string(report.startedAt().toString());
        JvmEnvironment e = report.environment();
        j.field("environment").open('{');
        j.field("jvmName").string(e.jvmName());
        j.field("jvmVendor").string(e.jvmVendor());
        j.field("jvmVersion").string(e.jvmVersion());
        j.field("javaVersion").string(e.javaVersion());
        j.field("jvmArgs").strings(e.jvmArgs());
        j.field("osName").string(e.osName());
        j.field("osVersion").string(e.osVersion());
        j.field("osArch").string(e.osArch());
        j.field("availableProcessors").number(e.availableProcessors());
        j.field("cpuModel").string(e.cpuModel());
        j.field("systemLoadAverage").number(e.systemLoadAverage());
        j.close('}');
        j.field("suites").open('[');
        for (SuiteResult s : report.suites()) {
            suite(j.element(), s);
        }
        j.close(']');
        j.close('}');
        return j.toString() + "\n";
    }

    private static void suite(Json j, SuiteResult r) {
        Settings s = r.settings();
        j.open('{');
        j.field("name").string(r.name());
        j.field("settings").open('{');
        j.field("warmupMaxNanos").number(s.warmupMax().toNanos());
        j.field("warmupMinSamples").number(s.warmupMinSamples());
        j.field("warmupTolerance").number(s.warmupTolerance());
        j.field("samples").number(s.samples());
        j.field("sampleTimeNanos").number(s.sampleTime().toNanos());
        j.field("opsPerSample").number(s.opsPerSample());
        j.field("forks").number(s.forks());
        j.close('}');
        j.field("freshJvm").bool(r.freshJvm());
        j.field("timerGranularityNanos").number(r.timerGranularityNanos());
        j.field("fastest");
        r.fastest().ifPresentOrElse(v -> j.string(v.name()), j::nullValue);
        j.field("warnings").strings(r.warnings());
        j.field("variants").open('[');
        for (VariantResult v : r.variants()) {
            VariantSummary m = v.summary();
            j.element().open('{');
            j.field("name").string(v.name());
            j.field("opsPerSample").number(v.opsPerSample());
            j.field("samplesNanosPerOp").numbers(v.samplesNanosPerOp());
            j.field("n").number(m.n());
            j.field("upperOutliers").number(m.upperOutliers());
            j.field("meanNanosPerOp").number(m.meanNanosPerOp());
            j.field("medianNanosPerOp").number(m.medianNanosPerOp());
            j.field("stdDevNanosPerOp").number(m.stdDevNanosPerOp());
            j.field("minNanosPerOp").number(m.minNanosPerOp());
            j.field("maxNanosPerOp").number(m.maxNanosPerOp());
            j.field("ci95NanosPerOp").number(m.ci95NanosPerOp());
            j.field("ciLowNanosPerOp").number(m.ciLowNanosPerOp());
            j.field("ciHighNanosPerOp").number(m.ciHighNanosPerOp());
            j.field("ratio").number(v.ratio());
            j.field("ratioError").number(v.ratioError());
            j.field("warnings").strings(v.warnings());
            j.close('}');
        }
        j.close(']');
        j.close('}');
    }

    /** Minimal pretty-printing JSON builder: two-space indent, one field per line, number arrays on one line. */
    private static final class Json {
        private final StringBuilder out = new StringBuilder();
        private int depth;
        private boolean first = true;

        Json open(char bracket) {
            out.append(bracket);
            depth++;
            first = true;
            return this;
        }

        Json close(char bracket) {
            depth--;
            if (!first) {
                newline();
            }
            out.append(bracket);
            first = false;
            return this;
        }

        Json field(String name) {
            element();
            quote(name);
            out.append(": ");
            return this;
        }

        Json element() {
            if (!first) {
                out.append(',');
            }
            newline();
            first = false;
            return this;
        }

        Json string(String s) {
            quote(s);
            return this;
        }

        Json bool(boolean b) {
            out.append(b);
            return this;
        }

        Json nullValue() {
            out.append("null");
            return this;
        }

        Json number(long x) {
            out.append(x);
            return this;
        }

        Json number(double x) {
            if (Double.isNaN(x) || Double.isInfinite(x)) {
                out.append("null");
            } else if (x == Math.rint(x) && Math.abs(x) < 1e15) {
                out.append((long) x).append(".0");
            } else {
                out.append(x);
            }
            return this;
        }

        Json numbers(List<Double> xs) {
            out.append('[');
            for (int i = 0; i < xs.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                number(xs.get(i));
            }
            out.append(']');
            return this;
        }

        Json strings(List<String> xs) {
            out.append('[');
            for (int i = 0; i < xs.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                quote(xs.get(i));
            }
            out.append(']');
            return this;
        }

        private void newline() {
            out.append('\n').append("  ".repeat(depth));
        }

        private void quote(String s) {
            out.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        }

        @Override
        public String toString() {
            return out.toString();
        }
    }
}
