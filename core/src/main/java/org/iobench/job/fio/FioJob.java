package org.iobench.job.fio;

import java.util.List;
import org.iobench.job.JobSpec;

/**
 * One fio job section as iobench will run it: its {@code numjobs} clones (each a job of its own, as in fio), where it
 * sits in the run order, and what iobench could not honour of it.
 *
 * @param name           fio's job name (the section, or its own {@code name=})
 * @param where          {@code file:line} of the section header
 * @param clones         one spec per clone, in fio's clone order
 * @param stonewall      waits for every job before it ({@code stonewall}/{@code wait_for_previous})
 * @param newGroup       starts a new reporting group ({@code new_group}, or implied by {@code stonewall})
 * @param groupReporting fio's {@code group_reporting}: its group is reported as one
 * @param waitFor        the job named by {@code wait_for}, or {@code ""}
 * @param blocking       problems that change this job's I/O: under {@code --lenient} the job is skipped for them
 * @param report         what fio's report shows of its latencies (percentiles, unified directions)
 */
record FioJob(String name, String where, List<JobSpec> clones, boolean stonewall, boolean newGroup,
              boolean groupReporting, String waitFor, List<FioProblems.Problem> blocking, FioLatencyReport report) {
    FioJob {
        clones = List.copyOf(clones);
        blocking = List.copyOf(blocking);
    }
}
