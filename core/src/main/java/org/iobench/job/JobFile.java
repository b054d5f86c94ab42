package org.iobench.job;

import java.util.List;
import java.util.Set;

/**
 * A parsed fio job file: stages run one after the other; the jobs of a stage run in parallel (fio runs jobs
 * together until a {@code stonewall}). Each fio clone ({@code numjobs}) is a job of its own, as in fio.
 *
 * @param name           the file, for messages
 * @param stages         at least one stage of at least one job
 * @param warnings       options ignored under {@code --lenient}, and fio behaviours iobench imitates, one line each
 * @param skipped        jobs left out under {@code --lenient} because an option would change their I/O, one line
 *                       each naming the job and the option
 * @param groupReporting the group labels ({@link JobSpec#group()}) whose jobs fio reports as one
 *                       ({@code group_reporting})
 */
public record JobFile(String name, List<List<JobSpec>> stages, List<String> warnings, List<String> skipped,
                      Set<String> groupReporting) {
    public JobFile {
        stages = stages.stream().map(List::copyOf).toList();
        warnings = List.copyOf(warnings);
        skipped = List.copyOf(skipped);
        groupReporting = Set.copyOf(groupReporting);
    }

    public List<JobSpec> jobs() {
        return stages.stream().flatMap(List::stream).toList();
    }
}
