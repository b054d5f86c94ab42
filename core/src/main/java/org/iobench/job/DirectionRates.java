package org.iobench.job;

/**
 * A fio job's {@code rate} or {@code rate_iops}, per direction as fio keeps them ({@code read,write}; 0: that
 * direction has no rate), paced as fio 3.33 paces them: each direction by its own next issue time, the job turning to
 * the other direction when the one it drew is ahead (see {@code workload.FioRates}).
 *
 * @param countsRequests the values are requests per second ({@code rate_iops}); else bytes per second ({@code rate})
 * @param read          the read direction's rate; 0: none
 * @param write         the write direction's rate; 0: none
 * @param poisson       {@code rate_process=poisson}: exponential gaps from each direction's own fio generator
 * @param poissonRead   where fio starts the read direction's generator ({@code rand_seeds[FIO_RAND_POISSON_OFF]})
 * @param poissonWrite  the write direction's ({@code FIO_RAND_POISSON2_OFF})
 * @param quiesce       fio's {@code io_submit_mode=inline} (the default): the requests in flight complete before the
 *                      job sleeps for its rate; false with {@code offload}, which submits on time whatever is in flight
 */
public record DirectionRates(boolean countsRequests, long read, long write, boolean poisson, long poissonRead,
                             long poissonWrite, boolean quiesce) {
    public DirectionRates {
        if (read < 0 || write < 0 || read == 0 && write == 0) {
            throw new InvalidJobException("rate", read + "," + write, "needs a positive rate on a direction");
        }
    }

    /** Direction {@code d}'s rate (0 read, 1 write). */
    public long perSecond(int d) {
        return d == 0 ? read : write;
    }

    /** Where direction {@code d}'s Poisson generator starts. */
    public long poissonStart(int d) {
        return d == 0 ? poissonRead : poissonWrite;
    }
}
