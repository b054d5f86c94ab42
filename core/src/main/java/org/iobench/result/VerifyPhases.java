package org.iobench.result;

/**
 * fio's verify phases ({@code do_verify} after each loop of a job that writes): how many began and how long they
 * took, from the first read back to the last one's return. fio's report gives the read direction of a job that
 * only writes this time as its runtime, and the write direction the rest ({@code update_runtime}).
 *
 * @param phases       the phases begun
 * @param elapsedNanos their time, summed (a phase cut short by the job's end counts until then)
 */
public record VerifyPhases(long phases, long elapsedNanos) {
    /** Two workers' phases: the most phases and the longest time, as fio's group takes its longest member's. */
    public VerifyPhases max(VerifyPhases o) {
        return o == null ? this : new VerifyPhases(Math.max(phases, o.phases), Math.max(elapsedNanos, o.elapsedNanos));
    }
}
