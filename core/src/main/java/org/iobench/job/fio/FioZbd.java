package org.iobench.job.fio;

import java.util.List;
import java.util.Locale;
import org.iobench.job.BlockSizeMix;
import org.iobench.job.EmulatedZones;
import org.iobench.job.InvalidJobException;
import org.iobench.job.RwMode;

/**
 * {@code zonemode=zbd} as fio 3.33 runs it on a regular file or a block device that is not zoned: zones of
 * {@code zonesize} emulated in memory ({@code init_zone_info}), with {@code zonecapacity}, {@code max_open_zones},
 * {@code job_max_open_zones}, {@code read_beyond_wp}, {@code zone_reset_threshold} and
 * {@code zone_reset_frequency}; {@code ignore_zone_limits} has nothing to ignore on such a target. Refused before
 * any I/O, by name: what fio refuses (no zone size, one under 512 bytes, a capacity over it,
 * {@code job_max_open_zones} alone), a write larger than a zone (fio fails its first write), and what iobench does not
 * do with zones yet ({@code zoneskip}, trims mixed with writes). A trim ({@code rw=trim}, {@code randtrim}) is a
 * zone reset, of one zone: its size is the zone size, as {@code zbd_verify_bs} requires. With verify, as fio's
 * {@code zbd_verify_bs}, every direction's {@code bs} divides the zone size.
 */
final class FioZbd {
    private FioZbd() {}

    /** True when the job asks for {@code zonemode=zbd}. */
    static boolean asked(FioJobOptions o) {
        return o.value("zonemode").map(v -> v.strip().toLowerCase(Locale.ROOT).equals("zbd")).orElse(false);
    }

