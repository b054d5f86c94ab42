package org.iobench.job.fio;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.Access;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.Layout;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.job.VerifyChecksum;

/**
 * One job section's options → the iobench jobs fio would run, with fio's defaults (4 KiB blocks, the cache of the
 * job's region invalidated before it starts, {@code numjobs} clones each doing the whole job on its own file
 * {@code jobname.N.0} unless {@code filename} names a shared one). Every option is either honoured, restates fio's
 * default, or recorded in {@link FioProblems} with whether it changes the I/O.
 */
final class FioJobTranslator {
    /** numjobs is bounded before any clone exists: each is a worker thread, as --threads (at most 4096). */
    static final int MAX_NUMJOBS = org.iobench.job.JobSpec.MAX_THREADS;

    private final FioProblems problems;
    private final List<String> warnings;
    /** fio's {@code thread_number} of the last job made: jobs and their clones numbered from 1 in order. */
    private int threads;

    FioJobTranslator(FioProblems problems, List<String> warnings) {
        this.problems = problems;
        this.warnings = warnings;
    }

    FioJob translate(String section, String where, FioJobOptions o) {
        List<FioProblems.Problem> blocking = new ArrayList<>();
        boolean fileOps = FioFileOps.applies(o);
        for (Map.Entry<String, FioSetting> e : o.all().entrySet()) {
            FioOptionTable.Kind kind = fileOps && FioFileOps.OWN.contains(e.getKey()) ? FioOptionTable.Kind.HONOURED
                    : FioOptionTable.kind(e.getKey());
            if (kind == FioOptionTable.Kind.MEASURED_ANYWAY
                    && !FioDefaults.restatesDefault(e.getKey(), e.getValue())) {
                String note = e.getValue().where() + ": " + e.getValue().text() + ": "
                        + FioOptionTable.note(e.getKey());
                if (!warnings.contains(note)) {
                    warnings.add(note);
                }
            } else if (kind == FioOptionTable.Kind.REPORTING
                    && !FioDefaults.restatesDefault(e.getKey(), e.getValue())) {
                problems.unsupported(e.getValue(), "changes only what fio reports or logs; iobench does not do it",
                        false);
            } else if (kind == FioOptionTable.Kind.CHANGES_IO
                    && !FioDefaults.restatesDefault(e.getKey(), e.getValue())) {
                blocking.add(problems.unsupported(e.getValue(), "not supported by iobench", true));
            }
        }
        String name = o.setting("name").filter(s -> s.where().startsWith(where.substring(0, where.lastIndexOf(':'))))
                .map(FioSetting::value).orElse(section);
        JobSpec.Builder b = JobSpec.builder(Path.of(".")).name(name);
        RwMode rw = rw(o, blocking);
        b.rw(rw);
        mix(o, b);
        region(o, b, blocking);
        String rwValue = o.value("rw").orElse("read");
        long sizeOption = o.has("size") && !o.value("size").orElseThrow().endsWith("%")
                ? o.size(o.setting("size").orElseThrow(), o.value("size").orElseThrow()) : 0;
        long file = fileSize(o);
        FioAccess access = FioAccess.of(o, rw, rwValue.contains(":") ? rwValue.substring(rwValue.indexOf(':') + 1)
                : "", file > 0 ? file : sizeOption, file > 0 && sizeOption < file ? sizeOption : 0, problems,
                blocking);
        b.blockSize(access.unitBytes()).access(access.access());
        verify(o, rw, b, access.access(), blocking);
        time(o, b);
        steady(o, b, blocking);
        engine(o, b, name, blocking);
        if (o.flag("direct") || o.has("buffered") && !o.flag("buffered")) {
            b.direct(true);
        }
        sync(o, rw, b, blocking);
        b.dropCache(o.flag("invalidate", true));
        b.layout(Layout.fio(o.flag("overwrite"), FioLayouts.preallocate(o)));
        if (o.flag("fill_device")) {
            FioLayouts.fillDevice(o, rw, b, target(o, name, 0, new ArrayList<>()), access.unitBytes(), problems,
                    blocking);
        }
        b.logs(FioLayouts.logs(o, name));
        long numjobs = o.number("numjobs", 1);
        if (numjobs < 1 || numjobs > MAX_NUMJOBS) {
            throw FioJobOptions.bad(o.setting("numjobs").orElseThrow(), "must be 1.." + MAX_NUMJOBS
                    + " (iobench's worker limit, as for --threads)");
        }
        int clones = (int) numjobs;
        long seed = seed(o);
        FioSchedule schedule = FioSchedule.of(o, rw, seed, problems, blocking);
        b.schedule(o.value("ioengine").flatMap(FioEngines::describe).filter(d -> d.has(EngineFlag.RUNS_PROGRAM))
                .isPresent()
                ? FioEngineWork.execThink(schedule.schedule()) : schedule.schedule()).rate(schedule.rate());
        long increment = offsetIncrement(o, blocking);
        long offset = o.has("offset") && !o.value("offset").orElseThrow().endsWith("%")
                ? o.size(o.setting("offset").orElseThrow(), o.value("offset").orElseThrow()) : 0;
        List<JobSpec> specs = new ArrayList<>();
        for (int i = 0; i < clones; i++) {
            // each clone its own random sequence, as fio seeds each thread by its number
            if (fileOps) {
                FioFileOps.apply(o, b, target(o, name, i, "$filenum", new ArrayList<>()).toString(),
                        access.unitBytes(), file, rw, problems, blocking, warnings);
            }
            threads++;
            if (rw.random()) {
                b.access(access.access().withOffsets(FioRandom.offsets(o, threads))); // fio's generator, as fio starts it
            }
            b.target(target(o, name, i, blocking)).name(clones == 1 ? name : name + "." + i)
                    .seed(seed + i * 0x9E3779B97F4A7C15L).offsetBytes(offset + i * increment);
            try {
                specs.add(b.build());
            } catch (InvalidJobException e) {
                throw new InvalidJobException(where + ": job [" + section + "]: " + e.getMessage());
            }
        }
        boolean stonewall = o.flag("stonewall");
        return new FioJob(name, where, specs, stonewall, stonewall || o.flag("new_group"), o.flag("group_reporting"),
                o.value("wait_for").orElse(""), blocking);
    }

