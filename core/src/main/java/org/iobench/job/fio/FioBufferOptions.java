package org.iobench.job.fio;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.iobench.job.FioBuffers;
import org.iobench.job.JobSpec;

/**
 * fio 3.33's options of buffer contents read as fio reads them ({@code options.c}'s callbacks in the order the
 * options are written, then {@code fixup_options} and {@code setup_td_flags}): {@code zero_buffers},
 * {@code refill_buffers}, {@code scramble_buffers}, {@code buffer_pattern} (no refill unless the job reads or
 * compresses; no scramble, no zeros), {@code buffer_compress_percentage} (100 means zeros; else a refill unless
 * {@code refill_buffers} says otherwise), {@code buffer_compress_chunk}, {@code dedupe_percentage} (a refill),
 * {@code dedupe_mode}, {@code dedupe_working_set_percentage} and {@code dedupe_global}. Each clone's generators
 * start where fio starts them ({@link FioRandom#seed}).
 */
final class FioBufferOptions {
    private static final int FIO_RAND_BUF_OFF = 9;
    private static final int FIO_DEDUPE_OFF = 14;
    private static final int FIO_RAND_DEDUPE_WORKING_SET_IX = 20;
    /** The options whose callbacks change others, applied in the order they are written. */
    private static final List<String> ORDERED = List.of("zero_buffers", "refill_buffers", "scramble_buffers",
            "buffer_pattern", "dedupe_percentage", "buffer_compress_percentage");
    /** Bytes a page of the working set costs (fio keeps a generator's state per page, as iobench does). */
    private static final long PAGE_STATE_BYTES = 48;
    private static final long MAX_WORKING_SET_STATE_BYTES = 1L << 30;

    private FioBufferOptions() {}

    /** The row's step (it runs for every job): the job's buffer contents before its clones are numbered. */
    static void apply(FioJobTranslator.Job job) {
        job.buffers = of(job);
    }

    private static FioBuffers of(FioJobTranslator.Job job) {
        FioJobOptions o = job.options();
        byte[] pattern = new byte[0];
        int compress = 0;
        int dedupe = 0;
        boolean zero = false;
        boolean zeroSet = false;
        boolean refill = false;
        boolean refillSet = false;
        boolean scramble = true;
        boolean scrambleSet = false;
        boolean compressFlag = false;
        List<FioSetting> given = new ArrayList<>();
        for (String name : ORDERED) {
            o.setting(name).ifPresent(given::add);
        }
        given.sort(Comparator.comparingInt(FioBufferOptions::line));
        for (FioSetting s : given) {
            switch (s.key()) {
                case "zero_buffers" -> {
                    zero = o.flag(s);
                    zeroSet = true;
                }
                case "refill_buffers" -> {
                    refill = o.flag(s);
                    refillSet = true;
                }
                case "scramble_buffers" -> {
                    scramble = o.flag(s);
                    scrambleSet = true;
                }
                case "buffer_pattern" -> {
                    pattern = pattern(s);
                    refill = compress != 0 || job.rw.reads(); // str_buffer_pattern_cb
                    scramble = false;
                    zero = false;
                }
                case "dedupe_percentage" -> {
                    dedupe = percent(o, s);
                    refill = true;
                    compressFlag = true;
                }
                default -> {
                    compress = percent(o, s);
                    compressFlag = true;
                }
            }
        }
        if (compress == 100) { // fixup_options: fully compressible is zeros, filled once
            zero = true;
            compress = 0;
        } else if (compress != 0 && !refillSet) {
            refill = true;
        }
        boolean scrambles = scramble && (scrambleSet || !(zero && zeroSet)) && !compressFlag;
        long chunk = o.has("buffer_compress_chunk") ? o.size(o.setting("buffer_compress_chunk").orElseThrow(),
                o.value("buffer_compress_chunk").orElseThrow()) : 512;
        boolean workingSet = workingSet(o);
        long minWrite = job.access.access().sizes(true, job.access.unitBytes()).minBytes();
        long pages = dedupe > 0 && workingSet ? pages(job, dedupe, minWrite) : 0;
        if (job.verify != null && compress != 0) {
            job.refuse(o.setting("buffer_compress_percentage").orElseThrow(), "verify's data would follow it (fio's"
                    + " __fill_buffer): not supported by iobench yet");
        }
        FioBuffers.Fill fill = pattern.length > 0 ? FioBuffers.Fill.PATTERN
                : zero ? FioBuffers.Fill.ZERO : FioBuffers.Fill.RANDOM;
        return new FioBuffers(fill, HexFormat.of().formatHex(pattern), compress, chunk, compress != 0 || dedupe != 0,
                dedupe, workingSet, pages, refill, scrambles, minWrite, new FioBuffers.Seed(0, false), 0, 0, 0,
                o.flag("dedupe_global"), List.of());
    }

