package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iobench.job.DirectionRates;
import org.junit.jupiter.api.Test;

/**
 * fio 3.33's {@code rate_ddir} and {@code usec_for_io}, driven by a clock the test holds: each case follows fio's
 * code by hand (io_u.c, backend.c) on a device that completes every request at once, so time moves only by fio's
 * sleeps.
 */
class FioRatesTest {
    private static final long MS = 1_000_000L;
    private static final long EPOCH = 5_000 * MS; // any origin: fio counts from the job's epoch
    private static final long[] FOUR_K = {4096, 4096};

    private static FioRates rates(boolean iops, long read, long write, boolean mixed, int readPercent) {
        FioRates r = new FioRates(new DirectionRates(iops, read, write, false, 0, 0, true), FOUR_K, mixed,
                readPercent);
        r.start(EPOCH);
        return r;
    }

    /**
     * Issues {@code n} requests, each drawn as {@code drawn} says (the mix's draw), starting at {@code start} (ns
     * after the epoch): sleeps as fio sleeps, then issues {@code bytes}. Returns "r"/"w" per request, with "+N"
     * for a wait of N µs before it.
     */
    private static List<String> run(FioRates r, int n, java.util.function.IntUnaryOperator drawn, long bytes) {
        List<String> out = new ArrayList<>();
        long now = EPOCH;
        for (int i = 0; i < n; i++) {
            int d = r.choose(drawn.applyAsInt(i), now);
            long wait = r.waitMicros();
            now += wait * 1000;
            r.issued(d, bytes);
            out.add((d == 0 ? "r" : "w") + (wait > 0 ? "+" + wait : ""));
        }
        return out;
    }

    @Test
    void withBothDirectionsRatedAMixedJobTurnsToTheOtherDirectionWheneverTheDrawnOneIsAhead() {
        // rate_iops=100 (both), rwmixread=80, every draw a read: fio issues a read, then turns to the due write,
        // then sleeps 10 ms for the read (due first, the drawn one on a tie), and so on: 1:1, not 80:20
        FioRates r = rates(true, 100, 100, true, 80);
        assertThat(run(r, 7, i -> 0, 4096)).containsExactly("r", "w", "r+10000", "w", "r+10000", "w", "r+10000");
    }

    @Test
    void aDrawnWriteThatIsAheadWaitsForWhicheverDirectionIsDueFirst() {
        // rate_iops=100,50: writes every 20 ms, reads every 10 ms; every draw a write
        FioRates r = rates(true, 100, 50, true, 50);
        assertThat(run(r, 8, i -> 1, 4096)).containsExactly(
                "w",          // t=0: the write is due
                "r",          // t=0: the write is ahead (20 ms), the read is due: turned
                "r+10000",    // both ahead, the read due first (10 ms): sleep, turned
                "w+10000",    // t=10: write due at 20, read at 20: the drawn one on a tie
                "r",          // t=20: the write ahead (40), the read due (20)
                "r+10000",    // t=20: read due at 30, write at 40
                "w+10000",    // t=30: read at 40, write at 40: the drawn write
                "r");         // t=40
    }

    @Test
    void withARateOnOneDirectionOnlyTheOtherRunsUnthrottledWhileTheRatedOneIsAhead() {
        // rate_iops=,50: the write direction alone is rated; a drawn write that is ahead turns into a read at once
        FioRates r = rates(true, 0, 50, true, 50);
        assertThat(run(r, 6, i -> 1, 4096)).containsExactly("w", "r", "r", "r", "r", "r");
        long now = EPOCH + 20 * MS;
        assertThat(r.choose(1, now)).as("due again after 20 ms").isEqualTo(1);
        assertThat(r.waitMicros()).isZero();
        assertThat(r.choose(0, EPOCH)).as("a drawn read is never held").isZero();
        assertThat(r.waitMicros()).isZero();
    }

    @Test
    void aDirectionWithoutAShareIsNeverTurnedTo() {
        // rwmixread=100 (fio's rwmix[DDIR_WRITE] = 0): a read that is ahead sleeps, even with writes unrated
        FioRates r = rates(true, 100, 0, true, 100);
        assertThat(run(r, 3, i -> 0, 4096)).containsExactly("r", "r+10000", "r+10000");
    }

