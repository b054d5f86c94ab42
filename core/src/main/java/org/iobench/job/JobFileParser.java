package org.iobench.job;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads fio's INI job files for the options iobench has. A {@code [global]} section sets defaults for the job
 * sections after it; each other section is a job. Jobs run in parallel until one says {@code stonewall}, which
 * starts a new stage. {@code numjobs} becomes the job's threads, {@code runtime} without {@code time_based} caps a
 * size-based job, sizes follow {@code kb_base}.
 *
 * <p>An option iobench does not support, or a value it cannot honour ({@code ioengine=mmap}), is an error
 * naming the file, the line and the option; with {@code lenient} it is a warning and the option is ignored.
 * A value that is simply wrong ({@code bs=3q}) is an error either way.
 */
public final class JobFileParser {
    /** Options accepted and honoured (or harmless: reporting, descriptions). */
    static final Set<String> SUPPORTED = new TreeSet<>(List.of("name", "description", "rw", "readwrite",
            "rwmixread", "rwmixwrite", "bs", "blocksize", "bsrange", "blocksize_range", "size", "offset", "runtime",
            "timeout", "time_based", "ramp_time", "numjobs", "iodepth", "ioengine", "direct", "buffered", "sync",
            "fdatasync", "fsync", "end_fsync", "filename", "directory", "stonewall", "wait_for_previous",
            "new_group", "group_reporting", "thread", "kb_base"));

    private final String file;
    private final boolean lenient;
    private final List<String> warnings = new ArrayList<>();

    private record Opt(String value, int line) {}

    private record Section(String name, int line, Map<String, Opt> options) {}

    private JobFileParser(String file, boolean lenient) {
        this.file = file;
        this.lenient = lenient;
    }

    /** Parses {@code text}, read from {@code file} (used in messages only). */
    public static JobFile parse(String file, String text, boolean lenient) {
        return new JobFileParser(file, lenient).parse(text);
    }