    /** The buffer contents of clone {@code threadNumber}, its buffer generator starting at {@code buffer}. */
    static FioBuffers forThread(FioBuffers b, FioJobOptions o, int threadNumber, FioBuffers.Seed buffer) {
        return new FioBuffers(b.fill(), b.patternHex(), b.compressPercent(), b.compressChunk(), b.chunked(),
                b.dedupePercent(), b.workingSet(), b.workingSetPages(), b.refill(), b.scramble(), b.minWriteBytes(),
                buffer, FioRandom.seed(o, threadNumber, FIO_DEDUPE_OFF),
                FioRandom.seed(o, threadNumber, FIO_RAND_DEDUPE_WORKING_SET_IX), threadNumber, b.global(), List.of());
    }

    /** fio's {@code buf_state} start for clone {@code threadNumber}. */
    static FioBuffers.Seed bufferSeed(FioJobOptions o, int threadNumber) {
        return new FioBuffers.Seed(FioRandom.seed(o, threadNumber, FIO_RAND_BUF_OFF),
                "tausworthe64".equalsIgnoreCase(o.value("random_generator").orElse("").strip()));
    }

    /**
     * {@code dedupe_global}: each clone that has it learns every job's buffer generator (fio spreads the working set
     * over all of them, {@code init_global_dedupe_working_set_seeds}), once every job is numbered.
     */
    static List<JobSpec> share(List<JobSpec> clones, List<FioBuffers.Seed> all) {
        List<JobSpec> out = new ArrayList<>(clones.size());
        for (JobSpec c : clones) {
            out.add(c.buffers() != null && c.buffers().global() && c.buffers().workingSet()
                    ? c.toBuilder().buffers(c.buffers().withShared(all)).build() : c);
        }
        return out;
    }

    /** fio's checks of a working set ({@code fixup_options}) and its size in pages. */
    private static long pages(FioJobTranslator.Job job, int dedupe, long minWrite) {
        FioJobOptions o = job.options();
        FioSetting mode = o.setting("dedupe_mode").orElseThrow();
        if (!o.has("size") || job.sizeOption() == 0) {
            throw FioJobOptions.bad(mode, "needs size= in bytes (fio: \"pregenerated dedupe working set requires"
                    + " size to be set\")");
        }
        if (o.number("nrfiles", 1) != 1) {
            throw FioJobOptions.bad(mode, "works on one file per job (fio: \"dedupe working set mode supported with"
                    + " single file per job\")");
        }
        int share = o.has("dedupe_working_set_percentage")
                ? percent(o, o.setting("dedupe_working_set_percentage").orElseThrow()) : 5;
        if (share + dedupe > 100) {
            throw FioJobOptions.bad(o.setting("dedupe_working_set_percentage").orElse(mode), "dedupe_percentage="
                    + dedupe + " and a working set of " + share + "% of size are more than 100% (fio: \"impossible to"
                    + " reach expected dedupe percentage\")");
        }
        long pages = job.sizeOption() * share / 100 / minWrite;
        if (pages == 0) {
            throw FioJobOptions.bad(o.setting("dedupe_working_set_percentage").orElse(mode), "a working set of "
                    + share + "% of size=" + job.sizeOption() + " holds no " + minWrite + "-byte page");
        }
        if (pages * PAGE_STATE_BYTES > MAX_WORKING_SET_STATE_BYTES) {
            throw FioJobOptions.bad(o.setting("dedupe_working_set_percentage").orElse(mode), "a working set of "
                    + pages + " pages needs more than 1GiB of memory for its generators");
        }
        return pages;
    }

    private static boolean workingSet(FioJobOptions o) {
        FioSetting s = o.setting("dedupe_mode").orElse(null);
        if (s == null) {
            return false;
        }
        return switch (s.value().strip().toLowerCase(Locale.ROOT)) {
            case "repeat" -> false;
            case "working_set" -> true;
            default -> throw FioJobOptions.bad(s, "must be repeat or working_set");
        };
    }

    private static int percent(FioJobOptions o, FioSetting s) {
        long v = o.number(s);
        if (v > 100) {
            throw FioJobOptions.bad(s, "must be a percentage, 0 to 100");
        }
        return (int) v;
    }

    /** {@code buffer_pattern}'s bytes, read as {@code verify_pattern}'s ({@link FioVerifyOptions#pattern}). */
    private static byte[] pattern(FioSetting s) {
        if (s.value().contains("'")) {
            throw FioJobOptions.bad(s, "a file's contents as the pattern ('file') is not supported by iobench yet");
        }
        return FioVerifyOptions.pattern(s);
    }

    /** The line a setting is on ({@code file:line}), so callbacks run in the order fio runs them. */
    private static int line(FioSetting s) {
        String where = s.where();
        try {
            return Integer.parseInt(where.substring(where.lastIndexOf(':') + 1));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return 0;
        }
    }
}
