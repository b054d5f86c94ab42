package org.iobench.workload;

import java.util.List;
import java.util.SplittableRandom;
import org.iobench.engine.IoOp;
import org.iobench.job.Priorities;
import org.iobench.result.IoFailure;
import org.iobench.sys.Errno;
import org.iobench.sys.IoPriority;
import org.iobench.sys.SysException;

/**
 * Picks each request's I/O priority as fio's {@code fio_cmdprio_set_ioprio} does: the choices of the request's
 * direction for its size add up to P %; a draw from 0..99 below P takes the choice whose running sum first exceeds
 * it, otherwise the job's default. One per worker, with its own seeded sequence (fio's per-thread
 * {@code prio_state}); allocation-free.
 */
final class RequestPriorities {
    private final int defaultPrio;
    /** Per direction (0 read, 1 write): each choice's size (0: any), percentage and value. */
    private final long[][] sizes = new long[2][];
    private final int[][] percents = new int[2][];
    private final int[][] values = new int[2][];
    private final SplittableRandom random;

    RequestPriorities(Priorities p, long seed) {
        this.defaultPrio = p.defaultPrio();
        this.random = new SplittableRandom(seed);
        fill(0, p.read());
        fill(1, p.write());
    }

    /** The I/O priority a worker sets on its own thread (fio's {@code prioclass}/{@code prio}), or -1: none. */
    static int threadPrio(Priorities p) {
        return p != null && p.setThread() ? p.defaultPrio() : -1;
    }

    /** Sets {@code prio} on the calling thread ({@code ioprio_set}); a refusal fails the run, naming the call. */
    static void setThisThread(int prio, int worker, RunControl control) {
        try {
            IoPriority.setThisThread(prio);
        } catch (SysException e) {
            control.fail(new IoFailure(worker, "ioprio_set", 0, 0, e.errno(), Errno.name(e.errno()),
                    e.getMessage() + (e.errno() == Errno.EPERM ? " (the real-time class needs CAP_SYS_ADMIN)" : "")));
        }
    }

    /** The chooser of a job with per-request priorities, or null when every request has the default. */
    static RequestPriorities of(Priorities p, long seed) {
        return p == null || !p.perRequest() && p.defaultPrio() == 0 ? null : new RequestPriorities(p, seed);
    }

    private void fill(int d, List<Priorities.Choice> choices) {
        sizes[d] = new long[choices.size()];
        percents[d] = new int[choices.size()];
        values[d] = new int[choices.size()];
        for (int i = 0; i < choices.size(); i++) {
            sizes[d][i] = choices.get(i).blockBytes();
            percents[d][i] = choices.get(i).percent();
            values[d][i] = choices.get(i).ioprio();
        }
    }

    /** The priority of a request of {@code op} and {@code lengthBytes}; syncs have none (0). */
    int choose(IoOp op, long lengthBytes) {
        if (!op.transfersData()) {
            return 0;
        }
        int d = op == IoOp.WRITE ? 1 : 0;
        long[] s = sizes[d];
        int total = 0;
        for (int i = 0; i < s.length; i++) {
            if (s[i] == 0 || s[i] == lengthBytes) {
                total += percents[d][i];
            }
        }
        if (total == 0) {
            return defaultPrio;
        }
        int draw = random.nextInt(100);
        if (draw >= total) {
            return defaultPrio;
        }
        int sum = 0;
        for (int i = 0; i < s.length; i++) {
            if (s[i] == 0 || s[i] == lengthBytes) {
                sum += percents[d][i];
                if (draw < sum) {
                    return values[d][i];
                }
            }
        }
        return defaultPrio;
    }
}
