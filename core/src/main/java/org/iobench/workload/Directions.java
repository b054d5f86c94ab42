package org.iobench.workload;

import java.util.SplittableRandom;
import org.iobench.workload.offsets.FioTausworthe;

/**
 * The direction of each request of a mixed job (0: read, 1: write). iobench's own draws each request's direction
 * from the read share. fio's ({@code get_rw_ddir}) keeps a direction until its requests catch up: it draws a new one
 * ({@code rand_between(rwmix_state, 1, 100) <= rwmixread}) only once the current direction's issued requests reach
 * {@code rwmix_issues}, and on a change sets that to the requests issued in the old direction times the new one's
 * share; so fio's sequence depends on the requests issued, which the caller reports through {@link #issued}.
 *
 * <p>Not thread-safe: one per worker.
 */
abstract class Directions {
    /** The next request's direction; the caller reports it through {@link #issued} once the request is made. */
    abstract int next();

    /** A request of direction {@code d} was issued. */
    void issued(int d) {}

    /** fio's rates turned the next request to direction {@code d}: fio's mix goes on from it ({@code rwmix_ddir}). */
    void turn(int d) {}

    /** fio's new loop over the file ({@code clear_io_state}): its generators start again with {@code randrepeat}. */
    void newLoop() {}

    /**
     * fio's end of the ramp ({@code ramp_time_over}: {@code reset_all_stats} zeroes {@code io_issues},
     * {@code reset_io_counters} {@code rwmix_issues}): the mix counts its requests from zero again.
     */
    void rampEnded() {}

    /** iobench's own: each request read with probability {@code readPercent}. */
    static Directions own(int readPercent, long seed) {
        SplittableRandom mix = new SplittableRandom(seed);
        return new Directions() {
            @Override
            int next() {
                return mix.nextInt(100) < readPercent ? 0 : 1;
            }
        };
    }

    /** fio 3.33's, {@code rwmix_state} started from {@code start} ({@code rand_seeds[FIO_RAND_MIX_OFF]}). */
    static Directions fio(int readPercent, long start, boolean repeatEachLoop) {
        return new Fio(readPercent, start, repeatEachLoop);
    }

    private static final class Fio extends Directions {
        private final int[] percent;
        private final long start;
        private final boolean repeatEachLoop;
        private final long[] issues = new long[2];
        private FioTausworthe state;
        private int current; // fio's rwmix_ddir: DDIR_READ (0) in a new thread_data
        private long rwmixIssues;

        Fio(int readPercent, long start, boolean repeatEachLoop) {
            this.percent = new int[] {readPercent, 100 - readPercent};
            this.start = start;
            this.repeatEachLoop = repeatEachLoop;
            this.state = FioTausworthe.of32(start);
        }

        @Override
        int next() {
            if (issues[current] >= rwmixIssues) {
                // fio's rand_between(state, 1, 100): 1 + (int) (100.0 * (r / 2^32))
                int v = 1 + (int) (100.0 * (state.next() / 4294967296.0));
                int d = v <= percent[0] ? 0 : 1;
                if (d != current) {
                    rwmixIssues = issues[current] * percent[d] / 100; // set_rwmix_bytes
                }
                current = d;
            }
            return current;
        }

        @Override
        void issued(int d) {
            issues[d]++;
        }

        @Override
        void turn(int d) {
            current = d;
        }

        @Override
        void rampEnded() {
            issues[0] = 0;
            issues[1] = 0;
            rwmixIssues = 0; // rwmix_ddir and the generator stay
        }

        @Override
        void newLoop() {
            rwmixIssues = 0; // reset_io_counters; io_issues and rwmix_ddir stay
            if (repeatEachLoop) {
                state = FioTausworthe.of32(start);
            }
        }
    }
}
