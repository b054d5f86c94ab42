package org.iobench.job.fio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.Access;
import org.iobench.job.FioBuffers;
import org.iobench.job.FioVerify;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFiles;
import org.iobench.job.JobSpec;
import org.iobench.job.Layout;
import org.iobench.job.LogSpec;
import org.iobench.job.NetLink;
import org.iobench.job.RwMode;
import org.iobench.job.Schedule;
import org.iobench.job.SyncMode;
import org.iobench.job.UnsupportedJobException;

/**
 * One job section's options → the iobench jobs fio would run, with fio's defaults (4 KiB blocks, the cache of the
 * job's region invalidated before it starts, {@code numjobs} clones each doing the whole job on its own file
 * {@code jobname.N.0} unless {@code filename} names a shared one). Every option set is first judged by its row's
 * kind ({@link FioOptions}): honoured, restating fio's default, or recorded in {@link FioProblems} with whether it
 * changes the I/O; then every row's handler builds its part of the {@link Job}, in the table's order; then the
 * clones are made. The handlers that read several options are here.
 */
final class FioJobTranslator {
    /** numjobs is bounded before any clone exists: each is a worker thread, as --threads (at most 4096). */
    static final int MAX_NUMJOBS = JobSpec.MAX_THREADS;

    private final FioOptions table;
    private final FioProblems problems;
    private final List<String> warnings;
    /** fio's own lines for the warnings that {@code --warnings-fatal} makes fatal ({@link FioFixups}), once each. */
    private final List<String> parserWarnings = new ArrayList<>();
    /** fio's {@code thread_number} of the last job made: jobs and their clones numbered from 1 in order. */
    private int threads;
    /** The {@code write_iolog} files of the jobs made so far: a later job cannot replay one before it is written. */
    private final Set<Path> iologsWritten = new HashSet<>();
    /** Every clone's buffer generator so far, in {@code thread_number} order (fio's {@code dedupe_global}). */
    private final List<FioBuffers.Seed> bufferSeeds = new ArrayList<>();

    FioJobTranslator(FioProblems problems, List<String> warnings) {
        this(FioOptions.STANDARD, problems, warnings);
    }

    /** fio's lines for the parser warnings of the jobs made so far, in order ({@code --warnings-fatal}). */
    List<String> parserWarnings() {
        return List.copyOf(parserWarnings);
    }

    FioJobTranslator(FioOptions table, FioProblems problems, List<String> warnings) {
        this.table = table;
        this.problems = problems;
        this.warnings = warnings;
    }

    /**
     * The job being built from one section's options: what the rows' handlers read ({@link #options()}) and set
     * ({@link #spec()} and the values later rows and the clones use).
     */
    final class Job {
        private final FioJobOptions o;
        private final String name;
        private final JobSpec.Builder spec;
        private final List<FioProblems.Problem> blocking = new ArrayList<>();
        private Long seed;
        private Long fileSize;
        /** Set by the rows, in the table's order: rw, then bs (access), ioengine, fallocate, numjobs... */
        RwMode rw = RwMode.READ;
        FioAccess access;
        /** The job's verify before its clones are numbered, null when it does not verify. */
        FioVerify verify;
        /** The job's buffer contents before its clones are numbered ({@link FioBufferOptions}). */
        FioBuffers buffers;
        EngineDescription engine = FioEngines.standard();
        Layout.Preallocate preallocate = Layout.Preallocate.ALLOCATE;
        long numjobs = 1;
        long offset;
        long offsetIncrement;
        /** The job's fio logs (null: none), as the logs row made them. */
        LogSpec logs;
        /** {@code read_iolog}, null when the job draws its own requests; the replay options with it. */
        FioSetting replay;
        FioIolog.Options replayOptions;
        /** The other end of a job on a network engine, null for other engines. */
        NetLink net;
        /** The job's schedule as the schedule row made it (its rates before the clones are numbered). */
        Schedule schedule = Schedule.NONE;

        Job(String section, String where, FioJobOptions o) {
            this.o = o;
            this.name = o.setting("name").filter(s -> s.where().startsWith(where.substring(0, where.lastIndexOf(':'))))
                    .map(FioSetting::value).orElse(section);
            this.spec = JobSpec.builder(Path.of(".")).name(name);
        }

        FioJobOptions options() {
            return o;
        }

        JobSpec.Builder spec() {
            return spec;
        }

        /** fio's job name: the section's, or its own {@code name=}. */
        String name() {
            return name;
        }

