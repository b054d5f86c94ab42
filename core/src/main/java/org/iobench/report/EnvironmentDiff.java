package org.iobench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What differs between the recorded environments of two sets of runs (the base and the new side of an A/B):
 * kernel, CPU, device, scheduler, mount options, iobench build... Each side may hold several environments; a field
 * is a difference when the sets of its values on the two sides are not the same. Unknown values ({@code null},
 * {@code -1}, imported runs) are shown as {@code ?}; the device fields of a target with no block device (tmpfs,
 * NFS) as {@code no block device}.
 *
 * <p>Reads the environment documents as stored ({@code Environment} as JSON), so reports of stored runs and of
 * files are one thing.
 */
public final class EnvironmentDiff {
    /** Shown for a value the environment did not record. */
    public static final String UNKNOWN = "?";
    /** Shown for the device fields of a target on a filesystem without a block device (tmpfs, NFS). */
    public static final String NO_DEVICE = "no block device";

    /**
     * One field that differs.
     *
     * @param field     {@code kernel}, {@code scheduler}...
     * @param base      the distinct values on the base side, in the order first seen
     * @param candidate the distinct values on the new side
     */
    public record Row(String field, List<String> base, List<String> candidate) {
        public Row {
            base = List.copyOf(base);
            candidate = List.copyOf(candidate);
        }
    }

    /** The loop field of a device that is not a loop device: a value in a difference, left out of a description. */
    static final String NOT_LOOP = "not a loop device";

    private record Field(String name, Function<JsonNode, String> value) {}

    /** The fields compared, in the order a reader looks for them. */
    private static final List<Field> FIELDS = List.of(
            new Field("host", e -> text(e.path("hostname"))),
            new Field("kernel", e -> text(e.path("kernelRelease"))),
            new Field("kernel command line", e -> text(e.path("kernelCmdline"))),
            new Field("CPU", e -> text(e.path("cpuModel"))),
            new Field("CPUs", e -> count(e.path("cpuCount"))),
            new Field("memory", e -> e.path("memTotalBytes").asLong(-1) < 0 ? null
                    : Units.sizeBinary(e.path("memTotalBytes").asLong())),
            new Field("filesystem", e -> text(e.path("filesystem").path("type"))),
            new Field("mount options", e -> e.path("filesystem").path("mountOptions").isArray()
                    ? String.join(",", strings(e.path("filesystem").path("mountOptions"))) : null),
            new Field("device", device(d -> text(d.path("wholeDisk")))),
            new Field("device model", device(d -> text(d.path("model")))),
            new Field("scheduler", device(d -> text(d.path("scheduler")))),
            new Field("rotational", device(d -> d.path("rotational").isBoolean()
                    ? (d.path("rotational").asBoolean() ? "yes" : "no") : null)),
            new Field("loop direct I/O", device(d -> d.path("loopDirectIo").isBoolean()
                    ? (d.path("loopDirectIo").asBoolean() ? "on" : "off (the backing file's page cache)")
                    : d.path("wholeDisk").asText("").startsWith("loop") ? null : NOT_LOOP)),
            new Field("logical/physical block", device(d -> count(d.path("logicalBlockSizeBytes")) + "/"
                    + count(d.path("physicalBlockSizeBytes")))),
            new Field("iobench version", e -> text(e.path("iobenchVersion"))),
            new Field("iobench commit", e -> text(e.path("gitCommit"))),
            new Field("Java", e -> text(e.path("javaVersion"))));

    private EnvironmentDiff() {}

    /** The fields whose values differ between {@code base} and {@code candidate}, in {@link #FIELDS} order. */
    public static List<Row> of(List<JsonNode> base, List<JsonNode> candidate) {
        List<Row> rows = new ArrayList<>();
        for (Field f : FIELDS) {
            Set<String> b = values(base, f);
            Set<String> c = values(candidate, f);
            if (!b.equals(c)) {
                rows.add(new Row(f.name(), List.copyOf(b), List.copyOf(c)));
            }
        }
        return rows;
    }

    /** The known fields of one environment, in {@link #FIELDS} order (unknown ones left out). */
    public static Map<String, String> describe(JsonNode env) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Field f : FIELDS) {
            String v = f.value().apply(env);
            if (v != null && !v.isBlank() && !v.contains(UNKNOWN) && !v.equals(NOT_LOOP)) {
                out.put(f.name(), v);
            }
        }
        return out;
    }

    /** The names of the fields compared (for the note that nothing of them differs). */
    public static List<String> fields() {
        return FIELDS.stream().map(Field::name).toList();
    }

    private static Set<String> values(List<JsonNode> envs, Field f) {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode e : envs) {
            String v = e == null || e.isMissingNode() || e.isNull() ? null : f.value().apply(e);
            out.add(v == null || v.isBlank() ? UNKNOWN : v);
        }
        return out;
    }

    /**
     * A field of the target's block device; {@link #NO_DEVICE} for a target with none (tmpfs, NFS), which is a
     * value of its own, not an unknown one.
     */
    private static Function<JsonNode, String> device(Function<JsonNode, String> field) {
        return e -> e.path("device").isObject() ? field.apply(e.path("device"))
                : e.path("filesystem").isObject() ? NO_DEVICE : null;
    }

    private static String text(JsonNode n) {
        return n.isTextual() ? n.asText() : null;
    }

    private static String count(JsonNode n) {
        return n.isNumber() && n.asLong() >= 0 ? Long.toString(n.asLong()) : UNKNOWN;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }
}
