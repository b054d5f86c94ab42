package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * How a file the job creates is laid out before the run. iobench's own rule ({@link #DEFAULT}) fills a new file
 * that will be read or written at random, so reads return data and random writes overwrite; fio's rule
 * ({@link #fio}) fills only a file that will be read (or with {@code overwrite=1}) and reserves the space of a file
 * that will be written ({@code fallocate}, native by default), so writes land on allocated blocks.
 *
 * @param fillRandomWrites fill a new file before random writes (iobench), not only before reads
 * @param fillWrites       fill a new file before any writes (fio's {@code overwrite=1})
 * @param preallocate      what a new file that is not filled gets first
 * @param fillDevice       write until the file system is full (fio's {@code fill_device}): ENOSPC or EDQUOT ends
 *                         the job instead of failing it
 */
public record Layout(boolean fillRandomWrites, boolean fillWrites, Preallocate preallocate, boolean fillDevice) {
    /** fio's {@code fallocate=}: {@code none}; {@code native}/{@code posix}/{@code 1}; {@code keep}; {@code truncate}. */
    public enum Preallocate { NONE, ALLOCATE, KEEP_SIZE, TRUNCATE }

    public static final Layout DEFAULT = new Layout(true, false, Preallocate.NONE, false);

    public Layout {
        preallocate = preallocate == null ? Preallocate.NONE : preallocate;
    }

    /** fio's layout with its {@code overwrite} and {@code fallocate} settings. */
    public static Layout fio(boolean overwrite, Preallocate preallocate) {
        return new Layout(false, overwrite, preallocate, false);
    }

    /** This layout for a job that writes until the device is full: nothing reserved first (the space is the job's). */
    public Layout fillingDevice() {
        return new Layout(fillRandomWrites, fillWrites, Preallocate.NONE, true);
    }

    @JsonIgnore
    public boolean isDefault() {
        return equals(DEFAULT);
    }

    /** Whether a new file for a job of {@code rw} is filled first (as fio lays out a file to read or trim). */
    public boolean fills(RwMode rw) {
        return rw.reads() && rw != RwMode.COPY || rw.trims() || fillWrites && rw.writes()
                || fillRandomWrites && rw.random();
    }
}
