package org.iobench.job.fio;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iobench.job.Access;
import org.iobench.job.BlockSizeMix;
import org.iobench.job.Distribution;
import org.iobench.job.RwMode;

/**
 * A job's request sizes, offsets and I/O limits from its options, as fio reads them: {@code bs}, {@code bsrange}
 * and {@code bssplit} per direction ({@code read,write,trim}), {@code blockalign}, fio's random map (off with
 * {@code norandommap}, a {@code blockalign} other than the smallest size, or a non-uniform
 * {@code random_distribution}), the {@code rw=read:8k} step, {@code io_size}, {@code loops}, {@code number_ios}.
 *
 * @param unitBytes the job's block: offsets (and the random map) are in these units, fio's {@code ba}/{@code min_bs}
 * @param access    the rest
 */
record FioAccess(long unitBytes, Access access) {

    /**
     * @param sizeBytes  the region's bytes ({@code filesize}, else {@code size}), 0 when not known
     * @param ioDefault  the I/O in it when {@code filesize} made the region and a smaller {@code size} was given, else 0
     */
    static FioAccess of(FioJobOptions o, RwMode rw, String rwSuffix, long sizeBytes, long ioDefault,
                        FioProblems problems, List<FioProblems.Problem> blocking) {
        BlockSizeMix[] mixes = sizes(o);
        BlockSizeMix read = mixes[0];
        // a trim job's trims take the write direction's place (the request source draws them from it); a
        // trimwrite writes each block it just trimmed, with the trim's size (fio's get_next_buflen), whatever bs's
        // write field says
        BlockSizeMix write = rw.trims() ? mixes[2] : mixes[1];
        long min = Long.MAX_VALUE;
        if (rw.reads()) {
            min = Math.min(min, read.minBytes());
        }
        if (rw.writes()) {
            min = Math.min(min, write.minBytes());
        }
        if (min == Long.MAX_VALUE) {
            min = read.minBytes();
        }
        if (rw.trims()) {
            min = write.minBytes();
            if (rw.writes() && !rw.random() && !mixes[1].equals(mixes[2])) {
                // fio's sequential trimwrite writes with the write sizes on its own walk (bs=4k,4k,8k on 1 MiB: 128
                // trims of 8k, 255 writes of 4k); iobench writes each trimmed block
                blocking.add(problems.unsupported(o.setting(o.has("bssplit") ? "bssplit" : o.has("bsrange")
                        ? "bsrange" : "bs").orElseThrow(), "a sequential trimwrite whose writes and trims differ in"
                        + " size is not supported by iobench yet (randtrimwrite is)", true));
            }
        }
        long unit = min;
        boolean alignOff = false;
        if (o.has("ba")) {
            FioSetting s = o.setting("ba").orElseThrow();
            String[] dirs = FioJobOptions.perDirection(s.value(), Long.toString(min));
            long ba = o.size(s, dirs[rw.writes() && !rw.reads() ? 1 : 0]);
            if (ba < 1) {
                throw FioJobOptions.bad(s, "must be at least 1");
            }
            alignOff = ba != min; // fio: "Any use of blockalign= turns off randommap"
            unit = ba;
        }
        Distribution distribution = distribution(o, problems, blocking);
        boolean randomMap = rw.random() && !o.flag("norandommap") && !alignOff && distribution.uniform();
        long skip = 0;
        if (!rwSuffix.isEmpty()) {
            FioSetting s = o.setting("rw").orElseThrow();
            if (rw.random()) {
                blocking.add(problems.unsupported(s, "':" + rwSuffix + "' (a new random offset every N requests) is"
                        + " not supported by iobench yet", true));
            } else {
                boolean back = rwSuffix.startsWith("-");
                skip = o.size(s, back || rwSuffix.startsWith("+") ? rwSuffix.substring(1) : rwSuffix);
                skip = back ? -skip : skip;
            }
        }
        long ioBytes = o.has("io_size") ? o.size(o.setting("io_size").orElseThrow(),
                o.value("io_size").orElseThrow()) : ioDefault == sizeBytes ? 0 : ioDefault;
        long loops = o.number("loops", 1);
        // fio's keep_running: a time-based job runs until its runtime whatever loops says (t/zbd test 30)
        if (loops > 1 && !(o.flag("time_based") && ioBytes == 0 && sizeBytes == 0)) {
            long once = ioBytes > 0 ? ioBytes : sizeBytes;
            if (once == 0) {
                blocking.add(problems.unsupported(o.setting("loops").orElseThrow(), "loops without size= or io_size="
                        + " (the file's size) is not supported by iobench yet", true));
            }
            ioBytes = once * loops;
        }
        long count = o.number("number_ios", 0);
        BlockSizeMix readMix = !rw.reads() || read.fixed() && read.minBytes() == unit ? null : read;
        BlockSizeMix writeMix = !rw.writes() && !rw.trims() || write.fixed() && write.minBytes() == unit ? null : write;
        long[] zones = zones(o, rw, problems, blocking);
        if (zones[0] > 0 && zones[2] != zones[0] && skip != 0 && !rw.random()) {
            blocking.add(problems.unsupported(o.setting("zonerange").orElseThrow(), "holes or backward steps (rw="
                    + rwValueOf(o) + ") within zones whose range differs from their size are not supported by"
                    + " iobench yet", true));
        }
        Access access = new Access(readMix, writeMix, randomMap, distribution, skip, ioBytes, count)
                .withZones(zones[0], zones[2], zones[1]);
        if (FioZbd.asked(o)) {
            access = access.withEmulatedZones(FioZbd.of(o, rw, rw.writes() || rw.trims() ? write.maxBytes() : 0,
                    rw.writes() ? write.minBytes() : 0, problems, blocking));
        }
        return new FioAccess(unit, access);
    }

