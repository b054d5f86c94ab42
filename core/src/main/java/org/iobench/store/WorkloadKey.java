package org.iobench.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;
import org.iobench.job.JobSpec;
import org.iobench.job.Sizes;

/**
 * What makes two runs comparable: the same test, access pattern, block size, parallelism and durability. Runs with
 * equal keys are samples of one workload (one row of {@code iobench compare}, one series of {@code history}),
 * whatever their target or engine. A run of a suite or job file carries its test's name ({@code dd2-dir}), so that
 * two tests of the same shape (dd1 and the members of dd2 all write 1 MiB blocks with one thread) stay apart; a run
 * on its own has none. The storage engine is not part of the key, but an engine that stores nothing ({@code null},
 * or fio's {@code cpuio}, {@code net}...: {@link EngineDescription#storesData()}) is, so such runs are never pooled
 * with storage runs of the same shape.
 *
 * @param rw        {@code read}, {@code randwrite}, ... (fio's names)
 * @param blockSize bytes per request
 * @param threads   workers (fio numjobs)
 * @param iodepth   requests in flight per worker
 * @param direct    O_DIRECT
 * @param sync      {@code none}, {@code dsync}, {@code fdatasync}, {@code fsync}
 * @param engine    {@code ""} for storage engines (psync, uring, libaio... compare with each other); the engine's
 *                  name for one that stores nothing
 * @param test      the suite's or job file's test ({@code dd1}, {@code net1}); {@code ""} for a run on its own
 * @param origin    what the test is a test of ({@code job file randread.fio}, {@code suite kernel-dd}); {@code ""}
 *                  where unknown (fio's JSON, runs saved before it was kept) or for a run on its own
 * @param target    the kind of target ({@code block device}, a filesystem type: {@code ext4}, {@code nfs4},
 *                  {@code tmpfs}; a group over several: {@code ext4+nfs4}); {@code ""} where unknown. Runs on a local
 *                  disk and on NFS measure different things and are never one row. How unknown parts join known
 *                  ones is {@code compare.RowIdentities}' business.
 */
