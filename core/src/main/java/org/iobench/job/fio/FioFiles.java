package org.iobench.job.fio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import org.iobench.job.JobFiles;

/**
 * A data job over several files in a job file ({@code nrfiles}, {@code filename=a:b:c}), as fio 3.33's
 * {@code setup_files} sizes them and {@code get_next_file} serves them: each file's bytes are {@code size / nrfiles}
 * (the first files a block more where that does not divide), or {@code filesize} (a range drawn per file from fio's
 * own {@code file_size_state}, for a file not already within it), or an existing file's own size; the job does
 * {@code size} bytes when that is less than the files' total. {@code file_service_type} and {@code openfiles} become
 * the job's {@link JobFiles.Service} and open-file bound.
 */
final class FioFiles {
    private static final int FIO_RAND_FILE_OFF = 5;
    private static final int FIO_RAND_FILE_SIZE_OFF = 7;

    private FioFiles() {}

    /**
     * True when the job names several files for a data engine (the file-operation engines have their own): a
     * {@code filename} list, or {@code nrfiles} above 1 without {@code filename} (fio ignores {@code nrfiles} when
     * {@code filename} names the files).
     */
    static boolean applies(FioJobOptions o) {
        return !FioFileOps.applies(o) && o.value("filename").map(v -> v.contains(":"))
                .orElse(o.number("nrfiles", 1) > 1);
    }

    /**
     * The clone's files.
     *
     * @param fileNamed    the clone's file for a {@code $filenum} (fio's {@code filename_format} under
     *                     {@code directory})
     * @param threadNumber fio's {@code thread_number} of the clone (its seeds)
     * @param unitBytes    the job's smallest request (fio's {@code rw_min_bs})
     */
    static JobFiles files(FioJobOptions o, IntFunction<Path> fileNamed, int threadNumber, long unitBytes) {
        List<Path> paths = paths(o, fileNamed);
        int n = paths.size();
        FioSetting fsSetting = o.setting("filesize").orElse(null);
        long low = 0;
        long high = 0;
        if (fsSetting != null) {
            String[] range = fsSetting.value().split("-", -1);
            low = o.size(fsSetting, range[0]);
            high = range.length > 1 ? o.size(fsSetting, range[1]) : low;
            if (high < low) {
                throw FioJobOptions.bad(fsSetting, "the range's high end is below its low end");
            }
        }
        long size = o.has("size") && !o.value("size").orElseThrow().endsWith("%")
                ? o.size(o.setting("size").orElseThrow(), o.value("size").orElseThrow()) : 0;
        boolean wide = o.value("random_generator").map(v -> v.strip().equalsIgnoreCase("tausworthe64"))
                .orElse(false);
        if (wide && high > low) {
            throw FioJobOptions.bad(fsSetting, "a range with random_generator=tausworthe64 is not supported by"
                    + " iobench yet (fio draws the sizes from its 64-bit generator)");
        }
        FioFileSizeDraws sizeDraws = new FioFileSizeDraws(FioRandom.seed(o, threadNumber, FIO_RAND_FILE_SIZE_OFF));
        long fs = low == 0 ? size / n : 0;
        long extra = low == 0 && fs * n < size ? (size - fs * n) / unitBytes : 0;
        List<Long> sizes = new ArrayList<>(n);
        for (Path p : paths) {
            long real = existingSize(p);
            long io;
            if (low == 0) {
                io = fs;
                if (extra > 0) {
                    extra--;
                    io += unitBytes;
                }
                if (io == 0) {
                    io = Math.max(0, real);
                }
            } else if (real < low || real > high) {
                if (low == high) {
                    io = low;
                } else { // fio's get_rand_file_size, for each file not already within the range
                    io = sizeDraws.size(low, high, unitBytes);
                }
            } else {
                io = real;
            }
            if (io < unitBytes) {
                throw FioJobOptions.bad(o.setting(fsSetting != null ? "filesize" : o.has("size") ? "size" : "nrfiles")
                        .orElseGet(() -> o.setting("filename").orElseThrow()), p + " would get " + io + " bytes, less"
                        + " than a block of " + unitBytes + (real < 0 && size == 0 && low == 0 ? " (it does not exist:"
                        + " give size= or filesize=, as fio asks)" : ""));
            }
            sizes.add(io);
        }
        int open = (int) Math.min(n, o.number("openfiles", n));
        if (o.has("openfiles") && o.number("openfiles", 1) < 1) {
            throw FioJobOptions.bad(o.setting("openfiles").orElseThrow(), "must be at least 1");
        }
        if (open == 0) {
            open = n; // fio: openfiles=0 (or above nrfiles) is nrfiles
        }
        return new JobFiles(paths, sizes, service(o, threadNumber, wide), open);
    }

    /** The job's bytes: {@code size} when it is less than the files' total (fio lowers {@code o->size} only). */
    static long jobBytes(FioJobOptions o, JobFiles files) {
        long size = o.has("size") && !o.value("size").orElseThrow().endsWith("%")
                ? o.size(o.setting("size").orElseThrow(), o.value("size").orElseThrow()) : 0;
        long total = files.totalBytes();
        return size > 0 && size < total ? size : total;
    }