    /**
     * fio's units of a job's requests: {@code ba} of reads and of the write (or, for a trim job, trim) direction —
     * {@code blockalign} for a random job, else the direction's smallest size — and {@code rw_min_bs}, the smallest
     * size of all three directions, used or not (fio's random map has a bit, its LFSR a state, per that many bytes),
     * and the smaller of the read and write directions' smallest sizes (a range of fio's skewed distributions).
     */
    static long[] units(FioJobOptions o, RwMode rw) {
        BlockSizeMix[] mixes = sizes(o);
        long[] min = {mixes[0].minBytes(), mixes[1].minBytes(), mixes[2].minBytes()};
        long[] ba = min.clone();
        if (o.has("ba") && rw.random()) {
            FioSetting s = o.setting("ba").orElseThrow();
            String[] dirs = FioJobOptions.perDirection(s.value(), "0");
            for (int d = 0; d < 3; d++) {
                long v = o.size(s, dirs[d]);
                ba[d] = v == 0 ? min[d] : v;
            }
        }
        return new long[] {ba[0], rw.trims() ? ba[2] : ba[1], Math.min(min[0], Math.min(min[1], min[2])),
            Math.min(min[0], min[1])};
    }

    private static String rwValueOf(FioJobOptions o) {
        return o.value("rw").orElse("read");
    }

    /**
     * {@code zonemode=strided} as fio 3.33 reads it: {@code zonesize} bytes moved in each zone, its requests within
     * {@code zonerange} bytes from the zone's start (fio's default: the zone size), the next zone a range and
     * {@code zoneskip} later. {@code zbd} makes zones of its own ({@link FioZbd}).
     *
     * @return zone size, skip and range; zeros without zones
     */
    private static long[] zones(FioJobOptions o, RwMode rw, FioProblems problems,
                                List<FioProblems.Problem> blocking) {
        FioSetting mode = o.setting("zonemode").orElse(null);
        FioSetting size = o.setting("zonesize").orElse(null);
        String m = mode == null ? "none" : mode.value().toLowerCase(Locale.ROOT);
        if (m.equals("none")) {
            if (size != null && o.size(size, size.value()) != 0) {
                // fio 3.33's zonemode defaults to none: "--zonemode=none and --zonesize are not compatible."
                throw FioJobOptions.bad(size, "needs zonemode=strided or zbd (zonemode=none is fio 3.33's default;"
                        + " fio: --zonemode=none and --zonesize are not compatible.)");
            }
            return new long[] {0, 0, 0};
        }
        if (m.equals("zbd")) {
            return new long[] {0, 0, 0}; // emulated zones of their own (FioZbd); zonerange is strided's only
        }
        if (!m.equals("strided")) {
            throw FioJobOptions.bad(mode, "is not a zone mode fio knows (none, strided, zbd)");
        }
        if (size == null) {
            throw FioJobOptions.bad(mode, "needs zonesize=");
        }
        long zone = o.size(size, size.value());
        long skip = o.has("zoneskip") ? o.size(o.setting("zoneskip").orElseThrow(), o.value("zoneskip").orElseThrow())
                : 0;
        long range = o.has("zonerange") ? o.size(o.setting("zonerange").orElseThrow(),
                o.value("zonerange").orElseThrow()) : 0;
        if (zone == 0) {
            throw FioJobOptions.bad(size, "must be more than 0 with zonemode=strided");
        }
        return new long[] {zone, skip, range == 0 ? zone : range};
    }

