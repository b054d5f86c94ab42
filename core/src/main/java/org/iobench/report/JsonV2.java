package org.iobench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iobench.result.Stat;

/**
 * The JSON result format's version 2 (docs/json-format.md, "Changes in formatVersion 2"): its names and units
 * as rules on version 1's (the records' own form, which the store keeps), and the translation of a version 1
 * tree (a stored row, a file of an earlier release) into version 2 and back. {@link JsonV2Writer} writes version 2
 * straight from the records with the same rules; kept in one place so the records can change shape without the
 * published format changing, and version 1 files keep importing:
 * <ul>
 *   <li>undefined numbers are {@code null}, never the string {@code "NaN"};</li>
 *   <li>one suffix per kind of unit: durations {@code ...Ns} (nanoseconds; the system monitor's milliseconds are
 *       converted), CPU time {@code ...Seconds}, amounts {@code ...Bytes} (the monitor's KiB converted), rates
 *       {@code ...PerSecond} ({@code iops} is {@code opsPerSecond}, {@code ...KibPerSecond} in bytes);</li>
 *   <li>CPU time in seconds, not clock ticks ({@code cpu.user} 183 is {@code cpu.userSeconds} 1.83);</li>
 *   <li>a benchmark's summary has the p99 of all requests and, apart, of its reads and of its writes.</li>
 * </ul>
 * Keys under {@code labels} are the user's and never renamed.
 */
public final class JsonV2 {
    public static final int FORMAT_VERSION = 2;

    /** USER_HZ: {@code /proc/stat} counts CPU time in 1/100 s on Linux (x86_64 and arm64 alike). */
    static final double TICKS_PER_SECOND = 100;

    /**
     * A v1 key, its v2 name and the factor from the v1 unit to the v2 unit (1: a rename only); {@code parents}, when
     * not empty, are the only keys of the enclosing object (or array) where it applies: the monitor's
     * {@code intervalMillis} and iobench's {@code intervalNanos} both become {@code intervalNs}, so the way back
     * must know which was which.
     */
    record Rule(String v1, String v2, double factor, Set<String> parents) {
        Rule(String v1, String v2, double factor) {
            this(v1, v2, factor, Set.of());
        }
    }

    /** Where the system monitor's samples are: their milliseconds are not iobench's nanoseconds. */
    private static final Set<String> MONITOR = Set.of("samples", "window", "disks");

    private static final List<Rule> RULES = List.of(
            // durations: nanoseconds
            new Rule("elapsedNanos", "elapsedNs", 1), new Rule("syncNanos", "syncNs", 1),
            new Rule("intervalNanos", "intervalNs", 1), new Rule("durationNanos", "durationNs", 1),
            new Rule("rampNanos", "rampNs", 1), new Rule("timeNanos", "timeNs", 1),
            new Rule("windowNanos", "windowNs", 1), new Rule("reachedAtNanos", "reachedAtNs", 1),
            new Rule("onCpuNanos", "onCpuNs", 1), new Rule("runQueueNanos", "runQueueNs", 1),
            new Rule("userNanos", "userNs", 1), new Rule("systemNanos", "systemNs", 1),
            new Rule("checkNanos", "checkNs", 1), new Rule("stampNanos", "stampNs", 1),
            new Rule("endNanos", "endNs", 1),
            new Rule("intervalMillis", "intervalNs", 1e6, MONITOR),
            new Rule("windowMillis", "windowNs", 1e6, Set.of("systemSummary")),
            new Rule("awaitMillis", "awaitNs", 1e6), new Rule("readAwaitMillis", "readAwaitNs", 1e6),
            new Rule("writeAwaitMillis", "writeAwaitNs", 1e6),
            new Rule("rateCycleMillis", "rateCycleNs", 1e6, Set.of("schedule")),
            new Rule("avgMillis", "avgNs", 1e6, Set.of("logs")),
            // amounts: bytes
            new Rule("bytesRead", "readBytes", 1), new Rule("bytesWritten", "writeBytes", 1),
            new Rule("bytesTrimmed", "trimBytes", 1),
            new Rule("bytes", "totalBytes", 1, Set.of("totals")),
            new Rule("appBytesRead", "appReadBytes", 1), new Rule("appBytesWritten", "appWriteBytes", 1),
            new Rule("kernelBytesRead", "kernelReadBytes", 1), new Rule("kernelBytesWritten", "kernelWriteBytes", 1),
            new Rule("deviceBytesRead", "deviceReadBytes", 1),
            new Rule("deviceBytesWritten", "deviceWriteBytes", 1),
            new Rule("bytesChecked", "checkedBytes", 1), new Rule("bytesStamped", "stampedBytes", 1),
            new Rule("blockSize", "blockSizeBytes", 1), new Rule("logicalBlockSize", "logicalBlockSizeBytes", 1),
            new Rule("physicalBlockSize", "physicalBlockSizeBytes", 1),
            new Rule("offset", "offsetBytes", 1, Set.of("failure", "mismatches", "expected", "found")),
            new Rule("length", "lengthBytes", 1, Set.of("failure")),
            new Rule("regionStart", "regionStartBytes", 1, Set.of("layout")),
            new Rule("buffersKib", "buffersBytes", 1024), new Rule("cacheKib", "cacheBytes", 1024),
            new Rule("freeKib", "freeBytes", 1024), new Rule("swapUsedKib", "swapUsedBytes", 1024),
            new Rule("memAvailableKib", "memAvailableBytes", 1024),
            // rates: per second
            new Rule("iops", "opsPerSecond", 1),
            new Rule("blockInKibPerSecond", "blockInBytesPerSecond", 1024),
            new Rule("blockOutKibPerSecond", "blockOutBytesPerSecond", 1024),
            new Rule("swapInKibPerSecond", "swapInBytesPerSecond", 1024),
            new Rule("swapOutKibPerSecond", "swapOutBytesPerSecond", 1024),
            new Rule("readKibPerSecond", "readBytesPerSecond", 1024),
            new Rule("writeKibPerSecond", "writeBytesPerSecond", 1024));

