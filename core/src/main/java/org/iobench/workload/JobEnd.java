package org.iobench.workload;

/**
 * Ends one job's run before its deadline, normally, as if its time were up (steady state judged for that job alone):
 * its workers issue nothing more and the run stays complete; the other jobs of its stage go on, as fio ends only the
 * job that reached it.
 */
final class JobEnd {
    private volatile boolean asked;

    void ask() {
        asked = true;
    }

    boolean asked() {
        return asked;
    }
}
