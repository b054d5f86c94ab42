package org.iobench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.iobench.sysmon.env.Environment;

/**
 * What differs between the recorded environments of two sets of runs (the base and the new side of an A/B):
 * kernel, CPU, device, scheduler, mount options, iobench build... Each side may hold several environments; a field
 * is a difference when the sets of its values on the two sides are not the same. Unknown values ({@code null},
 * {@code -1}, imported runs) are shown as {@code ?}; the device fields of a target with no block device (tmpfs,
 * NFS) as {@code no block device}.
 *
 * <p>Reads the recorded {@link Environment}s, whether a stored run's or one a file carries, so reports of stored
 * runs and of files are one thing.
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

    private record Field(String name, Function<Environment, String> value) {}

    /** The fields compared, in the order a reader looks for them. */
    private static final List<Field> FIELDS = List.of(
            new Field("host", Environment::hostname),
            new Field("kernel", Environment::kernelRelease),
            new Field("kernel command line", Environment::kernelCmdline),
            new Field("CPU", Environment::cpuModel),
            new Field("CPUs", e -> count(e.cpuCount())),
            new Field("memory", e -> e.memTotalBytes() < 0 ? null : Units.sizeBinary(e.memTotalBytes())),
            new Field("filesystem", e -> e.filesystem() == null ? null : e.filesystem().type()),
            new Field("mount options", e -> e.filesystem() == null || e.filesystem().mountOptions() == null ? null
                    : String.join(",", e.filesystem().mountOptions())),
            new Field("device", device(Environment.Device::wholeDisk)),
            new Field("device model", device(Environment.Device::model)),
            new Field("scheduler", device(Environment.Device::scheduler)),
            new Field("rotational", device(d -> d.rotational() ? "yes" : "no")),
            new Field("loop direct I/O", device(d -> d.loopDirectIo() != null
                    ? (d.loopDirectIo() ? "on" : "off (the backing file's page cache)")
                    : d.wholeDisk() != null && d.wholeDisk().startsWith("loop") ? null : NOT_LOOP)),
            new Field("logical/physical block", device(d -> count(d.logicalBlockSize()) + "/"
                    + count(d.physicalBlockSize()))),
            new Field("iobench version", Environment::iobenchVersion),
            new Field("iobench commit", Environment::gitCommit),
            new Field("Java", Environment::javaVersion));

    private EnvironmentDiff() {}

    /** The fields whose values differ between {@code base} and {@code candidate}, in {@link #FIELDS} order. */
    public static List<Row> of(List<Environment> base, List<Environment> candidate) {
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
    public static Map<String, String> describe(Environment env) {
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

    /** @param envs null where a run recorded none */
    private static Set<String> values(List<Environment> envs, Field f) {
        Set<String> out = new LinkedHashSet<>();
        for (Environment e : envs) {
            String v = e == null ? null : f.value().apply(e);
            out.add(v == null || v.isBlank() ? UNKNOWN : v);
        }
        return out;
    }

    /**
     * A field of the target's block device; {@link #NO_DEVICE} for a target with none (tmpfs, NFS), which is a
     * value of its own, not an unknown one.
     */
    private static Function<Environment, String> device(Function<Environment.Device, String> field) {
        return e -> e.device() != null ? field.apply(e.device()) : e.filesystem() != null ? NO_DEVICE : null;
    }

    /** A count, {@link #UNKNOWN} where it was not recorded (-1). */
    private static String count(long n) {
        return n >= 0 ? Long.toString(n) : UNKNOWN;
    }
}