    private RwMode rw(FioJobOptions o, List<FioProblems.Problem> blocking) {
        FioSetting s = o.setting("rw").orElse(null);
        if (s == null) {
            return RwMode.READ;
        }
        String v = s.value();
        java.util.Optional<RwMode> known = RwMode.fio(v);
        if (known.isPresent() && known.get().trims()) {
            for (String perDirection : new String[] {"rate", "rate_iops", "rate_min", "rate_iops_min", "max_latency"}) {
                o.setting(perDirection).ifPresent(p -> blocking.add(problems.unsupported(p, "a limit on trims is not"
                        + " supported by iobench yet", true)));
            }
        }
        if (known.isPresent()) {
            return known.get();
        }
        throw FioJobOptions.bad(s, "not an access pattern fio knows (read, write, randread,"
                + " randwrite, rw, readwrite, randrw, trim, randtrim, trimwrite, randtrimwrite)");
    }

    private static void mix(FioJobOptions o, JobSpec.Builder b) {
        FioSetting read = o.setting("rwmixread").orElse(null);
        FioSetting write = o.setting("rwmixwrite").orElse(null);
        // both set: the one set last wins (fio parses them in order, each setting the other)
        boolean writeLast = write != null && (read == null || later(write, read));
        if (writeLast) {
            b.mixReadPercent(100 - (int) Math.min(100, o.number("rwmixwrite", 50)));
        } else if (read != null) {
            b.mixReadPercent((int) Math.min(100, o.number("rwmixread", 50)));
        }
    }

    private static boolean later(FioSetting a, FioSetting b) {
        return line(a) > line(b);
    }

    private static int line(FioSetting s) {
        return Integer.parseInt(s.where().substring(s.where().lastIndexOf(':') + 1));
    }

    private void region(FioJobOptions o, JobSpec.Builder b, List<FioProblems.Problem> blocking) {
        for (String key : List.of("size", "offset")) {
            FioSetting s = o.setting(key).orElse(null);
            if (s == null) {
                continue;
            }
            if (s.value().endsWith("%")) {
                blocking.add(problems.unsupported(s, "a share of the file's size is not supported by iobench", true));
                continue;
            }
            long v = o.size(s, s.value());
            if (key.equals("size")) {
                b.sizeBytes(v);
            }
        }
        long file = fileSize(o);
        if (file > 0) {
            b.sizeBytes(file); // the file's size is the region; a smaller size= is the I/O in it
        }
    }

