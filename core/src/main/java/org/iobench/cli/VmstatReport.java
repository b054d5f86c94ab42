package org.iobench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iobench.format.Format;
import org.iobench.sysmon.DiskSample;
import org.iobench.sysmon.VmstatFormatter;

/**
 * One form of {@code iobench vmstat}'s reports, written as each report arrives (vmstat runs until interrupted, so
 * every form streams): procps's text (with {@code -t}'s timestamp column), CSV with a header row, or JSON Lines (one
 * object per report, {@code jq} reads the stream as it comes). The figures are the text's, rounded as vmstat rounds
 * them; the machine-readable forms always carry the time of the report (ISO-8601 with the local offset) and mark
 * the since-boot report.
 */
abstract class VmstatReport {
    /** The report's system figures in {@link VmstatFormatter#columnNames()}'s order and its devices' samples. */
    record Report(ZonedDateTime time, boolean sinceBoot, long[] system, List<DiskSample> disks) {}

    /** JSON names of vmstat's columns, units in the names. */
    static final List<String> JSON_NAMES = List.of("procsRunning", "procsBlocked", "swapUsedKib", "freeKib",
            "buffersKib", "cacheKib", "swapInKibPerSecond", "swapOutKibPerSecond", "blockInKibPerSecond",
            "blockOutKibPerSecond", "interruptsPerSecond", "contextSwitchesPerSecond", "userPercent",
            "systemPercent", "idlePercent", "iowaitPercent", "stealPercent");

    /** iostat -x's names of the device figures, for CSV; and their JSON names. */
    static final List<String> DISK_NAMES = List.of("r/s", "w/s", "rkB/s", "wkB/s", "r_await", "w_await", "await",
            "aqu-sz", "%util");
    static final List<String> DISK_JSON_NAMES = List.of("readsPerSecond", "writesPerSecond", "readKibPerSecond",
            "writeKibPerSecond", "readAwaitMillis", "writeAwaitMillis", "awaitMillis", "averageQueueSize",
            "utilPercent");

    protected final PrintWriter out;

    VmstatReport(PrintWriter out) {
        this.out = out;
    }

    /** The report for {@code --format FORMAT} ({@code text}, {@code csv}, {@code json}). */
    static VmstatReport of(Format format, boolean timestamps, List<String> disks, PrintWriter out) {
        if (format.equals(Format.CSV)) {
            return new Csv(out, disks);
        }
        return format.equals(Format.JSON) ? new JsonLines(out) : new Text(out, timestamps, !disks.isEmpty());
    }

    /** Writes one report and flushes. */
    final void write(Report r) {
        print(r);
        out.flush();
    }

    abstract void print(Report r);

    static String iso(ZonedDateTime time) {
        return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(time.truncatedTo(ChronoUnit.MILLIS));
    }

    /** The device figures as iostat prints them: two decimals, NaN where nothing could be computed. */
    static double[] diskValues(DiskSample d) {
        double[] v = {d.readsPerSecond(), d.writesPerSecond(), d.readKibPerSecond(), d.writeKibPerSecond(),
                d.readAwaitMillis(), d.writeAwaitMillis(), d.awaitMillis(), d.averageQueueSize(), d.utilPercent()};
        for (int i = 0; i < v.length; i++) {
            v[i] = Double.isNaN(v[i]) ? Double.NaN : Math.round(v[i] * 100) / 100.0;
        }
        v[8] = Double.isNaN(v[8]) ? Double.NaN : Math.min(100.0, v[8]);
        return v;
    }

    /** procps's layout; {@code -t} appends the local time; the header is repeated before each block with devices. */
    static final class Text extends VmstatReport {
        private final boolean timestamps;
        private final boolean withDisks;
        private boolean first = true;

        Text(PrintWriter out, boolean timestamps, boolean withDisks) {
            super(out);
            this.timestamps = timestamps;
            this.withDisks = withDisks;
        }

        @Override
        void print(Report r) {
            if (first || withDisks) {
                out.print(timestamps ? VmstatFormatter.header(r.time()) : VmstatFormatter.header());
            }
            first = false;
            out.println(VmstatFormatter.format(r.system()) + (timestamps ? VmstatFormatter.timestamp(r.time()) : ""));
            if (withDisks) {
                out.println(VmstatFormatter.diskHeader());
                for (DiskSample d : r.disks()) {
                    out.println(VmstatFormatter.diskLine(d));
                }
                out.println();
            }
        }
    }

    /** A header row, then one row per report: time, sinceBoot, vmstat's columns, then each device's iostat columns. */
    static final class Csv extends VmstatReport {
        private final List<String> disks;
        private boolean first = true;

        Csv(PrintWriter out, List<String> disks) {
            super(out);
            this.disks = List.copyOf(disks);
        }

        @Override
        void print(Report r) {
            if (first) {
                List<String> header = new ArrayList<>(List.of("time", "sinceBoot"));
                header.addAll(VmstatFormatter.columnNames());
                for (String d : disks) {
                    DISK_NAMES.forEach(n -> header.add(d + ":" + n));
                }
                out.println(String.join(",", header));
                first = false;
            }
            StringBuilder b = new StringBuilder(iso(r.time())).append(',').append(r.sinceBoot());
            for (long v : r.system()) {
                b.append(',').append(v);
            }
            for (String name : disks) {
                DiskSample d = r.disks().stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
                double[] v = d == null ? null : diskValues(d);
                for (int i = 0; i < DISK_NAMES.size(); i++) {
                    b.append(',');
                    if (v != null && !Double.isNaN(v[i])) {
                        b.append(String.format(Locale.ROOT, "%.2f", v[i]));
                    }
                }
            }
            out.println(b);
        }
    }

    /** One JSON object per line; figures that cannot be computed are null. */
    static final class JsonLines extends VmstatReport {
        private final ObjectMapper mapper = new ObjectMapper();

        JsonLines(PrintWriter out) {
            super(out);
        }

        @Override
        void print(Report r) {
            ObjectNode o = mapper.createObjectNode();
            o.put("time", iso(r.time()));
            o.put("sinceBoot", r.sinceBoot());
            for (int i = 0; i < JSON_NAMES.size(); i++) {
                o.put(JSON_NAMES.get(i), r.system()[i]);
            }
            ArrayNode disks = o.putArray("disks");
            for (DiskSample d : r.disks()) {
                ObjectNode n = disks.addObject().put("device", d.name());
                double[] v = diskValues(d);
                for (int i = 0; i < DISK_JSON_NAMES.size(); i++) {
                    if (Double.isNaN(v[i])) {
                        n.putNull(DISK_JSON_NAMES.get(i));
                    } else {
                        n.put(DISK_JSON_NAMES.get(i), v[i]);
                    }
                }
            }
            out.println(o);
        }
    }
}
