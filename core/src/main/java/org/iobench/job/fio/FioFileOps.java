package org.iobench.job.fio;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.FileOps;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;

/**
 * fio's file-operation engines in a job file ({@code ioengine=filecreate}, {@code filestat}, {@code filedelete}):
 * {@code nrfiles} files per job named {@code jobname.jobnum.filenum} (or {@code filename_format}), one call per
 * file. {@code filecreate} counts each file as one block ({@code bs}, fio's {@code get_file_size}); the others count
 * {@code filesize} and lay the files out to it first. {@code openfiles}, {@code create_on_open} and {@code unlink}
 * change nothing these engines time (filecreate closes each file before opening the next; fio 3.33 times the
 * creation with or without {@code create_on_open}); {@code stat_type} picks filestat's call. These options' rows
 * say they are honoured with {@link EngineFlag#WORKS_ON_FILES} ({@link FioOptions}).
 */
final class FioFileOps {
    private FioFileOps() {}

    /** True when the job's engine is one of fio's file-operation engines. */
    static boolean applies(FioJobOptions o) {
        return engine(o).map(d -> d.has(EngineFlag.WORKS_ON_FILES)).orElse(false);
    }

    private static Optional<EngineDescription> engine(FioJobOptions o) {
        return o.value("ioengine").flatMap(FioEngines::describe);
    }

    /**
     * Makes {@code b} a job of a file-operation engine: its files (named by {@code pattern}), one request per file
     * counting {@code bs} (filecreate) or each file's size ({@code filesize}, else {@code size} shared by the
     * files), as fio counts them; a note in {@code warnings} where fio counts several requests per file.
     */
    static void apply(FioJobOptions o, JobSpec.Builder b, String pattern, long bs, long fileSize, RwMode rw,
                      FioProblems problems, List<FioProblems.Problem> blocking, List<String> warnings) {
        boolean create = engine(o).orElseThrow().has(EngineFlag.CREATES_FILES);
        long count = Math.max(1, o.number("nrfiles", 1));
        long size = o.has("size") && !o.value("size").orElseThrow().endsWith("%")
                ? o.size(o.setting("size").orElseThrow(), o.value("size").orElseThrow()) : 0;
        long each = create ? bs : fileSize > 0 ? fileSize : size / count;
        FileOps files = files(o, pattern, each, rw, problems, blocking);
        b.fileOps(files).blockSize(each).sizeBytes(files.count() * each).exactSize(false);
        if (!create && each > bs) {
            String note = o.setting("ioengine").orElseThrow().where() + ": " + o.value("ioengine").orElseThrow()
                    + " with files of " + each + " bytes and bs=" + bs + ": iobench counts one request of the file's"
                    + " size per file; fio counts " + ((each + bs - 1) / bs) + " per file (all but the first do"
                    + " nothing and are not timed): the same calls and bytes";
            if (!warnings.contains(note)) {
                warnings.add(note);
            }
        }
    }

    /**
     * The job's files, each counting {@code bytesEach}; what these engines cannot do as fio does is added to
     * {@code blocking}.
     *
     * @param pattern the files' path with {@code $filenum} in it
     */
    private static FileOps files(FioJobOptions o, String pattern, long bytesEach, RwMode rw, FioProblems problems,
                         List<FioProblems.Problem> blocking) {
        String engine = o.value("ioengine").orElseThrow().toLowerCase(Locale.ROOT);
        EngineDescription described = engine(o).orElseThrow();
        boolean creates = described.has(EngineFlag.CREATES_FILES);
        long count = o.number("nrfiles", 1);
        if (count < 1 || count > 10_000_000) {
            throw FioJobOptions.bad(o.setting("nrfiles").orElseThrow(), "must be 1..10000000");
        }
        if (o.has("openfiles") && o.number("openfiles", 1) < 1) {
            throw FioJobOptions.bad(o.setting("openfiles").orElseThrow(), "must be at least 1");
        }
        if (rw != RwMode.READ && rw != RwMode.WRITE) {
            blocking.add(problems.unsupported(o.setting("rw").orElseThrow(), "the " + engine + " engine takes its"
                    + " files in order (fio's round robin); iobench does not mix or shuffle them", true));
        }
        if (o.has("filename")) {
            blocking.add(problems.unsupported(o.setting("filename").orElseThrow(), "the " + engine + " engine names"
                    + " its files jobname.jobnum.filenum in iobench (filename_format may change that)", true));
        }
        if (o.flag("time_based")) {
            blocking.add(problems.unsupported(o.setting("time_based").orElseThrow(), "the " + engine + " engine"
                    + " makes one pass over its files in iobench", true));
        }
        if (!creates && bytesEach <= 0) {
            throw FioJobOptions.bad(o.setting("ioengine").orElseThrow(), "needs filesize= (or size=): fio lays the"
                    + " files out to it before the job stats or deletes them");
        }
        if (!creates && o.flag("create_on_open")) {
            throw FioJobOptions.bad(o.setting("create_on_open").orElseThrow(), "with " + engine + " fio lays no file"
                    + " out before the job (it would create it on open, and " + engine + " does not open it), so the"
                    + " first call fails with ENOENT");
        }
                String stat = o.value("stat_type").orElse("stat").toLowerCase(Locale.ROOT);
        if (o.has("stat_type") && !described.has(EngineFlag.STATS_FILES)) {
            throw FioJobOptions.bad(o.setting("stat_type").orElseThrow(), "an option of the "
                    + EngineCatalog.names(EngineCatalog.installed().with(EngineFlag.STATS_FILES), "and")
                    + " engine, and the job's ioengine is " + engine + " (fio refuses it too)");
        }
        if (!Set.of("stat", "lstat", "statx").contains(stat)) {
            throw FioJobOptions.bad(o.setting("stat_type").orElseThrow(), "must be stat, lstat or statx");
        }
        return new FileOps(pattern, (int) count, creates ? 0 : bytesEach, stat);
    }
}
