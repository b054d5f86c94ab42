package org.iobench.result;

/**
 * The requests of fio's {@code verify_only} dry run ({@code do_dry_run}): the job's own reads and writes, counted as
 * done and never issued (its writes only logged, to be read back). fio's report counts them in each direction's
 * {@code io_bytes} and {@code total_ios}, with no time of their own; iobench's fio report does the same. They are
 * not in the run's {@link Totals}: nothing moved.
 */
public record DryRun(long reads, long bytesRead, long writes, long bytesWritten) {
    public DryRun plus(DryRun o) {
        return o == null ? this : new DryRun(reads + o.reads, bytesRead + o.bytesRead, writes + o.writes,
                bytesWritten + o.bytesWritten);
    }
}
