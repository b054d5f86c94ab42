package org.iobench.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;
import org.iobench.job.Dialect;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.TargetInfo;

/**
 * Changes to a job, spelled as the command that ran it spells them: {@code --bs 1m} for {@code run},
 * {@code bs=1M count=8} for {@code dd}, {@code bs=1m} in a job file, {@code --bs=1m} for {@code iobench fio}. A
 * change the command cannot make is empty, and so is one that would not do what it says on this target
 * ({@code --direct} where no device is underneath: tmpfs accepts it and still serves memory). Each method returns
 * the change alone, so a rule can join the ones that exist.
 */
final class Fixes {
    private static final long MIB = 1 << 20;

    private final Dialect dialect;
    private final JobSpec job;
    private final TargetInfo target;

    Fixes(Dialect dialect, JobSpec job, TargetInfo target) {
        this.dialect = dialect;
        this.job = job;
        this.target = target;
    }

    static Fixes of(Subject s) {
        return new Fixes(s.dialect(), s.job(), s.result().target());
    }

    Dialect dialect() {
        return dialect;
    }

    /** The same changes as {@code iobench run} spells them. */
    Fixes inRunFlags() {
        return new Fixes(Dialect.RUN, job, target);
    }

    /** No block device under the target (tmpfs, ramfs): nothing iobench does reaches a device. */
    boolean deviceless() {
        return target != null && target.device() == null;
    }

    /** "tmpfs" or "a filesystem without a device", for messages about a deviceless target. */
    String devicelessName() {
        return target == null || target.filesystem() == null ? "a filesystem without a device" : target.filesystem();
    }

    /** Requests of {@code bytes}, keeping the job's bytes and start (dd counts and seeks in blocks). */
    Optional<String> blockSize(long bytes) {
        return switch (dialect) {
            case RUN -> Optional.of("--bs " + lower(bytes));
            case JOB_FILE -> Optional.of("bs=" + lower(bytes));
            case FIO -> Optional.of("--bs=" + lower(bytes));
            case SUITE -> Optional.empty();
            case DD -> Optional.of(ddBlocks(bytes));
        };
    }

    /** dd's bs= with count= and seek=/skip= respelled so the same bytes move from the same place. */
    private String ddBlocks(long bytes) {
        List<String> ops = new ArrayList<>();
        ops.add("bs=" + upper(bytes));
        long size = job.workload().sizeBytes();
        if (size > 0) {
            ops.add(size % bytes == 0 ? "count=" + size / bytes : "count=" + size + " iflag=count_bytes");
        }
        long offset = job.workload().offsetBytes();
        if (offset > 0) {
            boolean reads = job.workload().rw() == RwMode.READ;
            String key = reads ? "skip" : "seek";
            ops.add(offset % bytes == 0 ? key + "=" + offset / bytes
                    : key + "=" + offset + (reads ? " iflag=skip_bytes" : " oflag=seek_bytes"));
        }
        return String.join(" ", ops);
    }

    /** One sync after the last write, counted in the time. */
    Optional<String> finalSync() {
        return switch (dialect) {
            case RUN -> Optional.of("--sync fdatasync");
            case DD -> Optional.of("conv=fdatasync");
            case JOB_FILE -> Optional.of("end_fsync=1");
            case FIO -> Optional.of("--end_fsync=1");
            case SUITE -> Optional.empty();
        };
    }

    /** O_DIRECT, where a device is underneath to measure. */
    Optional<String> direct() {
        if (deviceless()) {
            return Optional.empty();
        }
        return switch (dialect) {
            case RUN -> Optional.of("--direct");
            case DD -> Optional.of(switch (job.workload().rw()) {
                case READ -> "iflag=direct";
                case COPY -> "iflag=direct oflag=direct";
                default -> "oflag=direct";
            });
            case JOB_FILE -> Optional.of("direct=1");
            case FIO -> Optional.of("--direct=1");
            case SUITE -> Optional.empty();
        };
    }

    /** The target's cached pages evicted before each run, unless the job already does. */
    Optional<String> dropCache() {
        if (job.durability().dropCache() || deviceless()) {
            return Optional.empty();
        }
        return switch (dialect) {
            case RUN -> Optional.of("--drop-cache");
            case JOB_FILE -> Optional.of("invalidate=1");
            case FIO -> Optional.of("--invalidate=1");
            case DD, SUITE -> Optional.empty();
        };
    }

    /** A data set larger than memory. */
    Optional<String> largerThanMemory() {
        return switch (dialect) {
            case RUN, SUITE -> Optional.of("a --size larger than memory");
            case DD -> Optional.of("a count= whose bytes (count x bs) exceed memory");
            case JOB_FILE -> Optional.of("a size= larger than memory");
            case FIO -> Optional.of("a --size= larger than memory");
        };
    }