        FioProblems problems() {
            return problems;
        }

        /** The problems that change this job's I/O (under {@code --lenient} the job is skipped for them). */
        List<FioProblems.Problem> blocking() {
            return blocking;
        }

        /** Records that {@code s} changes the I/O in a way iobench cannot do, and why. */
        void refuse(FioSetting s, String why) {
            blocking.add(problems.unsupported(s, why, true));
        }

        List<String> warnings() {
            return warnings;
        }

        /**
         * One of fio's parser warnings ({@code fixup_options}'s, which {@code --warnings-fatal} makes fatal): the
         * note as iobench prints it, and {@code fioLine}, fio's own message.
         */
        void fioWarning(String fioLine, String note) {
            warnings.add(note);
            if (!parserWarnings.contains(fioLine)) {
                parserWarnings.add(fioLine);
            }
        }

        /** A note once per file. */
        void warnOnce(String note) {
            if (!warnings.contains(note)) {
                warnings.add(note);
            }
        }

        /** {@code randseed}, else a fixed seed ({@code randrepeat=1}, fio's default) or a new one. */
        long seed() {
            if (seed == null) {
                seed = FioJobTranslator.seed(o);
            }
            return seed;
        }

        /** fio's {@code filesize} (a range {@code a-b} drawn at random, seeded); 0 when not given. */
        long fileSize() {
            if (fileSize == null) {
                fileSize = FioJobTranslator.fileSize(o, this::seed);
            }
            return fileSize;
        }

        /** {@code size=} in bytes; 0 when not set or a share of the file. */
        long sizeOption() {
            return o.has("size") && !o.value("size").orElseThrow().endsWith("%")
                    ? o.size(o.setting("size").orElseThrow(), o.value("size").orElseThrow()) : 0;
        }

        /** The clone's file (fio's {@code filename}, {@code directory}, {@code filename_format}). */
        Path target(int clone, String fileNumber, List<FioProblems.Problem> into) {
            return Path.of(fioName(clone, fileNumber, into));
        }

        /** The clone's file as fio names it ({@code f->file_name}): what its skewed draws hash. */
        String fioName(int clone, String fileNumber, List<FioProblems.Problem> into) {
            return FioJobTranslator.this.fioName(o, name, clone, fileNumber, into);
        }
    }

