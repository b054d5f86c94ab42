package org.iobench.result;

/**
 * What options added to a run; each null when its option was not given.
 *
 * @param verification what {@code --verify} stamped and checked
 * @param pacing       the schedule of a {@code --rate} run and its coordinated-omission-corrected latencies
 * @param steady       whether a run with {@code --steady} reached steady state
 * @param dryRun       what fio's {@code verify_only} counted as done without issuing it
 * @param verifyPhases fio's verify phases after a job's writes and their time
 */
public record Extras(VerifyResult verification, Pacing pacing, SteadyOutcome steady, DryRun dryRun,
                     VerifyPhases verifyPhases) {
    public static final Extras NONE = new Extras(null, null, null, null, null);

    /** Extras without fio's verify. */
    public Extras(VerifyResult verification, Pacing pacing, SteadyOutcome steady) {
        this(verification, pacing, steady, null, null);
    }

    public Extras withVerification(VerifyResult v) {
        return new Extras(v, pacing, steady, dryRun, verifyPhases);
    }
}