    private static final Map<String, List<Rule>> BY_V1 = new HashMap<>();
    private static final Map<String, List<Rule>> BY_V2 = new HashMap<>();

    static {
        for (Rule r : RULES) {
            BY_V1.computeIfAbsent(r.v1(), k -> new ArrayList<>()).add(r);
            BY_V2.computeIfAbsent(r.v2(), k -> new ArrayList<>()).add(r);
        }
    }

    /**
     * Keys that have their version 2 name already in version 1 (the worker threads' kernel counters,
     * {@code evidence.readBytes}): never renamed, in either direction.
     */
    private static final Map<String, Set<String>> KEPT = Map.of("evidence", Set.of("readBytes", "writeBytes"));

    /** The rule for key {@code name} inside {@code parent}: one made for that parent first, else a general one. */
    static Rule rule(String name, String parent, boolean up) {
        if (parent != null && KEPT.getOrDefault(parent, Set.of()).contains(name)) {
            return null;
        }
        List<Rule> candidates = (up ? BY_V1 : BY_V2).getOrDefault(name, List.of());
        Rule general = null;
        for (Rule r : candidates) {
            if (parent != null && r.parents().contains(parent)) {
                return r;
            }
            if (r.parents().isEmpty()) {
                general = r;
            }
        }
        if (general == null && up && name.endsWith("Nanos")) { // any other duration: skewNanos, firstDoneNanos
            return new Rule(name, name.substring(0, name.length() - 5) + "Ns", 1);
        }
        if (general == null && !up && name.endsWith("Ns") && !ALREADY_NS.contains(name)) {
            return new Rule(name.substring(0, name.length() - 2) + "Nanos", name, 1);
        }
        return general;
    }

    /** Keys that end in {@code Ns} in version 1 already (latency summaries): not {@code ...Nanos} on the way back. */
    private static final Set<String> ALREADY_NS = Set.of("minNs", "meanNs", "maxNs", "p50Ns", "p90Ns", "p99Ns",
            "p999Ns", "p9999Ns", "p99LatencyNs", "p99ReadLatencyNs", "p99WriteLatencyNs", "stddevNs");

    /** The fields of {@code /proc/stat}'s cpu line, in ticks in v1, each {@code <field>Seconds} in v2. */
    static final Set<String> CPU_FIELDS = Set.of("user", "nice", "system", "idle", "iowait", "irq",
            "softirq", "steal", "guest", "guestNice");

    /** Text fields whose value is the user's or the system's words, even "NaN": never taken for a number. */
    static final Set<String> TEXT = Set.of("name", "note", "label", "message", "evidence", "fix", "series",
            "group", "test", "target", "path", "hostname", "stopReason", "source", "runId");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonV2() {}

    /**
     * A version 1 tree (a document, a benchmark, an environment... any part) in version 2's form; a benchmark's
     * summary gains the p99 of its reads and of its writes.
     */
    public static JsonNode upgrade(JsonNode v1) {
        JsonNode v2 = convert(v1, null, true);
        if (v2 instanceof ObjectNode o) {
            if (o.has("benchmarks")) {
                o.path("benchmarks").forEach(JsonV2::summarizeSides);
                o.put("formatVersion", FORMAT_VERSION);
            } else if (o.has("runs") && o.has("job")) {
                summarizeSides(o);
            }
        }
        return v2;
    }

