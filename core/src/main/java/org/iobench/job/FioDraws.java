package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Where a fio job's draws of direction and request size come from, so that a job file makes fio 3.33's requests in
 * fio's order: each of fio's generators started from its own {@code rand_seeds} slot as fio's
 * {@code td_fill_rand_seeds} starts it for the job's {@code thread_number} ({@code rwmix_state} from
 * {@code FIO_RAND_MIX_OFF}, {@code bsrange_state[ddir]} from {@code FIO_RAND_BS_OFF}, {@code BS1}, {@code BS2}),
 * and the units fio places requests in per direction. Absent (null) for iobench's own jobs.
 *
 * @param wideSizes        the size generators are fio's 64-bit Tausworthe ({@code random_generator=tausworthe64})
 * @param mixStart         {@code rwmix_state}'s start (always fio's 32-bit generator)
 * @param readSizesStart   {@code bsrange_state[DDIR_READ]}'s start
 * @param writeSizesStart  the start of the generator of the write direction's sizes: {@code bsrange_state[DDIR_WRITE]},
 *                         or {@code [DDIR_TRIM]} for a trim job (iobench draws trims in the write direction's place)
 * @param readAlignBytes   fio's {@code ba[DDIR_READ]}: random reads start at multiples of it
 * @param writeAlignBytes  fio's {@code ba} of the write (or trim) direction
 * @param mapBlockBytes    fio's {@code rw_min_bs} (the smallest size of any direction, used or not): a bit of the
 *                         random map and a state of the LFSR stand for this many bytes
 * @param repeatEachLoop   {@code randrepeat}: fio starts every generator again at each new loop over the file
 *                         ({@code clear_io_state})
 * @param loops            fio's {@code loops}: the loops over the file fio makes whatever bytes are left (its
 *                         {@code keep_running} counts them down first); 0 in older documents: 1
 * @param ioSizeBytes      fio's {@code io_size} (bytes per loop), 0 when not given: once the loops are made, fio
 *                         starts another only while fewer bytes than this are done ({@code keep_running})
 * @param loopBytes        fio's {@code total_bytes} of a loop ({@code do_io}: the job's {@code size}, or
 *                         {@code io_size} when larger for random writes without the random map); 0: unknown. fio
 *                         counts a loop's bytes only for requests its engine queued ({@code FIO_Q_QUEUED}), and
 *                         ends the loop at this many
 * @param threadNumber     fio's {@code thread_number} of the job (clones counted): the skewed distributions'
 *                         states start from the hash of the file's name times it; 0 in older documents
 * @param rangeBytes       the bytes of a range of fio's zipf, pareto and normal states: the smaller of the read
 *                         and write directions' smallest sizes (used or not); 0 in older documents
 * @param fileNames        fio's {@code file_name} of each of the job's files, in order: the directory as written, a
 *                         {@code /}, the name (a path may name it in fewer characters: {@code /tmp//f}); the hash of
 *                         it starts a file's zipf, pareto and normal state; empty in older documents (the path)
 */
public record FioDraws(boolean wideSizes, long mixStart, long readSizesStart, long writeSizesStart,
                       long readAlignBytes, long writeAlignBytes, long mapBlockBytes, boolean repeatEachLoop,
                       long loops, long ioSizeBytes, long loopBytes, int threadNumber, long rangeBytes,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> fileNames) {
    public FioDraws(boolean wideSizes, long mixStart, long readSizesStart, long writeSizesStart, long readAlignBytes,
                    long writeAlignBytes, long mapBlockBytes, boolean repeatEachLoop, long loops, long ioSizeBytes,
                    long loopBytes, int threadNumber, long rangeBytes) {
        this(wideSizes, mixStart, readSizesStart, writeSizesStart, readAlignBytes, writeAlignBytes, mapBlockBytes,
                repeatEachLoop, loops, ioSizeBytes, loopBytes, threadNumber, rangeBytes, List.of());
    }

    public FioDraws {
        fileNames = fileNames == null ? List.of() : List.copyOf(fileNames);
        if (readAlignBytes < 1 || writeAlignBytes < 1 || mapBlockBytes < 1) {
            throw new InvalidJobException("blockalign", Math.min(readAlignBytes, Math.min(writeAlignBytes,
                    mapBlockBytes)), "must be at least 1");
        }
        loops = Math.max(1, loops);
        if (ioSizeBytes < 0 || loopBytes < 0) {
            throw new InvalidJobException("io_size", Math.min(ioSizeBytes, loopBytes), "must not be negative");
        }
    }

    /**
     * fio's {@code keep_running} once a loop over the file ended (its file done) with {@code doneBytes} done:
     * another loop while {@link #loops} are not all made ({@code loopsMade} so far, the first included), then
     * only with {@code io_size} and at least {@code maxBytes} (fio's largest request) of it left. (A time-based job
     * always starts another; the job's byte budget is checked apart.)
     */
    public boolean anotherLoop(long loopsMade, long doneBytes, long maxBytes) {
        if (loopsMade < loops) {
            return true;
        }
        return ioSizeBytes > 0 && doneBytes < ioSizeBytes && ioSizeBytes - doneBytes >= maxBytes;
    }

    /** These draws for files fio names {@code names} ({@link #fileNames}). */
    public FioDraws withFileNames(List<String> names) {
        return new FioDraws(wideSizes, mixStart, readSizesStart, writeSizesStart, readAlignBytes, writeAlignBytes,
                mapBlockBytes, repeatEachLoop, loops, ioSizeBytes, loopBytes, threadNumber, rangeBytes, names);
    }

    /** These draws for the job's file {@code i} alone (a job over several files runs each on its own). */
    public FioDraws forFile(int i) {
        return withFileNames(i < fileNames.size() ? List.of(fileNames.get(i)) : List.of());
    }

    /** fio's name of the one file these draws are for; null when they are for several, or not known. */
    @JsonIgnore
    public String fileName() {
        return fileNames.size() == 1 ? fileNames.getFirst() : null;
    }

    /** fio's {@code ba} of direction {@code write} (false: reads). */
    public long alignBytes(boolean write) {
        return write ? writeAlignBytes : readAlignBytes;
    }
}