public record WorkloadKey(String rw, long blockSize, int threads, int iodepth, boolean direct, String sync,
                          String engine, String test, String origin, String target)
        implements Comparable<WorkloadKey> {

    /** The parts of a key, in the order a row label lists them. */
    public enum Part { ORIGIN, TEST, RW, BS, THREADS, IODEPTH, DIRECT, SYNC, ENGINE, TARGET }

    private static final Comparator<WorkloadKey> ORDER = Comparator.comparing(WorkloadKey::rw)
            .thenComparingLong(WorkloadKey::blockSize).thenComparingInt(WorkloadKey::threads)
            .thenComparingInt(WorkloadKey::iodepth).thenComparing(WorkloadKey::direct)
            .thenComparing(WorkloadKey::sync).thenComparing(WorkloadKey::engine).thenComparing(WorkloadKey::test)
            .thenComparing(WorkloadKey::origin).thenComparing(WorkloadKey::target);

    public WorkloadKey {
        Objects.requireNonNull(rw, "rw");
        Objects.requireNonNull(sync, "sync");
        Objects.requireNonNull(engine, "engine");
        test = test == null ? "" : test;
        origin = origin == null ? "" : origin;
        target = target == null ? "" : target;
    }

    /** A key of unknown origin and target kind. */
    public WorkloadKey(String rw, long blockSize, int threads, int iodepth, boolean direct, String sync,
                       String engine, String test) {
        this(rw, blockSize, threads, iodepth, direct, sync, engine, test, "", "");
    }

    /** A storage workload's key (engine {@code ""}) of a run on its own, outside any suite or job file. */
    public WorkloadKey(String rw, long blockSize, int threads, int iodepth, boolean direct, String sync) {
        this(rw, blockSize, threads, iodepth, direct, sync, "", "");
    }

    /** The key of a run on its own with engine part {@code engine} ({@link #enginePart}). */
    public WorkloadKey(String rw, long blockSize, int threads, int iodepth, boolean direct, String sync,
                       String engine) {
        this(rw, blockSize, threads, iodepth, direct, sync, engine, "");
    }

    /** The key's engine part for a run of {@code engine}: {@code ""} for storage engines, else the name. */
    public static String enginePart(EngineDescription engine) {
        return engine == null || engine.storesData() ? "" : engine.name();
    }

    /** The key's engine part for a stored or imported run whose engine is recorded as {@code engine}. */
    public static String enginePart(String engine) {
        return engine == null ? "" : enginePart(EngineCatalog.installed().describe(engine));
    }

    /** This key as the workload of test {@code name} ({@code ""}: of no test). */
    public WorkloadKey withTest(String name) {
        return new WorkloadKey(rw, blockSize, threads, iodepth, direct, sync, engine, name, origin, target);
    }

    /** This key with origin {@code origin} and target kind {@code target}. */
    public WorkloadKey at(String origin, String target) {
        return new WorkloadKey(rw, blockSize, threads, iodepth, direct, sync, engine, test, origin, target);
    }

    /** Whether this is a test of a suite or job file. */
    public boolean hasTest() {
        return !test.isEmpty();
    }

    /** Separates suite and variant in the key of a micro-benchmark variant. */
    public static final String MICRO_SEPARATOR = " / ";

    /**
     * The key of one variant of a Suite API suite (docs/micro.md): {@code rw} is {@code "suite / variant"}, the
     * numbers are 0 (no I/O run has 0 threads, which is how {@link #isMicro()} tells them apart), direct false, sync
     * {@code none}.
     */
    public static WorkloadKey micro(String suite, String variant) {
        return new WorkloadKey(suite + MICRO_SEPARATOR + variant, 0, 0, 0, false, "none");
    }

    /** True for a micro-benchmark variant's key ({@link #micro}); its label is just {@code "suite / variant"}. */
    public boolean isMicro() {
        return threads == 0;
    }

    public static WorkloadKey of(JobSpec job) {
        return new WorkloadKey(job.workload().rw().label(), job.workload().blockSize(), job.queue().threads(),
                job.queue().iodepth(), job.durability().direct(),
                job.durability().sync().label(), enginePart(job.engine()));
    }

    @Override
    public int compareTo(WorkloadKey o) {
        return ORDER.compare(this, o);
    }

    /** The parts in which {@code keys} differ; a table labels rows by these and puts the rest in its title. */
    public static Set<Part> varying(List<WorkloadKey> keys) {
        Set<Part> out = EnumSet.noneOf(Part.class);
        for (WorkloadKey k : keys) {
            WorkloadKey first = keys.getFirst();
            if (!k.test.equals(first.test)) out.add(Part.TEST);
            if (!k.rw.equals(first.rw)) out.add(Part.RW);
            if (k.blockSize != first.blockSize) out.add(Part.BS);
            if (k.threads != first.threads) out.add(Part.THREADS);
            if (k.iodepth != first.iodepth) out.add(Part.IODEPTH);
            if (k.direct != first.direct) out.add(Part.DIRECT);
            if (!k.sync.equals(first.sync)) out.add(Part.SYNC);
            if (!k.engine.equals(first.engine)) out.add(Part.ENGINE);
            if (!k.origin.equals(first.origin)) out.add(Part.ORIGIN);
            if (!k.target.equals(first.target)) out.add(Part.TARGET);
        }
        return out;
    }

    /**
     * The shape: {@code randwrite 4KiB 64 threads qd1 direct sync none}, after the test's name if it has one; the
     * origin and target kind are named by tables only where rows differ in them ({@link #fullLabel()}).
     */
    public String label() {
        return label(EnumSet.complementOf(EnumSet.of(Part.ORIGIN, Part.TARGET)));
    }

    /** Every part, origin and target kind included: {@code job file a.fio g0 randread ... on ext4}. */
    public String fullLabel() {
        return label(EnumSet.allOf(Part.class));
    }

    /** The given parts only, in {@link Part} order, for example {@code "4KiB"} or {@code "read 1MiB direct"}. */
    public String label(Set<Part> parts) {
        return label(parts, " ");
    }

    /** The given parts joined by {@code separator}; a micro-benchmark key gives {@code "suite / variant"} for any parts. */
    public String label(Set<Part> parts, String separator) {
        if (isMicro()) {
            return parts.isEmpty() ? "" : rw;
        }
        List<String> words = new ArrayList<>();
        for (Part p : Part.values()) { // Part order, whatever the iteration order of the set given
            if (!parts.contains(p)) {
                continue;
            }
            switch (p) {
                case TEST -> {
                    if (hasTest()) {
                        words.add(test);
                    }
                }
                case RW -> words.add(rw);
                case BS -> words.add(Sizes.binary(blockSize));
                case THREADS -> words.add(threads + (threads == 1 ? " thread" : " threads"));
                case IODEPTH -> words.add("qd" + iodepth);
                case DIRECT -> words.add(direct ? "direct" : "buffered");
                case SYNC -> words.add("sync " + sync);
                case ENGINE -> {
                    if (!engine.isEmpty()) {
                        words.add(engine + " engine");
                    }
                }
                case ORIGIN -> {
                    if (!origin.isEmpty() || hasTest()) {
                        words.add(origin.isEmpty() ? "(origin unknown)" : origin);
                    }
                }
                case TARGET -> words.add(target.isEmpty() ? "(target unknown)" : "on " + target);
            }
        }
        return String.join(separator, words);
    }

    /** The header of a first column labelled by {@code parts}: {@code "bs"} alone, else {@code "workload"}. */
    public static String header(Set<Part> parts) {
        if (parts.contains(Part.TEST)) {
            return "test"; // rows of tests are labelled by the test's name alone
        }
        if (parts.size() == 1) {
            return switch (parts.iterator().next()) {
                case TEST -> "test";
                case RW -> "rw";
                case BS -> "bs";
                case THREADS -> "threads";
                case IODEPTH -> "iodepth";
                case DIRECT -> "direct";
                case SYNC -> "sync";
                case ENGINE -> "engine";
                case ORIGIN -> "origin";
                case TARGET -> "target";
            };
        }
        return "workload";
    }
}