    /**
     * Read, write and trim sizes ({@code read,write,trim}): {@code bssplit}, else {@code bsrange}, else {@code bs};
     * 4 KiB by default.
     */
    static BlockSizeMix[] sizes(FioJobOptions o) {
        BlockSizeMix[] out = new BlockSizeMix[3];
        if (o.has("bssplit")) {
            FioSetting s = o.setting("bssplit").orElseThrow();
            String[] dirs = s.value().split(",", -1);
            for (int d = 0; d < 3; d++) {
                String text = dirs[Math.min(d, dirs.length - 1)].strip();
                try {
                    out[d] = text.isEmpty() ? BlockSizeMix.fixed(4096) : BlockSizeMix.split(text, o.kbBase());
                } catch (IllegalArgumentException e) {
                    throw FioJobOptions.bad(s, e.getMessage());
                }
            }
            return out;
        }
        String key = o.has("bsrange") ? "bsrange" : o.has("bs") ? "bs" : null;
        if (key == null) {
            return new BlockSizeMix[] {BlockSizeMix.fixed(4096), BlockSizeMix.fixed(4096), BlockSizeMix.fixed(4096)};
        }
        FioSetting s = o.setting(key).orElseThrow();
        String[] dirs = FioJobOptions.perDirection(s.value(), "4k");
        for (int d = 0; d < 3; d++) {
            long[] range = key.equals("bsrange") ? range(o, s, dirs[d]) : new long[] {o.size(s, dirs[d]),
                    o.size(s, dirs[d])};
            if (range[0] < 1 || range[1] < range[0]) {
                throw FioJobOptions.bad(s, "'" + dirs[d] + "' is not a size or a range low-high");
            }
            out[d] = BlockSizeMix.range(range[0], range[1]);
        }
        return out;
    }

    /**
     * One direction of {@code bsrange} as fio's {@code FIO_OPT_RANGE} reads it: the ends split at the first
     * {@code -}, else the first {@code :}, each end read as far as it is a size (fio's {@code strtoll} and unit:
     * {@code 512/25:1k:25} is 512-1k, as in fio's t0023), the lower first; a single size is both ends.
     */
    private static long[] range(FioJobOptions o, FioSetting s, String text) {
        int cut = text.indexOf('-') >= 0 ? text.indexOf('-') : text.indexOf(':');
        if (cut < 0) {
            long v = o.size(s, text);
            return new long[] {v, v};
        }
        long a = leadingSize(o, s, text.substring(0, cut));
        long b = leadingSize(o, s, text.substring(cut + 1));
        return new long[] {Math.min(a, b), Math.max(a, b)};
    }

    private static final Pattern LEADING_SIZE = Pattern.compile(
            "\\s*(\\d+\\s*(?:[kmgtpe](?:i?b)?|b)?)(?![a-z]).*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** A size at the start of {@code text}, what follows it ignored as fio's parser ignores it. */
    private static long leadingSize(FioJobOptions o, FioSetting s, String text) {
        Matcher m = LEADING_SIZE.matcher(text);
        return o.size(s, m.matches() ? m.group(1) : text);
    }

    private static Distribution distribution(FioJobOptions o, FioProblems problems,
                                             List<FioProblems.Problem> blocking) {
        FioSetting s = o.setting("random_distribution").orElse(null);
        if (s == null) {
            return Distribution.UNIFORM;
        }
        String[] dirs = s.value().split(",", -1);
        try {
            Distribution first = Distribution.parse(dirs[0], o.kbBase());
            String zones = dirs[0].contains(":") ? dirs[0].substring(dirs[0].indexOf(':') + 1) : "";
            for (int i = 1; i < dirs.length; i++) {
                if (!dirs[i].isBlank() && !dirs[i].strip().equals(zones.strip())) {
                    blocking.add(problems.unsupported(s, "zones that differ per direction are not supported by"
                            + " iobench yet", true));
                }
            }
            return first;
        } catch (IllegalArgumentException e) {
            throw FioJobOptions.bad(s, e.getMessage());
        }
    }
}