    @Test
    void aJobOfOneDirectionSleepsUntilItsNextTime() {
        FioRates r = rates(false, 409600, 0, false, 100); // rate=400k on a read job
        assertThat(run(r, 3, i -> 0, 4096)).containsExactly("r", "r+10000", "r+10000");
    }

    @Test
    void aByteRateCountsEachRequestByItsBytesAndRateIopsByTheSmallestSize() {
        // rate_iops=100 with bsrange=4k-16k: fio's rate_bps is 100 * min_bs; a 16k request is due 40 ms on
        FioRates r = rates(true, 100, 0, false, 100);
        r.issued(0, 16384);
        assertThat(r.choose(0, EPOCH)).isZero();
        assertThat(r.waitMicros()).isEqualTo(40_000);
        // usec_for_io in whole µs: 3 bytes at 7 B/s is 428571 µs (remainder * 10^6 / bps + secs * 10^6)
        FioRates odd = new FioRates(new DirectionRates(false, 7, 0, false, 0, 0, true), FOUR_K, false, 100);
        odd.start(EPOCH);
        odd.issued(0, 10);
        assertThat(odd.choose(0, EPOCH)).isZero();
        assertThat(odd.waitMicros()).isEqualTo(1_428_571);
    }

    @Test
    void aLateJobIssuesWhatIsDueAtOnceAndItsIntendedStartIsTheDueTime() {
        FioRates r = rates(true, 100, 100, true, 50);
        r.issued(0, 4096);
        r.issued(1, 4096);
        long late = EPOCH + 35 * MS; // both directions were due at 10 ms
        assertThat(r.choose(1, late)).isEqualTo(1);
        assertThat(r.waitMicros()).isZero();
        assertThat(r.dueNanos(1, late)).isEqualTo(EPOCH + 10 * MS);
        assertThat(r.dueNanos(0, late)).isEqualTo(EPOCH + 10 * MS);
        FioRates oneWay = rates(true, 0, 50, true, 50);
        assertThat(oneWay.dueNanos(0, late)).as("an unrated direction is due when it goes").isEqualTo(late);
    }

    @Test
    void theEndOfARampStartsTheRatesAgainFromNewEpoch() {
        FioRates r = rates(true, 100, 0, false, 100);
        for (int i = 0; i < 5; i++) {
            r.issued(0, 4096);
        }
        long rampEnd = EPOCH + 7 * MS;
        assertThat(r.choose(0, rampEnd)).isZero();
        assertThat(r.waitMicros()).isEqualTo(43_000);
        r.start(rampEnd); // fio's reset_all_stats: rate_io_issue_bytes and rate_next_io_time back to 0
        assertThat(r.choose(0, rampEnd)).isZero();
        assertThat(r.waitMicros()).isZero();
    }

    @Test
    void poissonGapsComeFromEachDirectionsOwnGeneratorWithTheRatesMean() {
        FioRates r = new FioRates(new DirectionRates(true, 200, 100, true, 11, 22, true), FOUR_K, true, 50);
        r.start(EPOCH);
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            r.issued(0, 4096);
            r.issued(1, 1 << 20); // a Poisson gap does not depend on the request's bytes
        }
        double readMean = (r.dueNanos(0, EPOCH) - EPOCH) / 1000.0 / n;
        double writeMean = (r.dueNanos(1, EPOCH) - EPOCH) / 1000.0 / n;
        // fio's mean gap is the whole µs 10^6 / iops times -ln(u), u in (0, 1]: 5000 and 10000 µs, within 3 %
        assertThat(readMean).isBetween(5000 * 0.97, 5000 * 1.03);
        assertThat(writeMean).isBetween(10000 * 0.97, 10000 * 1.03);
        FioRates again = new FioRates(new DirectionRates(true, 200, 100, true, 11, 22, true), FOUR_K, true, 50);
        again.start(EPOCH);
        again.issued(0, 4096);
        FioRates first = new FioRates(new DirectionRates(true, 200, 100, true, 11, 22, true), FOUR_K, true, 50);
        first.start(EPOCH);
        first.issued(0, 4096);
        first.choose(0, EPOCH);
        again.choose(0, EPOCH);
        assertThat(again.waitMicros()).as("the same start, the same gaps").isEqualTo(first.waitMicros());
    }
}
