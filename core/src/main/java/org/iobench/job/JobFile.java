package org.iobench.job;

import java.util.List;

/**
 * A parsed fio job file: stages run one after the other; the jobs of a stage run in parallel (fio runs jobs
 * together until a {@code stonewall}).
 *
 * @param name     the file, for messages
 * @param stages   at least one stage of at least one job
 * @param warnings options ignored under {@code --lenient}, and fio behaviours iobench imitates, one line each
 */
public record JobFile(String name, List<List<JobSpec>> stages, List<String> warnings) {
    public JobFile {
        stages = stages.stream().map(List::copyOf).toList();
        warnings = List.copyOf(warnings);
    }

    public List<JobSpec> jobs() {
        return stages.stream().flatMap(List::stream).toList();
    }
}