    FioJob translate(String section, String where, FioJobOptions o) {
        Job job = new Job(section, where, o);
        boolean fileOps = FioFileOps.applies(o);
        judge(job, fileOps);
        for (FioOption<?> row : table.rows()) {
            row.run(job);
        }
        FioFixups.warn(job);
        timeBasedVerifyInZones(job);
        JobSpec.Builder b = job.spec();
        int clones = (int) job.numjobs;
        long seed = job.seed();
        List<JobSpec> specs = new ArrayList<>();
        for (int i = 0; i < clones; i++) {
            // each clone its own random sequence, as fio seeds each thread by its number
            if (fileOps) {
                FioFileOps.apply(o, b, job.target(i, "$filenum", new ArrayList<>()).toString(),
                        job.access.unitBytes(), job.fileSize(), job.rw, problems, job.blocking(), warnings);
            }
            threads++;
            b.fioVerify(job.verify == null ? null : FioVerifyOptions.forThread(job.verify, o, threads));
            FioBuffers.Seed bufferSeed = FioBufferOptions.bufferSeed(o, threads);
            bufferSeeds.add(bufferSeed);
            b.buffers(job.buffers == null ? null : FioBufferOptions.forThread(job.buffers, o, threads, bufferSeed));
            Access access = job.access.access();
            if (job.rw.random()) {
                access = access.withOffsets(FioRandom.offsets(o, threads)); // fio's generator
            }
            if (job.rw.mixed() || job.rw.random() || access.readSizes() != null || access.writeSizes() != null
                    || access.ioBytes() > 0) {
                // fio's directions, sizes and blocks, each from its own generator; fio's loops over the file
                long ioSize = o.has("io_size")
                        ? o.size(o.setting("io_size").orElseThrow(), o.value("io_size").orElseThrow()) : 0;
                access = access.withDraws(FioRandom.draws(o, threads, job.rw, job.verify != null,
                        FioAccess.units(o, job.rw), ioSize,
                        loopBytes(job, ioSize, job.offset + i * job.offsetIncrement)));
            }
            if (access.draws() != null) { // the hash of each file's name starts its zipf, pareto, normal state
                int clone = i;
                access = access.withDraws(access.draws().withFileNames(FioFiles.applies(o)
                        ? FioFiles.names(o, k -> job.fioName(clone, Integer.toString(k), new ArrayList<>()))
                        : List.of(job.fioName(i, "0", new ArrayList<>()))));
            }
            b.access(access);
            long offset = job.offset + i * job.offsetIncrement;
            b.target(job.target(i, "0", job.blocking())).name(clones == 1 ? job.name() : job.name() + "." + i)
                    .seed(seed + i * 0x9E3779B97F4A7C15L).offsetBytes(offset);
            if (job.replay != null) {
                replayed(job, b, i);
                // fio replays a log at the log's pace: its rate_ddir is never asked (read_iolog_get sets the direction)
                b.schedule(job.schedule.withRates(null)).rate(null);
            } else if (job.schedule.rates() != null) {
                b.schedule(job.schedule.withRates(FioSchedule.forThread(job.schedule.rates(), o, threads)));
            }
            b.net(job.net == null ? null : FioNet.clone(job.net, i));
            if (FioFiles.applies(o)) { // several files: each its own bytes, fio's file service between them
                int clone = i;
                JobFiles files = FioFiles.files(o, k -> job.target(clone, Integer.toString(k), new ArrayList<>()),
                        threads, job.access.unitBytes());
                b.files(files).target(files.paths().getFirst()).sizeBytes(FioFiles.jobBytes(o, files));
            } else if (job.fileSize() > 0) { // fio: the file is filesize bytes, the region from the offset to its end
                if (offset > job.fileSize()) {
                    throw FioJobOptions.bad(o.setting("filesize").orElseThrow(), "offset " + offset
                            + " is past the file's end (fio: \"you need to specify valid offset=\")");
                }
                b.sizeBytes(job.fileSize() - offset);
            }
            if (job.logs != null && job.logs.requestLog() != null) {
                iologsWritten.add(Path.of(job.logs.requestLog()).toAbsolutePath().normalize());
            }
            try {
                specs.add(b.build());
            } catch (UnsupportedJobException e) { // what fio runs and iobench cannot yet: stays iobench's refusal
                throw new UnsupportedJobException(where + ": job [" + section + "]: " + e.getMessage());
            } catch (InvalidJobException e) {
                throw new InvalidJobException(where + ": job [" + section + "]: " + e.getMessage());
            }
        }
        boolean stonewall = o.flag("stonewall");
        return new FioJob(job.name(), where, specs, stonewall, stonewall || o.flag("new_group"),
                o.flag("group_reporting"), o.value("wait_for").orElse(""), job.blocking(), FioLatencyReport.of(o));
    }

    /**
     * {@code job} once every job of the file is numbered: its clones with {@code dedupe_global} learn every clone's
     * buffer generator.
     */
    FioJob shareBuffers(FioJob job) {
        return new FioJob(job.name(), job.where(), FioBufferOptions.share(job.clones(), bufferSeeds), job.stonewall(),
                job.newGroup(), job.groupReporting(), job.waitFor(), job.blocking(), job.report());
    }

    /** Every option set, by its row's kind: a note, a reporting problem, or one that changes the I/O. */
    private void judge(Job job, boolean fileOps) {
        for (Map.Entry<String, FioSetting> e : job.options().all().entrySet()) {
            FioOption<?> row = table.row(e.getKey());
            FioSetting s = e.getValue();
            FioOption.Kind kind = fileOps && row.honouredWith() == EngineFlag.WORKS_ON_FILES
                    ? FioOption.Kind.HONOURED : row.kind();
            if (kind == FioOption.Kind.HONOURED || kind == FioOption.Kind.NO_EFFECT || row.restatesDefault(s)) {
                continue;
            }
            switch (kind) {
                case MEASURED_ANYWAY -> job.warnOnce(s.where() + ": " + s.text() + ": " + row.measuredNote());
                case REPORTING -> problems.unsupported(s, "changes only what fio reports or logs; iobench does not"
                        + " do it", false);
                default -> job.refuse(s, "not supported by iobench");
            }
        }
    }

    /** {@code rw}: the pattern; a trim job's per-direction limits are refused. */
    static void rw(Job job, RwMode rw) {
        if (rw.trims()) {
            for (String perDirection : new String[] {"rate", "rate_iops", "rate_min", "rate_iops_min", "max_latency"}) {
                job.options().setting(perDirection).ifPresent(p -> job.refuse(p, "a limit on trims is not supported"
                        + " by iobench yet"));
            }
        }
        job.rw = rw;
        job.spec().rw(rw);
    }

