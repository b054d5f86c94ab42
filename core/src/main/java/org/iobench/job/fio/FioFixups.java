package org.iobench.job.fio;

import java.util.Set;
import org.iobench.job.BlockSizeMix;

/**
 * fio 3.33's parser warnings: the lines {@code init.c}'s {@code fixup_options} prints about a job whose options
 * contradict each other and then runs anyway, each one a {@code ret |= warnings_fatal}, so that
 * {@code --warnings-fatal} refuses the job instead (fio exits 1 with the line alone). Each is a note of iobench's
 * too ({@link FioJobTranslator.Job#fioWarning}); the two that change what runs (time_based without runtime,
 * write_iolog beside read_iolog) are raised where the option is read, the rest here, after every row has run. The
 * two of fio's that cannot happen on Linux (no process-shared mutexes, no {@code fdatasync}) and the pre-read of a
 * pipe engine (iobench has none) are not.
 */
final class FioFixups {
    static final String TIME_BASED = "fio: time_based requires a runtime/timeout setting";
    static final String READ_IOLOG = "fio: read iolog overrides write_iolog";
    static final String BLOCKALIGN = "fio: Any use of blockalign= turns off randommap";
    static final String VERIFY_LIMITED = "fio: norandommap given for variable block sizes, verify limited";
    static final String MULTIPLE_WRITERS = "fio: multiple writers may overwrite blocks that belong to other jobs."
            + " This can cause verification failures.";
    static final String NO_VERIFY_PHASE = "fio: verification read phase will never start because write phase uses"
            + " all of runtime";

    /** The lines fio prints with {@code log_info} (with the report), not {@code log_err} (on stderr). */
    static final Set<String> INFO = Set.of(MULTIPLE_WRITERS, NO_VERIFY_PHASE);

    private FioFixups() {}

    /** The warnings of fio's {@code fixup_options} for {@code job} once its rows have run, in fio's order. */
    static void warn(FioJobTranslator.Job job) {
        FioJobOptions o = job.options();
        BlockSizeMix[] sizes = FioAccess.sizes(o);
        boolean noRandomMap = o.flag("norandommap");
        if (job.rw.random() && o.has("ba") && !noRandomMap) {
            FioSetting s = o.setting("ba").orElseThrow();
            String[] dirs = FioJobOptions.perDirection(s.value(), "");
            for (int d = 0; d < 3 && !noRandomMap; d++) {
                noRandomMap = !dirs[d].isEmpty() && o.size(s, dirs[d]) != sizes[d].minBytes();
            }
            if (noRandomMap) {
                // fio compares every direction's ba with its smallest size; iobench's random map (FioAccess) looks
                // at the job's own direction only, so bs=4k,8k ba=4k on a reader keeps iobench's map on
                job.fioWarning(BLOCKALIGN, s.where() + ": " + s.key() + "=" + s.value() + ": fio turns its random"
                        + " map off (\"Any use of blockalign= turns off randommap\"); iobench's is off when it differs"
                        + " from the smallest size of the job's own direction");
            }
        }
        if (job.verify == null) {
            return;
        }
        String where = o.setting("verify").map(FioSetting::where).orElse(job.name());
        if (noRandomMap && !fixedBlockSize(sizes)) {
            job.fioWarning(VERIFY_LIMITED, where + ": verify with norandommap and variable block sizes: fio warns"
                    + " \"verify limited\" (a block written twice verifies its last write only)");
        }
        boolean writes = job.rw.writes();
        if (writes && job.verify.afterWrites() && job.numjobs > 1 && (o.has("filename") || !uniqueNames(o))) {
            job.fioWarning(MULTIPLE_WRITERS, where + ": verify with numjobs=" + job.numjobs + " writers of the same"
                    + " file: fio warns that one may overwrite another's blocks (verification failures)");
        }
        boolean runtime = o.has("runtime") && o.nanos("runtime", "s") > 0;
        if (writes && job.verify.afterWrites() && runtime && o.flag("time_based") && !job.rw.reads()
                && job.verify.backlog() == 0) {
            job.fioWarning(NO_VERIFY_PHASE, where + ": verify of a time_based writer: fio warns that its writes use"
                    + " all of runtime; so they do on an engine that completes each request in its call, while on one"
                    + " that queues each loop ends once the job's size is queued and is verified (fio's do_io), in"
                    + " iobench as in fio");
        }
    }

    /** fio's {@code fixed_block_size}: one size for every direction. */
    private static boolean fixedBlockSize(BlockSizeMix[] sizes) {
        for (BlockSizeMix m : sizes) {
            if (m.minBytes() != m.maxBytes() || m.minBytes() != sizes[0].minBytes()) {
                return false;
            }
        }
        return true;
    }

    /** fio: {@code unique_filename} with a {@code filename_format} naming the job, its number and the file's. */
    private static boolean uniqueNames(FioJobOptions o) {
        String format = o.value("filename_format").orElse("$jobname.$jobnum.$filenum");
        return o.flag("unique_filename", true) && format.contains("$jobname") && format.contains("$jobnum")
                && format.contains("$filenum");
    }
}
