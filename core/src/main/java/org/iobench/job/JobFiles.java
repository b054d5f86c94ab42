package org.iobench.job;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The files of a data job that does its I/O over several files, as fio's {@code nrfiles} or {@code filename=a:b:c}:
 * each file's path and the bytes the job does on it (fio's {@code io_size} per file: {@code size / nrfiles}, the
 * first files a block larger where it does not divide, or {@code filesize}, a range drawn per file), how the worker
 * picks the file of each request ({@link Service}, fio's {@code file_service_type}) and how many it keeps open at
 * once ({@code openfiles}). The job's {@link JobSpec#target()} is the first file. Null in a job of one file, which
 * pays nothing for this.
 *
 * @param paths     the files, in fio's order (its {@code $filenum}, or the order {@code filename} lists them)
 * @param sizes     per file, the bytes of its region from its start (its {@code io_size}); each at least a block
 * @param service   how each request's file is chosen
 * @param openFiles the most files open at once (fio's {@code openfiles}), 1..{@code paths.size()}
 */
public record JobFiles(List<Path> paths, List<Long> sizes, Service service, int openFiles) {
    /** The most files one job may name: fio has no bound, this one keeps a job's descriptors countable. */
    public static final int MAX_FILES = 1_000_000;

    public JobFiles {
        paths = List.copyOf(paths);
        sizes = List.copyOf(sizes);
        if (paths.size() < 2 || paths.size() > MAX_FILES) {
            throw new InvalidJobException("nrfiles", paths.size(), "must be 2.." + MAX_FILES + " for a job over"
                    + " several files");
        }
        if (sizes.size() != paths.size()) {
            throw new IllegalArgumentException("one size per file: " + sizes.size() + " sizes, " + paths.size()
                    + " files");
        }
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) < 0) {
                throw new InvalidJobException("filesize", sizes.get(i), "must not be negative (" + paths.get(i) + ")");
            }
        }
        if (openFiles < 1 || openFiles > paths.size()) {
            throw new InvalidJobException("openfiles", openFiles, "must be 1.." + paths.size());
        }
        if (service == null) {
            throw new IllegalArgumentException("service");
        }
    }

    public int count() {
        return paths.size();
    }

    /** The bytes of every file's region together. */
    public long totalBytes() {
        long total = 0;
        for (long s : sizes) {
            total += s;
        }
        return total;
    }

    /**
     * The job's spec for file {@code i} alone: its path, its bytes, no other file, and no I/O limit ({@code io_size}
     * and {@code number_ios} are the job's, over all its files): preparing, checking and running that file.
     */
    public JobSpec fileSpec(JobSpec job, int i) {
        Access a = job.access();
        Access own = a.ioBytes() == 0 && a.ioCount() == 0 ? a : new Access(a.readSizes(), a.writeSizes(),
                a.randomMap(), a.distribution(), a.skipBytes(), 0, 0, a.zoneBytes(), a.zoneSkipBytes(),
                a.zoneRangeBytes(), a.offsets(), a.draws(), a.emulatedZones());
        if (own.draws() != null) {
            own = own.withDraws(own.draws().forFile(i));
        }
        return job.toBuilder().target(paths.get(i)).sizeBytes(sizes.get(i)).access(own).files(null).build();
    }

    /** fio's {@code file_service_type} values. */
    public enum Kind {
        ROUNDROBIN, SEQUENTIAL, RANDOM, ZIPF, PARETO, NORMAL;

        /** A non-uniform choice: a file is never done, only reset, and the job ends by its bytes (fio's rule). */
        public boolean nonUniform() {
            return this == ZIPF || this == PARETO || this == NORMAL;
        }

        public String fioName() {
            return this == NORMAL ? "normal" : name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * How the worker picks the file of each request, as fio's {@code get_next_file}.
     *
     * @param kind      fio's type
     * @param perPick   requests on a file before the next pick (fio's {@code :N} of roundrobin, sequential, random;
     *                  1 otherwise)
     * @param value     zipf's theta, pareto's power, normal's deviation in percent; 0 for the uniform kinds
     * @param center    the distribution's center 0..1, or -1 (fio's default)
     * @param seed      fio's {@code rand_seeds[FIO_RAND_FILE_OFF]} for the job's thread: random's Tausworthe draws
     *                  are fio's own
     * @param wide      the draws are from fio's 64-bit Tausworthe ({@code random_generator=tausworthe64})
     */
    public record Service(Kind kind, int perPick, double value, double center, long seed, boolean wide) {
        public static final Service ROUNDROBIN = new Service(Kind.ROUNDROBIN, 1, 0, -1, 0, false);

        public Service {
            if (kind == null) {
                throw new IllegalArgumentException("kind");
            }
            if (perPick < 1) {
                throw new InvalidJobException("file_service_type", kind.fioName() + ":" + perPick,
                        "the requests per file must be at least 1");
            }
        }

        @Override
        public String toString() {
            return kind.fioName() + (kind.nonUniform() ? value != 0 ? ":" + value : "" : perPick > 1 ? ":" + perPick
                    : "");
        }
    }
}
