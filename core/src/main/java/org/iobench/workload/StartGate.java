package org.iobench.workload;

/**
 * The one barrier of a parallel group: each job's run waits here after its set-up, and all are released
 * together. A job that ends early {@link #leave leaves}, so the others do not wait for it; a job whose set-up
 * failed {@link #abort aborts} the gate, and every waiting job gives up with {@link Aborted}.
 */
final class StartGate {
    /** Thrown to a job waiting at a gate another job aborted. */
    static final class Aborted extends RuntimeException {
        Aborted() {
            super("another job of the parallel group failed before the start");
        }
    }

    private int parties;
    private int arrived;
    private long generation;
    private boolean aborted;

    StartGate(int parties) {
        this.parties = parties;
    }

    synchronized void await() {
        if (aborted) {
            throw new Aborted();
        }
        long mine = generation;
        arrived++;
        releaseIfAllArrived();
        boolean interrupted = false;
        while (mine == generation && !aborted) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (mine == generation) {
            throw new Aborted();
        }
    }

    /** A job that has no more runs: the others no longer wait for it. */
    synchronized void leave() {
        parties--;
        releaseIfAllArrived();
    }

    synchronized void abort() {
        aborted = true;
        notifyAll();
    }

    private void releaseIfAllArrived() {
        if (arrived > 0 && arrived >= parties) {
            arrived = 0;
            generation++;
            notifyAll();
        }
    }
}
