package org.iobench.workload;

import org.iobench.job.DirectionRates;
import org.iobench.workload.offsets.FioTausworthe;

/**
 * One worker's {@code rate}/{@code rate_iops} as fio 3.33 keeps them, per direction (0 read, 1 write). Each rated
 * direction has its own next issue time, in whole microseconds since the job's epoch ({@code rate_next_io_time}):
 * with {@code rate_process=linear} the bytes issued in that direction so far over its rate ({@code usec_for_io}:
 * {@code bytes / bps} seconds plus {@code (bytes % bps) * 10^6 / bps} µs), with {@code poisson} the sum of
 * exponential gaps of mean {@code 10^6 / iops} µs drawn from the direction's own generator. A direction without a
 * rate is always due. The rate in bytes is {@code rate}, or {@code rate_iops} times the direction's smallest request
 * ({@code min_bs}), so under a size mix a request counts by its bytes.
 *
 * <p>Before each request, {@link #choose} is fio's {@code rate_ddir} for the direction the job drew: that direction
 * when it is due; in a mixed job whose other direction has a share ({@code rwmix[odir]}), the other one when that is
 * due; else the one due first (the drawn one on a tie), after sleeping until then ({@link #waitMicros}). fio lets the
 * requests in flight complete before it sleeps, and sleeps the whole wait after that. The job's drawn direction
 * then becomes the one chosen ({@code td->rwmix_ddir}), so with a rate on one direction only the other runs
 * unthrottled whenever the rated one is ahead, and with rates on both a job runs each at its own rate whatever its
 * mix, as long as the device keeps up.
 *
 * <p>Every time is handed in ({@code nowNanos} on the run's clock): a test drives it. Not thread-safe: one per
 * worker.
 */
final class FioRates {
    private final long[] bps = new long[2];
    private final long[] issuedBytes = new long[2];
    private final long[] nextMicros = new long[2];
    /** fio's {@code td_rw && rwmix[ddir]}: the direction may be turned to. */
    private final boolean[] turnable = new boolean[2];
    /** Poisson: the directions' generators ({@code poisson_state}) and the gaps' sums ({@code last_usec}). */
    private final FioTausworthe[] poisson;
    private final long[] poissonStart;
    private final long[] meanGapMicros = new long[2];
    private final long[] lastMicros = new long[2];
    private long epochNanos;
    private long waitMicros;
    private final boolean quiesce;

    /**
     * @param rates    the job's rates per direction
     * @param minBytes the smallest request of each direction ({@code min_bs}), for {@code rate_iops}
     * @param mixed    the job reads and writes ({@code td_rw})
     * @param readPercent its read share ({@code rwmixread}); a direction with no share is never turned to
     */
    FioRates(DirectionRates rates, long[] minBytes, boolean mixed, int readPercent) {
        for (int d = 0; d < 2; d++) {
            long v = rates.perSecond(d);
            bps[d] = rates.countsRequests() ? v * minBytes[d] : v;
        }
        quiesce = rates.quiesce();
        turnable[0] = mixed && readPercent > 0;
        turnable[1] = mixed && readPercent < 100;
        if (rates.poisson()) {
            poisson = new FioTausworthe[2];
            poissonStart = new long[] {rates.poissonStart(0), rates.poissonStart(1)};
            for (int d = 0; d < 2; d++) {
                long iops = bps[d] / Math.max(1, minBytes[d]);
                meanGapMicros[d] = iops > 0 ? 1_000_000L / iops : 0;
            }
        } else {
            poisson = null;
            poissonStart = null;
        }
        start(0);
    }

    /** The job's epoch ({@code td->epoch}): its start, or the end of its ramp, where fio starts the rates again. */
    void start(long epochNanos) {
        this.epochNanos = epochNanos;
        for (int d = 0; d < 2; d++) {
            issuedBytes[d] = 0;
            nextMicros[d] = 0;
            lastMicros[d] = 0;
        }
        if (poisson != null) { // fio seeds the generators once, at the job's start; a ramp's end keeps them
            for (int d = 0; d < 2; d++) {
                if (poisson[d] == null) {
                    poisson[d] = FioTausworthe.of32(poissonStart[d]);
                }
            }
        }
    }

    /** True when the requests in flight complete before a sleep (fio's inline submission, {@code io_u_quiesce}). */
    boolean quiesce() {
        return quiesce;
    }

    /** True when direction {@code d} has a rate. */
    boolean rated(int d) {
        return bps[d] > 0;
    }

    /**
     * fio's {@code rate_ddir} for the drawn direction {@code drawn} at {@code nowNanos}: the direction of the next
     * request; {@link #waitMicros} says how long fio sleeps before issuing it (0: at once).
     */
    int choose(int drawn, long nowNanos) {
        long now = Math.max(0, (nowNanos - epochNanos) / 1000);
        int odir = drawn ^ 1;
        waitMicros = 0;
        if (nextMicros[drawn] <= now) {
            return drawn;
        }
        if (turnable[odir]) {
            if (nextMicros[odir] <= now) {
                return odir;
            }
            if (nextMicros[drawn] <= nextMicros[odir]) {
                waitMicros = nextMicros[drawn] - now;
                return drawn;
            }
            waitMicros = nextMicros[odir] - now;
            return odir;
        }
        waitMicros = nextMicros[drawn] - now;
        return drawn;
    }

    /** How long fio sleeps before the request {@link #choose} chose, in µs (after its requests in flight are back). */
    long waitMicros() {
        return waitMicros;
    }

    /**
     * When direction {@code d}'s next request is due, on the run's clock: the intended start of a request issued
     * now (an unrated direction's is {@code nowNanos}: always due).
     */
    long dueNanos(int d, long nowNanos) {
        return rated(d) ? epochNanos + nextMicros[d] * 1000 : nowNanos;
    }

    /** A request of {@code bytes} in direction {@code d} was issued: fio's {@code rate_io_issue_bytes}, next time. */
    void issued(int d, long bytes) {
        if (!rated(d)) {
            return;
        }
        issuedBytes[d] += bytes;
        if (poisson != null) {
            // fio: (int64_t) (1000000 / iops) * -logf(__rand_0_1(state)), in float, kept as a whole number of µs
            double u = (poisson[d].next() + 1.0) / 4294967296.0;
            float gap = (float) meanGapMicros[d] * -(float) Math.log((float) u); // logf takes a float
            lastMicros[d] += (long) gap;
            nextMicros[d] = lastMicros[d];
            return;
        }
        long b = issuedBytes[d];
        nextMicros[d] = b % bps[d] * 1_000_000L / bps[d] + b / bps[d] * 1_000_000L;
    }
}
