package org.iobench.job.fio;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.iobench.job.JobSpec;
import org.iobench.job.Layout;
import org.iobench.job.LogSpec;
import org.iobench.job.RwMode;

/**
 * What a job leaves on disk in fio's terms: how its new files are laid out ({@code fallocate}, {@code fill_device})
 * and the I/O logs it writes ({@code write_bw_log}, {@code write_lat_log}, {@code write_iops_log}).
 */
final class FioLayouts {
    private FioLayouts() {}

    /**
     * fio's {@code fill_device}: a sequential write job writes until the file system is full (ENOSPC ends it
     * normally); without a size its size is the file system's usable space. Other jobs are refused.
     */
    static void fillDevice(FioJobOptions o, RwMode rw, JobSpec.Builder b, Path target, long unitBytes,
                           FioProblems problems, List<FioProblems.Problem> blocking) {
        FioSetting s = o.setting("fill_device").orElseThrow();
        if (rw != RwMode.WRITE) {
            blocking.add(problems.unsupported(s, "iobench fills a device with sequential write jobs only (fio fills"
                    + " the file system first for other jobs)", true));
            return;
        }
        b.layout(Layout.fio(o.flag("overwrite"), preallocate(o)).fillingDevice());
        if (o.has("size") || FioJobTranslator.fileSize(o) > 0 || java.nio.file.Files.exists(target)
                && !java.nio.file.Files.isRegularFile(target)) {
            return;
        }
        try {
            Path dir = target.toAbsolutePath().getParent();
            while (dir != null && !java.nio.file.Files.exists(dir)) {
                dir = dir.getParent();
            }
            long bytes = java.nio.file.Files.getFileStore(dir).getUsableSpace()
                    + (java.nio.file.Files.isRegularFile(target) ? java.nio.file.Files.size(target) : 0);
            b.sizeBytes(bytes / unitBytes * unitBytes);
        } catch (java.io.IOException e) {
            throw FioJobOptions.bad(s, "cannot read the free space of " + target + "'s file system: " + e.getMessage());
        }
    }

    /** fio's {@code fallocate}: native by default (allocate and extend), as its documentation has it on Linux. */
    static Layout.Preallocate preallocate(FioJobOptions o) {
        FioSetting s = o.setting("fallocate").orElse(null);
        if (s == null) {
            return Layout.Preallocate.ALLOCATE;
        }
        return switch (s.value().toLowerCase(Locale.ROOT)) {
            case "none", "0" -> Layout.Preallocate.NONE;
            case "native", "posix", "1" -> Layout.Preallocate.ALLOCATE;
            case "keep" -> Layout.Preallocate.KEEP_SIZE;
            case "truncate" -> Layout.Preallocate.TRUNCATE;
            default -> throw FioJobOptions.bad(s, "must be none, native, posix, keep, truncate, 0 or 1");
        };
    }

    /** fio's I/O logs; the job's number in the file is set when the file's jobs are counted (0 here). */
    static LogSpec logs(FioJobOptions o, String name) {
        String bw = logName(o, "write_bw_log", name);
        String lat = logName(o, "write_lat_log", name);
        String iops = logName(o, "write_iops_log", name);
        String requests = FioLogOptions.requestLog(o);
        if (bw == null && lat == null && iops == null && requests == null) {
            return null;
        }
        return new LogSpec(bw, lat, iops, o.number("log_avg_msec", 0), o.flag("log_max_value"), o.flag("log_offset"),
                o.flag("per_job_logs", true), 0, o.flag("log_prio"), FioLogOptions.compressBytes(o),
                o.flag("log_store_compressed"), requests);
    }

    /** A log's file prefix: the value, the job's name for a bare option; null when not asked for. */
    private static String logName(FioJobOptions o, String key, String job) {
        return o.setting(key).map(s -> s.value().isEmpty() ? job : s.value()).orElse(null);
    }
}