    /** {@code n} workers. */
    Optional<String> threads(int n) {
        return switch (dialect) {
            case RUN -> Optional.of("--threads " + n);
            case JOB_FILE -> Optional.of("numjobs=" + n);
            case FIO -> Optional.of("--numjobs=" + n);
            case DD, SUITE -> Optional.empty();
        };
    }

    /** {@code depth} requests in flight per worker, on {@code engine} (null: the job's own). */
    Optional<String> iodepth(String engine, int depth) {
        Optional<String> fioEngine = Optional.ofNullable(engine).flatMap(e -> EngineCatalog.installed().byName(e))
                .map(EngineDescription::fioNames).filter(n -> !n.isEmpty()).map(List::getFirst);
        return switch (dialect) {
            case RUN -> Optional.of((engine == null ? "" : "--engine " + engine + " ") + "--iodepth " + depth);
            case JOB_FILE -> Optional.of(fioEngine.map(e -> "ioengine=" + e + " ").orElse("") + "iodepth=" + depth);
            case FIO -> Optional.of(fioEngine.map(e -> "--ioengine=" + e + " ").orElse("") + "--iodepth=" + depth);
            case DD, SUITE -> Optional.empty();
        };
    }

    /** More repetitions. */
    Optional<String> moreRuns() {
        return switch (dialect) {
            case RUN, SUITE -> Optional.of("more --runs");
            case JOB_FILE -> Optional.of("more runs (iobench run FILE --runs N)");
            case DD, FIO -> Optional.empty();
        };
    }

    /** A longer measured time. */
    Optional<String> longerTime() {
        return switch (dialect) {
            case RUN, SUITE -> Optional.of("a longer --time");
            case JOB_FILE -> Optional.of("a longer runtime= with time_based=1");
            case FIO -> Optional.of("a longer --runtime= with --time_based");
            case DD -> Optional.empty();
        };
    }

    /** A warm-up before the measured window, unless the job has one. */
    Optional<String> ramp() {
        if (job.timing().rampNanos() > 0) {
            return Optional.empty();
        }
        return switch (dialect) {
            case RUN -> Optional.of("a --ramp warm-up");
            case JOB_FILE -> Optional.of("a ramp_time= warm-up");
            case FIO -> Optional.of("a --ramp_time= warm-up");
            case DD, SUITE -> Optional.empty();
        };
    }

    /** A start offset that is a multiple of {@code unit}. */
    Optional<String> offsetMultipleOf(long unit) {
        String u = Evidence.size(unit);
        return switch (dialect) {
            case RUN -> Optional.of("start at an --offset that is a multiple of " + u);
            case DD -> Optional.of("start at a seek= that is a multiple of " + u + " (seek= counts obs blocks;"
                    + " oflag=seek_bytes counts bytes)");
            case JOB_FILE -> Optional.of("start at an offset= that is a multiple of " + u);
            case FIO -> Optional.of("start at an --offset= that is a multiple of " + u);
            case SUITE -> Optional.empty();
        };
    }

    /** The command that ran, as users name it. */
    String command() {
        return switch (dialect) {
            case RUN -> "iobench run";
            case DD -> "dd";
            case JOB_FILE -> "the job file";
            case FIO -> "iobench fio";
            case SUITE -> "the suite";
        };
    }

    /**
     * {@code ways} joined with {@code " or "}, or, when the command can make none of them, {@code runFlags} as
     * {@code iobench run} would take them, said to be outside this command; empty when neither exists.
     */
    static Optional<String> either(Fixes f, List<Optional<String>> ways, List<Optional<String>> runFlags,
                                   String prefix) {
        List<String> here = ways.stream().flatMap(Optional::stream).toList();
        if (!here.isEmpty()) {
            return Optional.of(prefix + String.join(", or ", here));
        }
        List<String> run = runFlags.stream().flatMap(Optional::stream).toList();
        if (f.dialect() == Dialect.RUN || run.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(f.command() + " cannot change this; with iobench run on the same target: " + prefix
                + String.join(", or ", run));
    }

    /** {@code 1m}, {@code 4k}, {@code 512}: as run's and fio's size options take them. */
    static String lower(long bytes) {
        String[] units = {"", "k", "m", "g"};
        int i = 0;
        long v = bytes;
        while (i < units.length - 1 && v % 1024 == 0 && v >= 1024) {
            v /= 1024;
            i++;
        }
        return v + units[i];
    }

    static String upper(long bytes) {
        return lower(bytes).toUpperCase(Locale.ROOT);
    }
}
