package org.iobench.workload;

/** Waiting for threads a run started, which must end before the run's resources are freed. */
final class Threads {
    private Threads() {}

    /**
     * Waits until {@code t} has ended, even if this thread is interrupted meanwhile (workers stop through
     * {@link RunControl}, not interrupts); the interrupt is kept for the caller.
     */
    static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
