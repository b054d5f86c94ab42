package org.iobench.job;

/**
 * The language a job was written in, so that advice about it can be written in the same words: a change to a dd
 * command line is a dd operand, to a job file a fio option.
 */
public enum Dialect {
    /** {@code iobench run} and {@code saturate} flags: {@code --bs 1m}, {@code --sync fdatasync}. */
    RUN,
    /** {@code iobench dd} operands: {@code bs=1M}, {@code conv=fdatasync}, {@code oflag=direct}. */
    DD,
    /** A fio job file run by {@code iobench run FILE}: {@code bs=1m}, {@code end_fsync=1}, {@code direct=1}. */
    JOB_FILE,
    /** {@code iobench fio}'s fio command line: {@code --bs=1m}, {@code --end_fsync=1}, {@code --direct=1}. */
    FIO,
    /** {@code iobench suite}: its tests are fixed; only {@code --size}, {@code --time} and {@code --runs} change. */
    SUITE
}