    /** {@code rwmixread} and {@code rwmixwrite}: when both are set, the one set last wins (fio sets both). */
    static void mix(Job job) {
        FioJobOptions o = job.options();
        FioSetting read = o.setting("rwmixread").orElse(null);
        FioSetting write = o.setting("rwmixwrite").orElse(null);
        boolean writeLast = write != null && (read == null || line(write) > line(read));
        if (writeLast) {
            job.spec().mixReadPercent(100 - (int) Math.min(100, o.number("rwmixwrite", 50)));
        } else if (read != null) {
            job.spec().mixReadPercent((int) Math.min(100, o.number("rwmixread", 50)));
        }
    }

    private static int line(FioSetting s) {
        return Integer.parseInt(s.where().substring(s.where().lastIndexOf(':') + 1));
    }

    /** {@code size} and {@code offset}: a share of the file ({@code N%}) is not iobench's; else bytes. */
    static OptionalLong region(Job job, FioSetting s) {
        if (s.value().endsWith("%")) {
            job.refuse(s, "a share of the file's size is not supported by iobench");
            return OptionalLong.empty();
        }
        return OptionalLong.of(job.options().size(s, s.value()));
    }

    /** fio's {@code filesize} (a range {@code a-b} drawn at random, seeded); 0 when not given. */
    static long fileSize(FioJobOptions o, LongSupplier seed) {
        FioSetting s = o.setting("filesize").orElse(null);
        if (s == null) {
            return 0;
        }
        String[] range = s.value().split("-", -1);
        long low = o.size(s, range[0]);
        long high = range.length > 1 ? o.size(s, range[1]) : low;
        return high > low ? low + new SplittableRandom(seed.getAsLong()).nextLong(high - low + 1) : low;
    }

    /**
     * fio's {@code total_bytes} of a loop over the file ({@code do_io}): the job's {@code size} (at most the file's
     * bytes from {@code offset}), or {@code io_size} when larger for random writes without the random map; 0 where
     * iobench leaves it out (a size from the file or a share of it, verify, trims).
     */
    static long loopBytes(Job job, long ioSize, long offset) {
        long size = job.sizeOption();
        long file = job.fileSize();
        long bytes = size > 0 ? (file > 0 ? Math.min(size, Math.max(0, file - offset)) : size)
                : file > 0 ? Math.max(0, file - offset) : 0;
        if (bytes == 0 || job.verify != null || job.rw.trims()) {
            return 0;
        }
        if (job.rw.writes() && job.rw.random() && job.options().flag("norandommap")) {
            bytes = Math.max(bytes, ioSize);
        }
        return bytes;
    }

    /** The request sizes, offsets and I/O limits ({@link FioAccess}), in the region {@code filesize}/{@code size}. */
    static void access(Job job) {
        FioJobOptions o = job.options();
        String rwValue = o.value("rw").orElse("read");
        long sizeOption = job.sizeOption();
        long file = job.fileSize();
        job.access = FioAccess.of(o, job.rw, rwValue.contains(":") ? rwValue.substring(rwValue.indexOf(':') + 1) : "",
                file > 0 ? file : sizeOption, file > 0 && sizeOption < file ? sizeOption : 0, job.problems(),
                job.blocking());
        job.spec().blockSize(job.access.unitBytes()).access(job.access.access());
    }

    /**
     * fio's {@code verify}, as fio does it ({@link FioVerifyOptions}, docs/fio.md): fio's headers, checksums and
     * verify phase, on reads, writes and mixed jobs; each clone's generator is started when the clones are made.
     */
    static void verify(Job job) {
        job.verify = FioVerifyOptions.of(job.options(), job.name(), job.rw, job.access.access(),
                job.access.unitBytes(), job.problems(), job.blocking());
    }