    /**
     * fio's {@code file_name} of {@code name} ({@code add_file}): {@code directory} as written, a {@code /}, the
     * name; the name alone without a directory.
     */
    static String under(FioJobOptions o, String name) {
        return o.value("directory").map(d -> d + "/" + name).orElse(name);
    }

    /** fio's {@code file_name} of each of the job's files, in order ({@code fileNamed}: as {@link #files}'s). */
    static List<String> names(FioJobOptions o, IntFunction<String> fileNamed) {
        FioSetting filename = o.setting("filename").orElse(null);
        List<String> out = new ArrayList<>();
        if (filename != null) {
            for (String name : filename.value().split(":")) {
                out.add(under(o, name));
            }
            return out;
        }
        long n = o.number("nrfiles", 1);
        for (int i = 0; i < n; i++) {
            out.add(fileNamed.apply(i));
        }
        return out;
    }

    private static List<Path> paths(FioJobOptions o, IntFunction<Path> fileNamed) {
        FioSetting filename = o.setting("filename").orElse(null);
        List<Path> out = new ArrayList<>();
        if (filename != null) {
            for (String name : filename.value().split(":")) {
                if (name.isEmpty()) {
                    throw FioJobOptions.bad(filename, "names an empty file between two ':'");
                }
                Path p = Path.of(under(o, name));
                if (out.contains(p)) {
                    throw FioJobOptions.bad(filename, "names " + name + " twice (fio would do its I/O on it twice"
                            + " as two files)");
                }
                out.add(p);
            }
            return out;
        }
        long n = o.number("nrfiles", 1);
        if (n < 2 || n > JobFiles.MAX_FILES) {
            throw FioJobOptions.bad(o.setting("nrfiles").orElseThrow(), "must be 1.." + JobFiles.MAX_FILES);
        }
        for (int i = 0; i < n; i++) {
            out.add(fileNamed.apply(i));
        }
        return out;
    }

    /** fio's {@code file_service_type} with its {@code :N} (roundrobin, sequential, random) or distribution value. */
    private static JobFiles.Service service(FioJobOptions o, int threadNumber, boolean wide) {
        FioSetting s = o.setting("file_service_type").orElse(null);
        if (s == null) {
            return JobFiles.Service.ROUNDROBIN;
        }
        String v = s.value().strip().toLowerCase(Locale.ROOT);
        int colon = v.indexOf(':');
        String type = colon < 0 ? v : v.substring(0, colon);
        String post = colon < 0 ? null : v.substring(colon + 1);
        JobFiles.Kind kind = switch (type) {
            case "roundrobin" -> JobFiles.Kind.ROUNDROBIN;
            case "sequential" -> JobFiles.Kind.SEQUENTIAL;
            case "random" -> JobFiles.Kind.RANDOM;
            case "zipf" -> JobFiles.Kind.ZIPF;
            case "pareto" -> JobFiles.Kind.PARETO;
            case "normal", "gauss" -> JobFiles.Kind.NORMAL;
            default -> throw FioJobOptions.bad(s, "must be roundrobin, sequential, random, zipf, pareto, normal or"
                    + " gauss (with :N or :value)");
        };
        long seed = FioRandom.seed(o, threadNumber, FIO_RAND_FILE_OFF);
        if (!kind.nonUniform()) {
            int nr = 1;
            if (post != null) {
                try {
                    nr = Integer.parseInt(post.strip());
                } catch (NumberFormatException e) {
                    throw FioJobOptions.bad(s, "':" + post + "' is not a number of requests per file");
                }
            }
            if (nr < 1) {
                throw FioJobOptions.bad(s, "the requests per file (:" + nr + ") must be at least 1");
            }
            return new JobFiles.Service(kind, nr, 0, -1, seed, wide);
        }
        double value = kind == JobFiles.Kind.ZIPF ? 1.2 : kind == JobFiles.Kind.PARETO ? 0.2 : 0;
        double center = -1;
        if (post != null) {
            String[] parts = post.split(":");
            try {
                value = Double.parseDouble(parts[0]);
                center = parts.length > 1 ? Double.parseDouble(parts[1]) : -1;
            } catch (NumberFormatException e) {
                throw FioJobOptions.bad(s, "':" + post + "' is not a number (zipf's theta, pareto's power, normal's"
                        + " deviation, then an optional center)");
            }
        }
        if (center != -1 && (center < 0 || center > 1)) {
            throw FioJobOptions.bad(s, "the center must be 0..1");
        }
        switch (kind) {
            case ZIPF -> {
                if (value == 1.0) {
                    throw FioJobOptions.bad(s, "zipf's theta must not be 1.0");
                }
            }
            case PARETO -> {
                if (value <= 0 || value >= 1) {
                    throw FioJobOptions.bad(s, "pareto's power must be between 0 and 1");
                }
            }
            default -> {
                if (value < 0 || value >= 100) {
                    throw FioJobOptions.bad(s, "normal's deviation must be 0..100 (below 100)");
                }
            }
        }
        return new JobFiles.Service(kind, 1, value, center, seed, wide);
    }

    /** The size of an existing regular file, -1 when there is none. */
    private static long existingSize(Path p) {
        try {
            return Files.isRegularFile(p) ? Files.size(p) : -1;
        } catch (IOException e) {
            return -1;
        }
    }
}
