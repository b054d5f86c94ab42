package org.iobench.job.fio;

import java.util.List;
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
        BlockSizeMix[] mixes = sizes(o, problems, blocking);
        BlockSizeMix read = mixes[0];
        BlockSizeMix write = mixes[1];
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
            min = trimBytes(o, rw, write, problems, blocking);
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
        if (loops > 1) {
            long once = ioBytes > 0 ? ioBytes : sizeBytes;
            if (once == 0) {
                blocking.add(problems.unsupported(o.setting("loops").orElseThrow(), "loops without size= or io_size="
                        + " (the file's size) is not supported by iobench yet", true));
            }
            ioBytes = once * loops;
        }
        long count = o.number("number_ios", 0);
        BlockSizeMix readMix = !rw.reads() || read.fixed() && read.minBytes() == unit ? null : read;
        BlockSizeMix writeMix = !rw.writes() || write.fixed() && write.minBytes() == unit ? null : write;
        long[] zones = zones(o, rw, problems, blocking);
        return new FioAccess(unit, new Access(readMix, writeMix, randomMap, distribution, skip, ioBytes, count,
                zones[0], zones[1]));
    }

    /**
     * {@code zonemode=strided} for a sequential job: {@code zonesize} bytes, then {@code zoneskip} skipped (a
     * {@code zonerange} other than the zone size, and zones on random jobs, not yet); {@code zbd} is for zoned
     * block devices, which iobench does not drive.
     */
    private static long[] zones(FioJobOptions o, RwMode rw, FioProblems problems,
                                List<FioProblems.Problem> blocking) {
        FioSetting mode = o.setting("zonemode").orElse(null);
        String m = mode == null ? "none" : mode.value().toLowerCase(java.util.Locale.ROOT);
        if (m.equals("none")) {
            return new long[] {0, 0};
        }
        if (!m.equals("strided") || rw.random()) {
            blocking.add(problems.unsupported(mode, m.equals("strided") ? "strided zones for random jobs are not"
                    + " supported by iobench yet" : "zoned block devices (zbd) are not supported by iobench", true));
            return new long[] {0, 0};
        }
        FioSetting size = o.setting("zonesize").orElse(null);
        if (size == null) {
            throw FioJobOptions.bad(mode, "needs zonesize=");
        }
        long zone = o.size(size, size.value());
        long skip = o.has("zoneskip") ? o.size(o.setting("zoneskip").orElseThrow(), o.value("zoneskip").orElseThrow())
                : 0;
        if (o.has("zonerange") && o.size(o.setting("zonerange").orElseThrow(), o.value("zonerange").orElseThrow())
                != zone) {
            blocking.add(problems.unsupported(o.setting("zonerange").orElseThrow(), "a zone range other than the"
                    + " zone size is not supported by iobench yet", true));
        }
        return new long[] {zone, skip};
    }

    /** Read and write sizes: {@code bssplit}, else {@code bsrange}, else {@code bs}; 4 KiB by default. */
    /**
     * The size of a trim job's trims: {@code bs}'s third field (fio's {@code bs=read,write,trim}), one size only; a
     * trimwrite writes what it trimmed, so its write size must be the same.
     */
    private static long trimBytes(FioJobOptions o, RwMode rw, BlockSizeMix write, FioProblems problems,
                                  List<FioProblems.Problem> blocking) {
        for (String key : new String[] {"bssplit", "bsrange"}) {
            if (o.has(key)) {
                blocking.add(problems.unsupported(o.setting(key).orElseThrow(), "trims of several sizes are not"
                        + " supported by iobench yet", true));
                return write.minBytes();
            }
        }
        if (!o.has("bs")) {
            return 4096;
        }
        FioSetting s = o.setting("bs").orElseThrow();
        long trim = o.size(s, FioJobOptions.perDirection(s.value(), "4k")[2]);
        if (trim < 1) {
            throw FioJobOptions.bad(s, "the trim size must be at least 1");
        }
        if (rw.writes() && !(write.fixed() && write.minBytes() == trim)) {
            blocking.add(problems.unsupported(s, "a trimwrite whose writes and trims differ in size is not supported"
                    + " by iobench yet", true));
        }
        return trim;
    }

    private static BlockSizeMix[] sizes(FioJobOptions o, FioProblems problems, List<FioProblems.Problem> blocking) {
        BlockSizeMix[] out = new BlockSizeMix[2];
        if (o.has("bssplit")) {
            FioSetting s = o.setting("bssplit").orElseThrow();
            String[] dirs = s.value().split(",", -1);
            for (int d = 0; d < 2; d++) {
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
            return new BlockSizeMix[] {BlockSizeMix.fixed(4096), BlockSizeMix.fixed(4096)};
        }
        FioSetting s = o.setting(key).orElseThrow();
        String[] dirs = FioJobOptions.perDirection(s.value(), "4k");
        for (int d = 0; d < 2; d++) {
            String[] range = dirs[d].split("-", -1);
            long low = o.size(s, range[0]);
            long high = range.length > 1 ? o.size(s, range[1]) : low;
            if (low < 1 || high < low) {
                throw FioJobOptions.bad(s, "'" + dirs[d] + "' is not a size or a range low-high");
            }
            out[d] = BlockSizeMix.range(low, high);
        }
        return out;
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