    /** {@code time_based}: the region is looped until {@code runtime}; without a runtime fio ignores it. */
    static void timeBased(Job job, boolean on) {
        FioJobOptions o = job.options();
        if (!on) {
            return;
        }
        if (!o.has("runtime") || o.nanos("runtime", "s") == 0) {
            // fio: "time_based requires a runtime/timeout setting", then runs size-based
            job.fioWarning(FioFixups.TIME_BASED, o.setting("time_based").orElseThrow().where() + ": time_based"
                    + " without runtime: fio ignores it (\"time_based requires a runtime/timeout setting\"), so does"
                    + " iobench");
        } else if (FioFiles.applies(o) && !job.rw.random()) {
            // fio's get_next_seq_offset wraps only a job of one file: over several, each file ends and a new loop
            // (every file from its start, generators again) begins once all have; iobench wraps within each file
            job.refuse(o.setting("time_based").orElseThrow(), "a sequential job over several files is not fio's"
                    + " sequence in iobench yet (fio ends each file and starts a new loop over all of them; iobench"
                    + " wraps each file on its own)");
        } else {
            job.spec().loopRegion(true);
        }
    }

    /**
     * A time-based verifying job in zones on an engine that queues: fio's {@code do_io} ends each of its loops once
     * the job's size is queued and verifies it; iobench's zones start no such loop yet (one file or several without
     * zones do).
     */
    static void timeBasedVerifyInZones(Job job) {
        FioJobOptions o = job.options();
        String zones = o.value("zonemode").orElse("none").strip().toLowerCase(Locale.ROOT);
        if (job.verify != null && !job.verify.only() && o.flag("time_based") && o.has("runtime")
                && o.nanos("runtime", "s") > 0 && job.engine.queuesAt((int) o.number("iodepth", 1))
                && (zones.equals("zbd") || zones.equals("strided"))) {
            job.refuse(o.setting("time_based").orElseThrow(), "with verify in zones (zonemode=" + zones + ") on an"
                    + " engine that queues is not fio's sequence in iobench yet (fio ends each loop once the job's"
                    + " size is queued and verifies it)");
        }
    }

    /** fio's steady state ({@link FioSteady}): the row runs for every job, ss_dur turning it on. */
    static void steady(Job job, FioSetting s) {
        job.spec().steady(FioSteady.criterion(job.options(), job.warnings()));
    }

    /**
     * {@code ioengine}: iobench's engine for fio's, with the options of that engine (priorities, cpuio's burn,
     * exec's program; refused with other engines, as fio refuses them).
     */
    static void engine(Job job) {
        FioJobOptions o = job.options();
        FioSetting e = o.setting("ioengine").orElse(null);
        EngineDescription engine = FioEngines.standard();
        if (e != null) {
            engine = FioEngines.describe(e.value()).orElse(engine);
            if (FioEngines.describe(e.value()).isEmpty()) {
                job.refuse(e, "iobench runs the engines " + FioEngines.KNOWN);
            }
        }
        job.engine = engine;
        JobSpec.Builder b = job.spec();
        b.engine(engine.name());
        b.priorities(FioPriorities.of(o, engine));
        b.burn(engine.has(EngineFlag.BURNS_CPU) ? FioEngineWork.burn(o) : null);
        b.program(engine.has(EngineFlag.RUNS_PROGRAM) ? FioEngineWork.program(o, job.name(), job.problems(),
                job.warnings(), job.blocking()) : null);
        FioEngineWork.refuseOthers(o, engine);
        job.net = engine.has(EngineFlag.NETWORK) ? FioNet.of(o, job.rw, job) : null;
        FioNet.refuseOthers(o, engine, job);
    }

    /**
     * {@code iodepth}: at least 1; a synchronous engine caps it at 1, as fio does. Then the batching and queue options
     * ({@link FioSubmission}).
     */
    static void iodepth(Job job, long depth) {
        FioJobOptions o = job.options();
        if (depth < 1) {
            throw FioJobOptions.bad(o.setting("iodepth").orElseThrow(), "must be at least 1");
        }
        if (depth > 1 && job.engine.has(EngineFlag.SYNC)) {
            job.warnings().add(o.setting("iodepth").orElseThrow().where() + ": iodepth=" + depth + " with a"
                    + " synchronous engine: queue depth capped at 1, as fio does");
            depth = 1;
        }
        job.spec().iodepth((int) depth);
        FioSubmission.apply(job, (int) depth);
    }

    /** {@code sync}: each write synchronous ({@code O_SYNC}, or {@code O_DSYNC}); reads are not affected. */
    static void sync(Job job, FioSetting s) {
        boolean writes = job.rw.writes();
        switch (s.value().toLowerCase(Locale.ROOT)) {
            case "", "1", "sync" -> {
                if (writes) {
                    job.spec().sync(SyncMode.SYNC);
                }
            }
            case "dsync" -> {
                if (writes) {
                    job.spec().sync(SyncMode.DSYNC);
                }
            }
            case "0", "none" -> { }
            default -> throw FioJobOptions.bad(s, "must be none, 0, sync, 1 or dsync");
        }
    }

