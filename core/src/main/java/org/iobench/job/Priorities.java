package org.iobench.job;

import java.util.List;

/**
 * The I/O priorities of a job, as fio sets them ({@code prioclass}/{@code prio}, and its libaio and io_uring engines'
 * {@code cmdprio_*} options). A priority value is {@code class << 13 | level} (class 1 real-time, 2 best-effort,
 * 3 idle; level 0..7), as {@code ioprio_set(2)} takes it.
 *
 * <p>For each request, as fio's {@code fio_cmdprio_set_ioprio}: the choices of its direction that match its size
 * (a {@code blockBytes} of 0 matches every size) add up to a percentage P; a number drawn uniformly from 0..99 below
 * P picks the choice whose running sum of percentages first exceeds it; otherwise the request has the job's
 * {@code defaultPrio}.
 *
 * @param defaultPrio the job's priority ({@code prioclass}/{@code prio}): the worker thread's, set with
 *                    {@code ioprio_set} before its first request; 0 when the job sets none
 * @param setThread   whether the job set {@code prioclass} or {@code prio} (fio calls {@code ioprio_set} then only)
 * @param read        per-request choices of reads ({@code cmdprio_percentage}, {@code cmdprio_bssplit}); empty: none
 * @param write       per-request choices of writes
 */
public record Priorities(int defaultPrio, boolean setThread, List<Choice> read, List<Choice> write) {

    /**
     * One per-request priority: {@code percent} % of the requests of {@code blockBytes} (0: of any size) get
     * {@code ioprio}.
     */
    public record Choice(long blockBytes, int percent, int ioprio) {
        public Choice {
            if (percent < 1 || percent > 100) {
                throw new InvalidJobException("cmdprio_percentage", percent, "must be 1..100");
            }
            checkValue(ioprio);
        }
    }

    public Priorities {
        read = List.copyOf(read);
        write = List.copyOf(write);
        if (setThread) {
            checkValue(defaultPrio);
        }
        for (List<Choice> choices : List.of(read, write)) {
            for (long bs : choices.stream().mapToLong(Choice::blockBytes).distinct().toArray()) {
                int sum = choices.stream().filter(c -> c.blockBytes() == bs).mapToInt(Choice::percent).sum();
                if (sum > 100) {
                    throw new InvalidJobException("cmdprio_bssplit", sum, "the percentages of one block size"
                            + " add up to more than 100");
                }
            }
        }
    }

    /** Whether requests get priorities of their own (the engine must pass them: libaio, io_uring). */
    public boolean perRequest() {
        return !read.isEmpty() || !write.isEmpty();
    }

    private static void checkValue(int ioprio) {
        int ioClass = ioprio >>> 13;
        int level = ioprio & 0x1fff;
        if (ioClass < 1 || ioClass > 3 || level > 7) {
            throw new InvalidJobException("prioclass", "0x" + Integer.toHexString(ioprio),
                    "class must be 1..3 and level 0..7");
        }
    }
}