    /** A version 2 tree back in version 1's form, for the result records to read (imports, agents' results). */
    public static JsonNode downgrade(JsonNode v2) {
        JsonNode v1 = convert(v2, null, false);
        if (v1 instanceof ObjectNode o && o.has("benchmarks")) {
            o.put("formatVersion", 1);
            o.path("benchmarks").forEach(b -> {
                if (b.path("summary") instanceof ObjectNode s) {
                    s.remove(List.of("p99ReadLatencyNs", "p99WriteLatencyNs"));
                }
            });
        }
        return v1;
    }

    private static JsonNode convert(JsonNode node, String key, boolean up) {
        if (node instanceof ObjectNode o) {
            ObjectNode out = NODES.objectNode();
            boolean cpu = "cpu".equals(key) && isCpu(o, up);
            Iterator<Map.Entry<String, JsonNode>> fields = o.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                String name = f.getKey();
                JsonNode value = f.getValue();
                if (name.equals("labels")) {
                    out.set(name, value.deepCopy()); // the user's keys
                } else if (name.equals("latencyHistograms")) {
                    out.set(name, up ? HistogramBins.upgrade(value) : HistogramBins.downgrade(value));
                } else if (cpu) {
                    cpuField(out, name, value, up);
                } else {
                    Rule r = rule(name, key, up);
                    String to = r == null ? name : up ? r.v2() : r.v1();
                    JsonNode converted = convert(value, name, up);
                    out.set(to, r == null || r.factor() == 1 ? converted
                            : scaled(converted, up ? r.factor() : 1 / r.factor(), up));
                }
            }
            return out;
        }
        if (node instanceof ArrayNode a) {
            ArrayNode out = NODES.arrayNode();
            a.forEach(e -> out.add(convert(e, key, up)));
            return out;
        }
        if (up && node.isTextual() && !TEXT.contains(key) && isNotANumber(node.asText())) {
            return NODES.nullNode();
        }
        return node.deepCopy();
    }

    private static boolean isCpu(ObjectNode o, boolean up) {
        return up ? o.has("user") && o.has("idle") : o.has("userSeconds") && o.has("idleSeconds");
    }

    private static void cpuField(ObjectNode out, String name, JsonNode value, boolean up) {
        if (up && CPU_FIELDS.contains(name) && value.isNumber()) {
            out.put(name + "Seconds", value.asLong() / TICKS_PER_SECOND);
        } else if (!up && name.endsWith("Seconds") && CPU_FIELDS.contains(name.substring(0, name.length() - 7))
                && value.isNumber()) {
            out.put(name.substring(0, name.length() - 7), Math.round(value.asDouble() * TICKS_PER_SECOND));
        } else {
            out.set(name, value.deepCopy());
        }
    }

    /** A number times {@code factor}: whole numbers stay whole when the factor is, so counts stay integers. */
    private static JsonNode scaled(JsonNode n, double factor, boolean up) {
        if (!n.isNumber()) {
            return n;
        }
        if (n.isIntegralNumber() && factor == Math.rint(factor)) {
            return NODES.numberNode(n.asLong() * (long) factor);
        }
        double v = n.asDouble() * factor;
        if (!up && n.isIntegralNumber() && v == Math.rint(v)) {
            return NODES.numberNode((long) v); // 1_000_000_000 ns is 1000 ms exactly
        }
        return NODES.numberNode(v);
    }

    static boolean isNotANumber(String s) {
        return s.equals("NaN") || s.equals("Infinity") || s.equals("-Infinity");
    }

    /**
     * A v2 benchmark's summary gets {@code p99ReadLatencyNs} and {@code p99WriteLatencyNs} (over its complete runs,
     * each where the job did requests of that kind), beside {@code p99LatencyNs} of all requests.
     */
    private static void summarizeSides(JsonNode benchmark) {
        if (!(benchmark.path("summary") instanceof ObjectNode summary)) {
            return;
        }
        for (String side : List.of("read", "write")) {
            List<Double> p99 = new ArrayList<>();
            for (JsonNode run : benchmark.path("runs")) {
                JsonNode l = run.path(side + "Latency");
                if (run.path("complete").asBoolean(true) && l.path("count").asLong() > 0) {
                    p99.add(l.path("p99Ns").asDouble());
                }
            }
            if (!p99.isEmpty()) {
                Stat s = Stat.of(p99.stream().mapToDouble(Double::doubleValue).toArray());
                ObjectNode o = summary.putObject("p99" + (side.equals("read") ? "Read" : "Write") + "LatencyNs");
                o.put("n", s.n());
                number(o, "min", s.min());
                number(o, "mean", s.mean());
                number(o, "max", s.max());
                number(o, "stddev", s.stddev());
                number(o, "cv", s.cv());
            }
        }
    }

    private static void number(ObjectNode o, String field, double v) {
        if (Double.isFinite(v)) {
            o.put(field, v);
        } else {
            o.putNull(field);
        }
    }
}