    /**
     * The job's emulated zones.
     *
     * @param maxWriteBytes the largest write (or trim) of the job; 0 when it does not write
     * @param minWriteBytes the smallest write of the job; 0 when it does not write
     */
    static EmulatedZones of(FioJobOptions o, RwMode rw, long maxWriteBytes, long minWriteBytes, FioProblems problems,
                            List<FioProblems.Problem> blocking) {
        FioSetting mode = o.setting("zonemode").orElseThrow();
        FioSetting size = o.setting("zonesize").orElse(null);
        long zone = size == null ? 0 : o.size(size, size.value());
        if (zone == 0) { // fio's default 0: the device's own zone size, which a target that is not zoned lacks
            throw FioJobOptions.bad(size == null ? mode : size, "needs zonesize= (fio 3.33: \"Specifying the zone"
                    + " size is mandatory for regular file/block device with --zonemode=zbd\")");
        }
        if (zone < 512) {
            throw FioJobOptions.bad(size, "must be at least 512 bytes (fio 3.33: \"zone size must be at least 512"
                    + " bytes for --zonemode=zbd\")");
        }
        long capacity = zone;
        if (o.has("zonecapacity")) {
            FioSetting c = o.setting("zonecapacity").orElseThrow();
            long v = o.size(c, c.value());
            if (v > zone) {
                throw FioJobOptions.bad(c, "is larger than zonesize=" + zone + " (fio refuses it too)");
            }
            capacity = v == 0 ? zone : v;
        }
        long skip = o.has("zoneskip") ? o.size(o.setting("zoneskip").orElseThrow(), o.value("zoneskip").orElseThrow())
                : 0;
        if (skip % zone != 0) { // fio's zbd_verify_sizes, in its words
            throw FioJobOptions.bad(o.setting("zoneskip").orElseThrow(), "is not a whole number of zones (fio:"
                    + " \"zoneskip " + skip + " is not a multiple of the device zone size " + zone + ".\")");
        }
        if (skip > 0) {
            blocking.add(problems.unsupported(o.setting("zoneskip").orElseThrow(), "zoneskip with zonemode=zbd is not"
                    + " supported by iobench yet", true));
        }
        if (rw.trims() && (rw.writes() || rw.reads())) {
            blocking.add(problems.unsupported(o.setting("rw").orElseThrow(), "trims mixed with writes with"
                    + " zonemode=zbd are not supported by iobench yet (rw=trim and randtrim are)", true));
        } else if (rw.trims()) { // fio's zbd_verify_bs: a trim is a zone reset, of one whole zone
            BlockSizeMix trim = FioAccess.sizes(o)[2];
            FioSetting bs = o.setting(o.has("bssplit") ? "bssplit" : o.has("bsrange") ? "bsrange" : "bs")
                    .orElse(mode);
            if (trim.minBytes() != trim.maxBytes() || o.has("bssplit")) {
                throw FioJobOptions.bad(bs, "trims of several sizes (fio: \"bsrange and bssplit are not allowed for"
                        + " trim with zonemode=zbd\")");
            }
            if (trim.minBytes() != zone) {
                throw FioJobOptions.bad(bs, "a trim resets one zone, so its size is zonesize=" + zone + " (fio: \"trim"
                        + " block size " + trim.minBytes() + " is not the zone size " + zone + "\")");
            }
        }
        FioSetting verify = o.setting("verify").filter(v -> !v.value().strip().equals("0")
                && !v.value().strip().equalsIgnoreCase("none")).orElse(null);
        if (verify != null) {
            // fio's zbd_verify_bs: with verify, every direction's bs= divides the zone size
            FioSetting bs = o.setting("bs").orElse(null);
            String[] dirs = bs == null ? new String[] {"4096", "4096", "4096"}
                    : FioJobOptions.perDirection(bs.value(), "4096");
            for (String d : dirs) {
                long b = bs == null ? 4096 : o.size(bs, d);
                if (b > 0 && zone % b != 0) {
                    throw FioJobOptions.bad(bs, "with verify, a block size of " + b + " bytes is not a divisor of"
                            + " zonesize=" + zone + " (fio: \"block size " + b + " is not a divisor of the zone size "
                            + zone + "\")");
                }
            }
            if (o.has("zone_reset_frequency") && fraction(o, "zone_reset_frequency") > 0) {
                throw FioJobOptions.bad(o.setting("zone_reset_frequency").orElseThrow(), "with verify: fio 3.33 asserts"
                        + " that no zone is reset while a verifying job writes, and aborts where the frequency asks"
                        + " one");
            }
        }
        String sizeKey = o.has("bssplit") ? "bssplit" : o.has("bsrange") ? "bsrange" : o.has("bs") ? "bs" : "zonesize";
        if (maxWriteBytes > zone) {
            throw FioJobOptions.bad(o.setting(sizeKey).orElseThrow(), "writes of " + maxWriteBytes + " bytes do not"
                    + " fit in a zone of zonesize=" + zone + " (fio: \"I/O buflen exceeds zone size\")");
        }
        if (minWriteBytes > capacity) {
            throw FioJobOptions.bad(o.setting(o.has("zonecapacity") ? "zonecapacity" : sizeKey).orElseThrow(),
                    "a zone capacity of " + capacity + " bytes is smaller than the smallest write (" + minWriteBytes
                    + " bytes)");
        }
        int maxOpen = openZones(o, "max_open_zones");
        int jobMaxOpen = openZones(o, "job_max_open_zones");
        double threshold = fraction(o, "zone_reset_threshold");
        double frequency = fraction(o, "zone_reset_frequency");
        try {
            return new EmulatedZones(zone, capacity, maxOpen, jobMaxOpen, o.flag("read_beyond_wp", false),
                    threshold, frequency);
        } catch (InvalidJobException e) {
            throw new InvalidJobException(mode.where() + ": " + e.getMessage());
        }
    }

    private static int openZones(FioJobOptions o, String name) {
        long v = o.number(name, 0);
        if (v < 0 || v > EmulatedZones.MAX_OPEN_ZONES) {
            throw FioJobOptions.bad(o.setting(name).orElseThrow(), "must be 0.." + EmulatedZones.MAX_OPEN_ZONES);
        }
        return (int) v;
    }

    /**
     * fio's {@code FIO_OPT_FLOAT_LIST} of one value in 0..1, refused in fio's words ({@code parse.c}). A second value
     * ({@code .4:.6}) is refused too: fio prints "the list exceeding max length 1" and runs with the first.
     */
    private static double fraction(FioJobOptions o, String name) {
        FioSetting s = o.setting(name).orElse(null);
        if (s == null) {
            return 0;
        }
        String[] list = s.value().strip().split(":", -1);
        double v;
        try {
            v = Double.parseDouble(list[0].strip());
        } catch (NumberFormatException e) {
            throw FioJobOptions.bad(s, "is not a number (fio: \"not a floating point value: " + list[0] + "\")");
        }
        if (!(v >= 0 && v <= 1)) {
            throw FioJobOptions.bad(s, "must be 0..1 (fio: \"value out of range: " + String.format(Locale.ROOT,
                    "%f (range %s: %f)", v, v > 1 ? "max" : "min", v > 1 ? 1.0 : 0.0) + "\")");
        }
        if (list.length > 1) {
            throw FioJobOptions.bad(s, "takes one value (fio prints \"the list exceeding max length 1\" and runs"
                    + " with the first)");
        }
        return v;
    }
}