    /** {@code fsync} every N writes; {@code fdatasync} every N writes (without a final one) is not iobench's. */
    static void fsyncs(Job job) {
        FioJobOptions o = job.options();
        boolean writes = job.rw.writes();
        long fdatasync = o.number("fdatasync", 0);
        long fsync = o.number("fsync", 0);
        if (fdatasync > 0 && writes) {
            job.refuse(o.setting("fdatasync").orElseThrow(), "an fdatasync every N writes without a final one is not"
                    + " supported by iobench yet");
        } else if (fsync > 0 && writes && o.number("iodepth", 1) > 1 && !job.engine.has(EngineFlag.SYNC)) {
            // fio counts the N writes as it issues them and queues the sync beside those in flight (io_issues,
            // td_io_queue); iobench's worker counts them as they complete and syncs once the queue is empty
            job.refuse(o.setting("fsync").orElseThrow(), "with iodepth=" + o.number("iodepth", 1) + " on an engine"
                    + " that queues is not fio's sequence in iobench yet (fio syncs after N writes issued, beside"
                    + " those in flight; iobench after N completed): iodepth=1 or a synchronous engine is");
        } else if (fsync > 0 && writes) {
            job.spec().fsyncEvery((int) fsync);
        }
        if (o.flag("fsync_on_close") && writes && FioFiles.applies(o)) {
            // fio syncs each file at each of its closes (put_file), then every file again at the end
            job.refuse(o.setting("fsync_on_close").orElseThrow(), "with several files (nrfiles, filename=a:b:c) is"
                    + " not supported by iobench yet (end_fsync is)");
        } else if ((o.flag("end_fsync") || o.flag("fsync_on_close")) && writes) {
            job.spec().sync(SyncMode.FSYNC);
        }
    }

    /** fio's {@code fallocate}: native by default (allocate and extend), as its documentation has it on Linux. */
    static Layout.Preallocate preallocate(FioJobOptions o, FioSetting s) {
        return switch (s.value().toLowerCase(Locale.ROOT)) {
            case "none", "0" -> Layout.Preallocate.NONE;
            case "native", "posix", "1" -> Layout.Preallocate.ALLOCATE;
            case "keep" -> Layout.Preallocate.KEEP_SIZE;
            case "truncate" -> Layout.Preallocate.TRUNCATE;
            default -> throw FioJobOptions.bad(s, "must be none, native, posix, keep, truncate, 0 or 1");
        };
    }

    /**
     * fio's {@code fill_device}: a sequential write job writes until ENOSPC or EDQUOT, which ends it normally; without
     * {@code size=} its size is the file system's usable space (plus what the file already holds), in whole
     * requests, and nothing is reserved first. A device's size is its own (the whole device, as without size=).
     * Other jobs are refused (fio fills the file system first for them).
     */
    static void fillDevice(Job job, boolean on) {
        if (!on) {
            return;
        }
        FioJobOptions o = job.options();
        FioSetting s = o.setting("fill_device").orElseThrow();
        Path target = job.target(0, "0", new ArrayList<>());
        if (job.rw != RwMode.WRITE) {
            job.refuse(s, "iobench fills a device with sequential write jobs only (fio fills the file system first for"
                    + " other jobs)");
            return;
        }
        JobSpec.Builder b = job.spec();
        b.layout(Layout.fio(o.flag("overwrite"), job.preallocate).fillingDevice());
        if (o.has("size") || job.fileSize() > 0 || Files.exists(target) && !Files.isRegularFile(target)) {
            return;
        }
        try {
            Path dir = target.toAbsolutePath().getParent();
            while (dir != null && !Files.exists(dir)) {
                dir = dir.getParent();
            }
            long bytes = Files.getFileStore(dir).getUsableSpace()
                    + (Files.isRegularFile(target) ? Files.size(target) : 0);
            long unit = job.access.unitBytes();
            b.sizeBytes(bytes / unit * unit);
        } catch (IOException e) {
            throw FioJobOptions.bad(s, "cannot read the free space of " + target + "'s file system: " + e.getMessage());
        }
    }