    private JobFile parse(String text) {
        Map<String, Opt> globals = new LinkedHashMap<>();
        List<Section> jobs = new ArrayList<>();
        Map<String, Opt> current = null;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = stripComment(lines[i]).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("[")) {
                if (!line.endsWith("]") || line.length() < 3) {
                    throw error(lineNo, "'" + line + "' is not a section header ([name])");
                }
                String name = line.substring(1, line.length() - 1).strip();
                if (name.equals("global")) {
                    current = globals;
                } else {
                    current = new LinkedHashMap<>(globals);
                    jobs.add(new Section(name, lineNo, current));
                }
                continue;
            }
            if (current == null) {
                throw error(lineNo, "option '" + line + "' outside a section; start with [global] or [jobname]");
            }
            int eq = line.indexOf('=');
            String key = (eq < 0 ? line : line.substring(0, eq)).strip().toLowerCase(Locale.ROOT);
            String value = eq < 0 ? "" : line.substring(eq + 1).strip();
            if (!SUPPORTED.contains(key)) {
                unsupported(lineNo, key, "option '" + key + "' is not supported by iobench");
                continue;
            }
            current.put(key, new Opt(value, lineNo));
        }
        if (jobs.isEmpty()) {
            throw new InvalidJobException(file + ": no job section (a job is a [name] section other than [global])");
        }
        List<List<JobSpec>> stages = new ArrayList<>();
        for (Section s : jobs) {
            boolean wall = bool(s.options(), "stonewall") || bool(s.options(), "wait_for_previous");
            // stonewall in [global] applies to every job; the first job starts the first stage anyway
            if (stages.isEmpty() || wall) {
                stages.add(new ArrayList<>());
            }
            stages.getLast().add(job(s));
        }
        for (int g = 0; g < stages.size(); g++) {
            List<JobSpec> stage = stages.get(g);
            if (stage.size() > 1) {
                String label = "g" + g;
                stage.replaceAll(j -> j.toBuilder().group(label).build());
            }
        }
        return new JobFile(file, stages, warnings);
    }

    private static String stripComment(String line) {
        String t = line.stripLeading();
        if (t.startsWith(";") || t.startsWith("#")) {
            return "";
        }
        for (int i = 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if ((c == ';' || c == '#') && Character.isWhitespace(line.charAt(i - 1))) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    private JobSpec job(Section s) {
        Map<String, Opt> o = s.options();
        int kbBase = (int) number(o, "kb_base", 1024);
        if (kbBase != 1000 && kbBase != 1024) {
            throw bad(o.get("kb_base"), "kb_base", "must be 1000 or 1024");
        }
        JobSpec.Builder b = JobSpec.builder(target(o)).name(o.containsKey("name") ? o.get("name").value() : s.name());
        String rwKey = o.containsKey("rw") ? "rw" : "readwrite";
        if (o.containsKey(rwKey)) {
            Opt rw = o.get(rwKey);
            String mode = rw.value().equals("readwrite") ? "rw" : rw.value();
            RwMode.byLabel(mode).filter(m -> m != RwMode.COPY).ifPresentOrElse(b::rw, () -> unsupported(rw.line(),
                    rwKey, rwKey + "=" + rw.value() + " is not supported by iobench (read, write, randread,"
                            + " randwrite, rw, randrw)"));
        }
        if (o.containsKey("rwmixread")) {
            b.mixReadPercent((int) number(o, "rwmixread", 50));
        } else if (o.containsKey("rwmixwrite")) {
            b.mixReadPercent(100 - (int) number(o, "rwmixwrite", 50));
        }
        blockSize(o, kbBase, b);
        if (o.containsKey("size")) {
            b.sizeBytes(size(o, "size", kbBase));
        }
        if (o.containsKey("offset")) {
            b.offsetBytes(size(o, "offset", kbBase));
        }
        String runtimeKey = o.containsKey("runtime") ? "runtime" : "timeout";
        if (o.containsKey(runtimeKey)) {
            b.timeNanos(duration(o, runtimeKey));
        }
        if (bool(o, "time_based")) {
            if (!o.containsKey(runtimeKey)) {
                throw error(o.get("time_based").line(), "time_based needs runtime= (how long to run)");
            }
            b.loopRegion(true);
        }
        if (o.containsKey("ramp_time")) {
            b.rampNanos(duration(o, "ramp_time"));
        }
        b.threads((int) number(o, "numjobs", 1));
        engine(o, b);
        if (bool(o, "direct") || (o.containsKey("buffered") && !bool(o, "buffered"))) {
            b.direct(true);
        }
        sync(o, b);
        try {
            return b.build();
        } catch (InvalidJobException e) {
            throw error(s.line(), "job [" + s.name() + "]: " + e.getMessage());
        }
    }

    private Path target(Map<String, Opt> o) {
        Opt filename = o.get("filename");
        Opt directory = o.get("directory");
        if (filename != null && filename.value().contains(":")) {
            unsupported(filename.line(), "filename", "filename=" + filename.value() + ": several files per job"
                    + " (':') are not supported by iobench");
            filename = null;
        }
        Path dir = directory == null ? Path.of(".") : Path.of(directory.value());
        return filename == null ? dir : directory == null ? Path.of(filename.value()) : dir.resolve(filename.value());
    }

    private void blockSize(Map<String, Opt> o, int kbBase, JobSpec.Builder b) {
        for (String key : List.of("bs", "blocksize", "bsrange", "blocksize_range")) {
            Opt opt = o.get(key);
            if (opt == null) {
                continue;
            }
            String sep = key.contains("range") ? "-" : ",";
            String[] parts = opt.value().split(sep, -1);
            long first = size(opt, key, parts[0], kbBase);
            for (String p : parts) {
                if (!p.isBlank() && size(opt, key, p, kbBase) != first) {
                    unsupported(opt.line(), key, key + "=" + opt.value() + ": mixed block sizes are not supported"
                            + " by iobench; give one size");
                    return;
                }
            }
            b.blockSize(first);
            return;
        }
    }

    private void engine(Map<String, Opt> o, JobSpec.Builder b) {
        Opt e = o.get("ioengine");
        String engine = "psync";
        if (e != null) {
            switch (e.value()) {
                case "psync", "sync", "pvsync" -> engine = "psync";
                case "io_uring" -> engine = "uring";
                case "libaio" -> engine = "libaio";
                case "null" -> engine = "null";
                default -> unsupported(e.line(), "ioengine", "ioengine=" + e.value() + " is not supported by iobench"
                        + " (psync, sync, pvsync, io_uring, libaio, null)");
            }
        }
        b.engine(engine);
        long depth = number(o, "iodepth", 1);
        if (depth > 1 && engine.equals("psync")) {
            warnings.add(file + ":" + o.get("iodepth").line() + ": iodepth=" + depth + " has no effect with a"
                    + " synchronous engine (fio ignores it too); running with iodepth 1");
            depth = 1;
        }
        b.iodepth((int) depth);
    }

    private void sync(Map<String, Opt> o, JobSpec.Builder b) {
        Opt s = o.get("sync");
        if (s != null) {
            switch (s.value()) {
                case "", "1", "sync", "dsync" -> {
                    b.sync(SyncMode.DSYNC);
                    return;
                }
                case "0", "none" -> { }
                default -> throw bad(s, "sync", "must be 0, 1, none, sync or dsync");
            }
        }
        long fdatasync = number(o, "fdatasync", 0);
        long fsync = number(o, "fsync", 0);
        if (fdatasync > 0) {
            b.sync(SyncMode.FDATASYNC).fsyncEvery((int) fdatasync);
        } else if (fsync > 0) {
            b.fsyncEvery((int) fsync);
        }
        if (bool(o, "end_fsync") && fdatasync == 0) {
            b.sync(SyncMode.FSYNC);
        }
    }

    private long size(Map<String, Opt> o, String key, int kbBase) {
        Opt opt = o.get(key);
        if (opt.value().endsWith("%")) {
            unsupported(opt.line(), key, key + "=" + opt.value() + ": percentages are not supported by iobench");
            return 0;
        }
        return size(opt, key, opt.value(), kbBase);
    }

    private long size(Opt opt, String key, String text, int kbBase) {
        try {
            return FioSizes.parse(text, kbBase);
        } catch (IllegalArgumentException e) {
            throw bad(opt, key, e.getMessage());
        }
    }

    private long duration(Map<String, Opt> o, String key) {
        Opt opt = o.get(key);
        try {
            return Durations.parse(opt.value()).toNanos();
        } catch (IllegalArgumentException e) {
            throw bad(opt, key, e.getMessage());
        }
    }

    private long number(Map<String, Opt> o, String key, long absent) {
        Opt opt = o.get(key);
        if (opt == null) {
            return absent;
        }
        try {
            long v = Long.parseLong(opt.value());
            if (v < 0 || v > Integer.MAX_VALUE) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw bad(opt, key, "'" + opt.value() + "' is not a whole number");
        }
    }

    private boolean bool(Map<String, Opt> o, String key) {
        Opt opt = o.get(key);
        if (opt == null) {
            return false;
        }
        return switch (opt.value().toLowerCase(Locale.ROOT)) {
            case "", "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off" -> false;
            default -> throw bad(opt, key, "'" + opt.value() + "' is not a boolean (0 or 1)");
        };
    }

    private void unsupported(int line, String key, String message) {
        if (!lenient) {
            throw error(line, message + " (--lenient ignores it with a warning)");
        }
        warnings.add(file + ":" + line + ": " + message + "; ignored (--lenient)");
    }

    private InvalidJobException bad(Opt opt, String key, String why) {
        return error(opt.line(), key + "=" + opt.value() + ": " + why);
    }

    private InvalidJobException error(int line, String message) {
        return new InvalidJobException(file + ":" + line + ": " + message);
    }
}