    /** fio's {@code filesize} (a range {@code a-b} drawn at random, seeded); 0 when not given. */
    static long fileSize(FioJobOptions o) {
        FioSetting s = o.setting("filesize").orElse(null);
        if (s == null) {
            return 0;
        }
        String[] range = s.value().split("-", -1);
        long low = o.size(s, range[0]);
        long high = range.length > 1 ? o.size(s, range[1]) : low;
        return high > low ? low + new java.util.SplittableRandom(seed(o)).nextLong(high - low + 1) : low;
    }

    private void time(FioJobOptions o, JobSpec.Builder b) {
        if (o.has("runtime")) {
            b.timeNanos(o.nanos("runtime", "s"));
        }
        if (o.flag("time_based")) {
            if (!o.has("runtime") || o.nanos("runtime", "s") == 0) {
                // fio: "time_based requires a runtime/timeout setting", then runs size-based
                warnings.add(o.setting("time_based").orElseThrow().where() + ": time_based without runtime: fio"
                        + " ignores it (\"time_based requires a runtime/timeout setting\"), so does iobench");
            } else {
                b.loopRegion(true);
            }
        }
        if (o.has("ramp_time")) {
            b.rampNanos(o.nanos("ramp_time", "s"));
        }
    }

    /** fio's steady state ({@link FioSteady}). */
    private void steady(FioJobOptions o, JobSpec.Builder b, List<FioProblems.Problem> blocking) {
        b.steady(FioSteady.criterion(o, warnings));
    }

    private void engine(FioJobOptions o, JobSpec.Builder b, String name, List<FioProblems.Problem> blocking) {
        FioSetting e = o.setting("ioengine").orElse(null);
        EngineDescription engine = FioEngines.standard();
        if (e != null) {
            engine = FioEngines.describe(e.value()).orElse(engine);
            if (FioEngines.describe(e.value()).isEmpty()) {
                blocking.add(problems.unsupported(e, "iobench runs the engines " + FioEngines.KNOWN, true));
            }
        }
        b.engine(engine.name());
        b.priorities(FioPriorities.of(o, engine));
        b.burn(engine.has(EngineFlag.BURNS_CPU) ? FioEngineWork.burn(o) : null);
        b.program(engine.has(EngineFlag.RUNS_PROGRAM) ? FioEngineWork.program(o, name, problems, warnings, blocking)
                : null);
        FioEngineWork.refuseOthers(o, engine);
        long depth = o.number("iodepth", 1);
        if (depth < 1) {
            throw FioJobOptions.bad(o.setting("iodepth").orElseThrow(), "must be at least 1");
        }
        if (depth > 1 && engine.has(EngineFlag.SYNC)) {
            warnings.add(o.setting("iodepth").orElseThrow().where() + ": iodepth=" + depth + " with a synchronous"
                    + " engine: queue depth capped at 1, as fio does");
            depth = 1;
        }
        b.iodepth((int) depth);
    }

    private void sync(FioJobOptions o, RwMode rw, JobSpec.Builder b, List<FioProblems.Problem> blocking) {
        FioSetting s = o.setting("sync").orElse(null);
        boolean writes = rw.writes();
        if (s != null) {
            switch (s.value().toLowerCase(Locale.ROOT)) {
                case "", "1", "sync" -> {
                    if (writes) {
                        b.sync(SyncMode.SYNC);
                    }
                }
                case "dsync" -> {
                    if (writes) {
                        b.sync(SyncMode.DSYNC);
                    }
                }
                case "0", "none" -> { }
                default -> throw FioJobOptions.bad(s, "must be none, 0, sync, 1 or dsync");
            }
        }
        long fdatasync = o.number("fdatasync", 0);
        long fsync = o.number("fsync", 0);
        if (fdatasync > 0 && writes) {
            blocking.add(problems.unsupported(o.setting("fdatasync").orElseThrow(), "an fdatasync every N writes"
                    + " without a final one is not supported by iobench yet", true));
        } else if (fsync > 0 && writes) {
            b.fsyncEvery((int) fsync);
        }
        if ((o.flag("end_fsync") || o.flag("fsync_on_close")) && writes) {
            b.sync(SyncMode.FSYNC);
        }
    }