    /** fio's I/O logs; the job's number in the file is set when the file's jobs are counted (0 here). */
    static void logs(Job job) {
        FioJobOptions o = job.options();
        String bw = logName(o, "write_bw_log", job.name());
        String lat = logName(o, "write_lat_log", job.name());
        String iops = logName(o, "write_iops_log", job.name());
        String requests = FioLogOptions.requestLog(o);
        if (requests != null && o.has("read_iolog")) {
            requests = null; // fio: "read iolog overrides write_iolog"
            job.fioWarning(FioFixups.READ_IOLOG, o.setting("write_iolog").orElseThrow().where() + ": write_iolog with"
                    + " read_iolog: fio writes no iolog of a replay (\"read iolog overrides write_iolog\"), neither"
                    + " does iobench");
        }
        job.logs = bw == null && lat == null && iops == null && requests == null ? null : new LogSpec(bw, lat,
                iops, o.number("log_avg_msec", 0), o.flag("log_max_value"), o.flag("log_offset"),
                o.flag("per_job_logs", true), 0, o.flag("log_prio"), FioLogOptions.compressBytes(o),
                o.flag("log_store_compressed"), requests);
        job.spec().logs(job.logs);
    }

    /** {@code read_iolog}: the job replays the log (read per clone, {@link #replayed}); its options read now. */
    static void replay(Job job, FioSetting s) {
        if (s.value().isBlank()) {
            throw FioJobOptions.bad(s, "needs a file name");
        }
        if (s.value().strip().equals("-")) {
            job.refuse(s, "a log on standard input is not supported by iobench (name the file)");
            return;
        }
        FioSetting directory = job.options().setting("directory").orElse(null);
        if (directory != null) {
            // add_file puts the directory in front of each name the log gives, get_fileno then looks the bare name
            // up and finds no file: fio 3.33 dies of signal 11 on every such job
            throw FioJobOptions.bad(s, "with directory=" + directory.value() + " (" + directory.where() + ") fio"
                    + " 3.33 crashes (signal 11: it looks up the log's names without the directory it put in front"
                    + " of them); name the files in the log, or with replay_redirect=, without directory=");
        }
        job.replay = s;
        job.replayOptions = FioIolog.options(job.options());
    }

    /**
     * Clone {@code clone} of a replaying job: its log read (fio reads it as the job starts; iobench before any job
     * starts, so a log an earlier job of the file writes is refused), the job's requests, file, size and largest
     * request the log's, as fio replaces them.
     */
    private void replayed(Job job, JobSpec.Builder b, int clone) {
        FioSetting s = job.replay;
        String name = FioIolog.nameFor(s.value(), clone);
        if (iologsWritten.contains(Path.of(name).toAbsolutePath().normalize())) {
            throw FioJobOptions.bad(s, name + " is written by an earlier job of this file (write_iolog): iobench"
                    + " reads a replayed log before the first job starts; replay it in a run of its own");
        }
        FioIolog.Read r = FioIolog.read(s, name, job.replayOptions, warnings);
        if (job.replayOptions.redirect() == null && r.files().size() > 1) {
            job.refuse(s, name + " names " + r.files().size() + " files (" + String.join(", ", r.files())
                    + "): iobench replays one file per job; replay_redirect= sends every request to one");
        }
        b.target(Path.of(r.file()));
        // the direction the job's file is opened and consented for: a log of waits alone reads nothing, but opens
        // its file as a reader would
        RwMode mode = r.reads() > 0 ? (r.writes() > 0 ? RwMode.RW : RwMode.READ)
                : r.writes() > 0 ? RwMode.WRITE : RwMode.READ;
        b.rw(mode).mixReadPercent(r.readPercent()).blockSize(Math.max(1, r.maxLength())).sizeBytes(r.extentBytes())
                .exactSize(true).offsetBytes(0).access(Access.DEFAULT).loopRegion(false).replay(r.replay());
    }

    /** A log's file prefix: the value, the job's name for a bare option; null when not asked for. */
    private static String logName(FioJobOptions o, String key, String job) {
        return o.setting(key).map(s -> s.value().isEmpty() ? job : s.value()).orElse(null);
    }

    /** {@code numjobs}: the clones, bounded by iobench's worker limit. */
    static void numjobs(Job job, long n) {
        if (n < 1 || n > MAX_NUMJOBS) {
            throw FioJobOptions.bad(job.options().setting("numjobs").orElseThrow(), "must be 1.." + MAX_NUMJOBS
                    + " (iobench's worker limit, as for --threads)");
        }
        job.numjobs = n;
    }

