package org.iobench.workload.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.iobench.engine.Engines;
import org.iobench.job.Access;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.job.VerifyChecksum;

/**
 * The files several jobs of one job file use, as fio has them: each prepared once (claimed, created and laid out as
 * the first stage that uses it needs) <em>before</em> that stage's start barrier, so jobs of one stage never race to
 * create a file; kept from stage to stage, so a later stage reads what an earlier one wrote; closed (a file iobench
 * created removed, unless kept) when the whole job file is done. A file only one job uses is left to that job.
 *
 * <pre>{@code
 * try (FileSet files = FileSet.of(stages, TargetPreparer.system())) {
 *     for (List<JobSpec> stage : stages) {
 *         files.prepare(stage, control::stopped);
 *         ... each job runs on files.view(spec), or prepares its own target when that is null ...
 *     }
 * }
 * }</pre>
 */
public final class FileSet implements AutoCloseable {
    private final TargetPreparer preparer;
    /** Per shared path, every job that uses it, in file order. */
    private final Map<Path, List<JobSpec>> users;
    private final Map<Path, PreparedTarget> prepared = new LinkedHashMap<>();

    private FileSet(TargetPreparer preparer, Map<Path, List<JobSpec>> users) {
        this.preparer = preparer;
        this.users = users;
    }

    /** The set of {@code stages}' files that more than one job uses. */
    public static FileSet of(List<List<JobSpec>> stages, TargetPreparer preparer) {
        Map<Path, List<JobSpec>> all = new LinkedHashMap<>();
        for (List<JobSpec> stage : stages) {
            for (JobSpec j : stage) {
                if (j.storesData() && j.files() == null && !Files.isDirectory(j.target())) { // many: their own
                    all.computeIfAbsent(key(j.target()), k -> new ArrayList<>()).add(j);
                }
            }
        }
        all.values().removeIf(l -> l.size() < 2);
        return new FileSet(preparer, all);
    }

    private static Path key(Path p) {
        return p.toAbsolutePath().normalize();
    }

    /**
     * Prepares the shared files {@code stage} is the first to use: one target per file for every job of the file
     * (the region that covers them all; written if any job writes; laid out as the first stage's jobs would lay it
     * out). Refusals are made as for a job of its own.
     */
    public void prepare(List<JobSpec> stage, BooleanSupplier stop) throws IOException {
        for (JobSpec j : stage) {
            Path k = key(j.target());
            List<JobSpec> jobs = j.storesData() ? users.get(k) : null;
            if (jobs == null || prepared.containsKey(k)) {
                continue;
            }
            prepared.put(k, preparer.prepare(combined(jobs, stage), stop));
        }
    }

    /** One spec standing for every job of a shared file: for its preparation only. */
    private static JobSpec combined(List<JobSpec> jobs, List<JobSpec> firstStage) {
        JobSpec first = jobs.getFirst();
        boolean writes = jobs.stream().anyMatch(j -> j.workload().rw().modifies()); // trims claim as writes do
        boolean fills = jobs.stream().filter(firstStage::contains)
                .anyMatch(j -> j.layout().fills(j.workload().rw()));
        long end = 0; // jobs without size= take the file as it is: the others decide its size
        for (JobSpec j : jobs) {
            if (j.workload().sizeBytes() > 0) {
                end = Math.max(end, j.workload().offsetBytes() + j.workload().sizeBytes());
            }
        }
        RwMode rw = writes ? (fills ? RwMode.RW : RwMode.WRITE) : RwMode.READ;
        long unit = jobs.stream().mapToLong(j -> j.workload().blockSize()).min().orElse(4096);
        return first.toBuilder().rw(rw).sizeBytes(end).offsetBytes(0).blockSize(unit).threads(1)
                .iodepth(1).batch(1).engine(Engines.setup().name()).priorities(null).fixedBuffers(false).submission(null)
                .direct(false)
                .sync(SyncMode.NONE).fsyncEvery(0).runs(1).rate(null).steady(null)
                .verify(VerifyChecksum.NONE).verifyAfter(false).truncate(false).exactSize(false)
                .access(Access.DEFAULT).allowOverwrite(jobs.stream()
                        .anyMatch(j -> j.safety().allowOverwrite())).build();
    }

    /**
     * {@code spec}'s view of its shared file (its own region from its offset), or null when its file is its own.
     */
    public PreparedTarget view(JobSpec spec) throws IOException {
        PreparedTarget t = spec.storesData() ? prepared.get(key(spec.target())) : null;
        if (t == null) {
            return null;
        }
        long offset = spec.workload().offsetBytes();
        long length = t.kind() == PreparedTarget.Kind.FILE ? Files.size(t.path()) : t.regionBytes();
        long region = spec.workload().sizeBytes() > 0 ? spec.workload().sizeBytes() : length - offset;
        if (region < spec.workload().blockSize()) {
            throw new InvalidJobException("TARGET", spec.target(), "has " + Math.max(0, length - offset)
                    + " bytes past the job's offset, less than one block of " + spec.workload().blockSize());
        }
        return t.view(region, spec.workload().sizeBytes() > 0);
    }

    /** Closes every shared target: files iobench created are removed unless kept; claims released. */
    @Override
    public void close() {
        prepared.values().forEach(PreparedTarget::close);
        prepared.clear();
    }

    /** For tests: the shared paths. */
    Map<Path, Integer> sharedUse() {
        Map<Path, Integer> out = new HashMap<>();
        users.forEach((p, l) -> out.put(p, l.size()));
        return out;
    }
}
