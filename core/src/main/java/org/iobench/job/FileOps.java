package org.iobench.job;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of a job run by one of fio's file-operation engines ({@code filecreate}, {@code filestat},
 * {@code filedelete}): {@code count} files named by {@code pattern} with {@code $filenum} their number from 0 (fio's
 * {@code nrfiles}, named {@code jobname.jobnum.filenum}); each request is one call on the next file.
 *
 * @param pattern     the files' path with {@code $filenum} in it
 * @param count       how many files (fio's {@code nrfiles})
 * @param layoutBytes bytes each file is written with before the run (fio's {@code filesize} for filestat and
 *                    filedelete); 0 for filecreate, which creates them
 * @param stat        filestat's call: {@code stat}, {@code lstat} or {@code statx} (fio's {@code stat_type})
 */
public record FileOps(String pattern, int count, long layoutBytes, String stat) {
    public FileOps {
        if (count < 1) {
            throw new InvalidJobException("nrfiles", count, "must be at least 1");
        }
        if (!pattern.contains("$filenum")) {
            throw new InvalidJobException("filename_format", pattern, "must name each file ($filenum)");
        }
        if (layoutBytes < 0) {
            throw new InvalidJobException("filesize", layoutBytes, "must not be negative");
        }
        stat = stat == null ? "stat" : stat;
        if (!List.of("stat", "lstat", "statx").contains(stat)) {
            throw new InvalidJobException("stat_type", stat, "must be stat, lstat or statx");
        }
    }

    /** The files, in order. */
    public List<Path> files() {
        List<Path> files = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            files.add(Path.of(pattern.replace("$filenum", Integer.toString(i))));
        }
        return files;
    }
}