    /**
     * {@code allow_file_create=0}: fio 3.33 opens a job's file without {@code O_CREAT} ({@code filesetup.c}), so a
     * file that exists (a device, a file made before) is used as with 1, and one that does not fails the job ("fio:
     * file creation disallowed by allow_file_create=0") while fio runs the others and exits 1; iobench refuses the
     * job file instead. Engines that lay out no file (diskless, network, file operations, cpuio, exec) open none.
     */
    static void allowFileCreate(Job job, boolean allowed) {
        if (allowed || job.engine.flags().stream().anyMatch(f -> f == EngineFlag.DISKLESS || f == EngineFlag.NETWORK
                || f == EngineFlag.WORKS_ON_FILES || f == EngineFlag.BURNS_CPU || f == EngineFlag.RUNS_PROGRAM)) {
            return;
        }
        FioSetting s = job.options().setting("allow_file_create").orElseThrow();
        for (int clone = 0; clone < job.numjobs; clone++) {
            Path file = job.target(clone, "0", new ArrayList<>());
            if (!Files.exists(file)) {
                job.refuse(s, file + " does not exist (fio: \"file creation disallowed by allow_file_create=0\":"
                        + " fio fails the job and runs the others)");
                return;
            }
        }
    }

    /** The job's timing beyond runtime and its rate ({@link FioSchedule}); fio's exec engine thinks 50 ms. */
    static void schedule(Job job) {
        FioSchedule schedule = FioSchedule.of(job.options(), job.rw, job.seed(), job.problems(), job.blocking());
        job.schedule = job.engine.has(EngineFlag.RUNS_PROGRAM) ? FioEngineWork.execThink(schedule.schedule())
                : schedule.schedule();
        job.spec().schedule(job.schedule).rate(schedule.rate());
        mixedRates(job);
    }

    /**
     * A mixed job's rates turn its direction as fio's {@code rate_ddir} turns it, in iobench's drawing of one file's
     * requests; where iobench draws them otherwise (zones of {@code zonemode=zbd}, several files, a verifying job's
     * reads) the turn is not fio's yet: refused, naming the option.
     */
    private static void mixedRates(Job job) {
        FioJobOptions o = job.options();
        if (job.schedule.rates() == null || !(job.rw.reads() && job.rw.writes())) {
            return;
        }
        FioSetting s = o.setting(o.has("rate_iops") ? "rate_iops" : "rate").orElseThrow();
        String where = "zbd".equalsIgnoreCase(o.value("zonemode").orElse("").strip()) ? "with zonemode=zbd"
                : FioFiles.applies(o) ? "over several files"
                : o.has("verify") && !"0".equals(o.value("verify").orElseThrow().strip())
                        && !"none".equalsIgnoreCase(o.value("verify").orElseThrow().strip()) ? "with verify" : null;
        if (where != null) {
            job.refuse(s, "on a mixed job " + where + " is not supported by iobench yet (fio turns the direction by"
                    + " each direction's rate; iobench does that only for a mixed job on one file without zbd zones"
                    + " or verify)");
        }
    }

    /** {@code offset_increment}: each clone starts that much further (zones: {@code 10z}); a share is not iobench's yet. */
    static void offsetIncrement(Job job, FioSetting s) {
        if (s.value().endsWith("%")) {
            job.refuse(s, "a share of the file is not supported by iobench yet");
            return;
        }
        job.offsetIncrement = job.options().size(s, s.value());
    }

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

    /**
     * The clone's file as fio names it: {@code filename} (shared by every clone) under {@code directory}, else fio's
     * {@code filename_format} there ({@code $jobname.$jobnum.$filenum} by default; {@code $jobnum} is the clone's
     * number, {@code $filenum} 0 for a job's one file). fio's {@code add_file} writes the directory as given, a
     * {@code /}, then the name, whatever either holds ({@code directory=/tmp/} makes {@code /tmp//f}; an absolute
     * {@code filename} goes under the directory too): the file opened is the path that string names, and the
     * string itself is what fio hashes and logs.
     */
    private String fioName(FioJobOptions o, String name, int clone, String fileNumber,
                           List<FioProblems.Problem> blocking) {
        FioSetting filename = o.setting("filename").orElse(null);
        FioSetting directory = o.setting("directory").orElse(null);
        if (directory != null && directory.value().contains(":")) {
            blocking.add(problems.unsupported(directory, "several directories are not supported by iobench yet",
                    true));
        }
        if (filename != null && filename.value().contains(":") && !FioFiles.applies(o)) {
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
        return FioFiles.under(o, file);
    }
}