    /**
     * fio's {@code verify} on iobench's: each written block stamped with a header and checksum ({@code crc32c},
     * {@code crc32c-intel}, {@code sha256}), read back and checked after the writes ({@code do_verify}, fio's verify
     * phase), each block written once per pass by fio's random map.
     */
    private void verify(FioJobOptions o, RwMode rw, JobSpec.Builder b, Access access,
                        List<FioProblems.Problem> blocking) {
        FioSetting s = o.setting("verify").orElse(null);
        if (s == null || FioDefaults.restatesDefault("verify", s)) {
            return;
        }
        VerifyChecksum checksum = switch (s.value().toLowerCase(Locale.ROOT)) {
            case "crc32c", "crc32c-intel" -> VerifyChecksum.CRC32C;
            case "sha256" -> VerifyChecksum.SHA256;
            default -> null;
        };
        if (checksum == null) {
            blocking.add(problems.unsupported(s, "iobench's verify checksums are crc32c (fio's crc32c and"
                    + " crc32c-intel) and sha256", true));
            return;
        }
        if (!rw.writes() || rw.reads() || rw.trims()) {
            blocking.add(problems.unsupported(s, "iobench verifies jobs that only write (a write phase, then the"
                    + " verify phase); " + rw + " is not supported yet", true));
            return;
        }
        Access plain = access.randomMap() ? Access.DEFAULT.withRandomMap() : Access.DEFAULT;
        if (!access.shape().equals(plain)) {
            blocking.add(problems.unsupported(s, "verify with mixed sizes, distributions, holes or I/O limits is not"
                    + " supported by iobench yet", true));
            return;
        }
        b.access(plain).verify(checksum).verifyAfter(o.flag("do_verify", true));
    }

    /**
     * fio's {@code fill_device}: a sequential write job writes until ENOSPC or EDQUOT, which ends it normally; without
     * {@code size=} its size is the file system's usable space (plus what the file already holds), in whole
     * requests, and nothing is reserved first. A device's size is its own (the whole device, as without size=).
     */
    /** {@code randseed}, else a fixed seed ({@code randrepeat=1}, fio's default) or a new one ({@code randrepeat=0}). */
    private static long seed(FioJobOptions o) {
        if (o.has("randseed")) {
            FioSetting s = o.setting("randseed").orElseThrow();
            try {
                return Long.parseUnsignedLong(s.value());
            } catch (NumberFormatException e) {
                throw FioJobOptions.bad(s, "'" + s.value() + "' is not a whole number");
            }
        }
        return o.flag("randrepeat", true) ? 0x10BE4C4L : System.nanoTime();
    }

    private long offsetIncrement(FioJobOptions o, List<FioProblems.Problem> blocking) {
        FioSetting s = o.setting("offset_increment").orElse(null);
        if (s == null) {
            return 0;
        }
        if (s.value().endsWith("%") || s.value().endsWith("z")) {
            blocking.add(problems.unsupported(s, "a share of the file or a number of zones is not supported by"
                    + " iobench yet", true));
            return 0;
        }
        return o.size(s, s.value());
    }

    /**
     * The clone's file: {@code filename} (shared by every clone) under {@code directory}, else fio's
     * {@code filename_format} there ({@code $jobname.$jobnum.$filenum} by default; {@code $jobnum} is the clone's
     * number, {@code $filenum} 0 for a job's one file).
     */
    private Path target(FioJobOptions o, String name, int clone, List<FioProblems.Problem> blocking) {
        return target(o, name, clone, "0", blocking);
    }

    private Path target(FioJobOptions o, String name, int clone, String fileNumber,
                        List<FioProblems.Problem> blocking) {
        FioSetting filename = o.setting("filename").orElse(null);
        FioSetting directory = o.setting("directory").orElse(null);
        if (directory != null && directory.value().contains(":")) {
            blocking.add(problems.unsupported(directory, "several directories are not supported by iobench yet",
                    true));
        }
        Path dir = directory == null ? Path.of("") : Path.of(directory.value());
        if (filename != null && filename.value().contains(":")) {
            blocking.add(problems.unsupported(filename, "several files per job are not supported by iobench yet",
                    true));
        }
        FioSetting format = o.setting("filename_format").orElse(null);
        String file = filename != null ? filename.value()
                : (format == null ? "$jobname.$jobnum.$filenum" : format.value()).replace("$jobname", name)
                        .replace("$jobnum", Integer.toString(clone)).replace("$filenum", fileNumber);
        if (filename == null && format != null && (file.contains("$clientuid") || file.contains("/"))) {
            blocking.add(problems.unsupported(format, file.contains("$clientuid") ? "$clientuid belongs to fio's"
                    + " client/server mode" : "iobench does not create directories for files", true));
        }
        return dir.resolve(file);
    }
}
