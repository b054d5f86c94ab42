package org.iobench.history;

/**
 * What the permutation test of {@link EDivisive} shuffles: the units that are interchangeable when nothing
 * changed.
 */
public enum Exchangeable {
    /**
     * Whole runs (the default): the repetitions of one run stay together. Repetitions of one run share its file,
     * its page cache and its moment on a busy machine, so they agree more closely than repetitions of different
     * runs; shuffling runs keeps that run-to-run spread in the null distribution, so it is not mistaken for change.
     */
    RUNS,
    /**
     * Single repetitions: more power with few runs, valid only when repetitions of different runs vary no more
     * than those of one run.
     */
    REPETITIONS
}
