package org.iobench.store.fio;

import java.io.IOException;
import java.util.Optional;
import org.iobench.job.FioSizes;
import org.iobench.job.RwMode;

/**
 * The block size of an fio job from its options, as fio reads them: {@code bs}/{@code blocksize} or
 * {@code bsrange}/{@code blocksize_range}, one value per direction ({@code read,write,trim}; a missing one is the
 * previous), sizes with the job's {@code kb_base}. A range with equal ends ({@code 16k-16k}) is that size.
 *
 * @param bytes   the size of the direction the job does most (writes for a write-only job, else reads)
 * @param warning a note when the job's requests were of several sizes, else empty
 */
record FioBlockSize(long bytes, Optional<String> warning) {

    static FioBlockSize of(String job, FioImportedOptions o, RwMode rw, double averageBytes) throws IOException {
        int kbBase = o.getInt("kb_base", 1024) == 1000 ? 1000 : 1024;
        String key = o.get("bs").isPresent() ? "bs" : o.get("bsrange").isPresent() ? "bsrange" : null;
        if (key == null) {
            return new FioBlockSize(4096, Optional.empty());
        }
        String value = o.get(key).orElseThrow();
        String[] directions = value.split(",", -1);
        // fio's read,write,trim: a value not ended by a comma applies to the types after it; an empty one is 4k
        int index = rw.trims() ? Math.min(2, directions.length - 1)
                : rw.writes() && !rw.reads() && directions.length > 1 && !directions[1].isBlank() ? 1 : 0;
        String mine = directions[index].isBlank() ? "4k" : directions[index].strip();
        String[] range = mine.split("-", -1);
        try {
            long low = FioSizes.parse(range[0], kbBase);
            long high = range.length > 1 ? FioSizes.parse(range[1], kbBase) : low;
            if (high == low) {
                return new FioBlockSize(low, Optional.empty());
            }
            return new FioBlockSize(low, Optional.of("fio job " + job + ": " + key + "=" + value + ": requests of "
                    + low + " to " + high + " bytes (" + Math.round(averageBytes) + " on average); recorded as "
                    + low));
        } catch (IllegalArgumentException e) {
            throw new IOException("fio job " + job + ": " + key + "=" + value + " skipped: " + e.getMessage());
        }
    }
}
