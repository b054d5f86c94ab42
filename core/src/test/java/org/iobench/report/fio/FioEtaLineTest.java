package org.iobench.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** fio 3.33's ETA line ({@code eta.c}'s {@code display_thread_status}), from made-up figures and clock readings. */
class FioEtaLineTest {
    private static final long S = 1_000_000_000L;

    private static FioEtaLine.Jobs writing(long elapsed, long eta, long kib, long iops) {
        return new FioEtaLine.Jobs(1, 1, 0, 0, 0, 0, "W(1)", elapsed, eta, 0, 0, new long[] {0, kib, 0},
                new long[] {0, iops, 0}, true, false);
    }

    @Test
    void aRunningJobShowsItsStatesPercentRatesAndEtaAndEndsInACarriageReturn() {
        FioEtaLine line = new FioEtaLine(0);
        // 100352 KiB/s = 98.0 MiB/s; 25100 IOPS = 25.1k; 5 s of 11: 45.5 %
        assertThat(line.display(writing(5, 6, 100352, 25100), 5 * S))
                .isEqualTo("Jobs: 1 (f=1): [W(1)][45.5%][w=98.0MiB/s][w=25.1k IOPS][eta 00m:06s]\r");
    }

    @Test
    void beforeThreeSecondsThereIsNoEtaAndOnlyTheJobCount() {
        FioEtaLine line = new FioEtaLine(0);
        assertThat(line.display(writing(1, FioEtaLine.NO_ETA, 1024, 10), S)).isEqualTo("Jobs: 1 (f=1)\r");
    }

    @Test
    void aShorterLineIsPaddedToThePreviousOnesLengthSoItCoversIt() {
        FioEtaLine line = new FioEtaLine(0);
        String first = line.display(writing(5, 6, 100352, 25100), 5 * S);
        String second = line.display(writing(6, 5, 0, 0), 6 * S); // nothing moved: no rate brackets
        assertThat(second).startsWith("Jobs: 1 (f=1): [W(1)][54.5%][eta 00m:05s]   ");
        assertThat(second.length()).isEqualTo(first.length());
    }

    @Test
    void withEtaNewlineALinePrintedLongerThanThatAfterTheLastNewLineIsFollowedByOne() {
        FioEtaLine line = new FioEtaLine(1000);
        assertThat(line.display(writing(3, 8, 1024, 256), 3 * S)).doesNotStartWith("\n"); // starts the clock
        assertThat(line.display(writing(4, 7, 1024, 256), 4 * S)).as("exactly 1000 ms: not more").doesNotStartWith(
                "\n");
        String third = line.display(writing(5, 6, 1024, 256), 5 * S + 1_000_000); // 2001 ms after: pending
        assertThat(third).doesNotStartWith("\n");
        assertThat(line.display(writing(6, 5, 1024, 256), 6 * S)).as("the pending new line, then the line")
                .startsWith("\nJobs: 1 (f=1): [W(1)]");
        FioEtaLine never = new FioEtaLine(0);
        for (int i = 3; i < 10; i++) {
            assertThat(never.display(writing(i, 10 - i, 1024, 256), i * S)).doesNotContain("\n");
        }
    }

    @Test
    void theRunStatesAreCondensedAsFiosAndTheEtaHasHoursAndDaysWhenNeeded() {
        assertThat(FioEtaLine.condensed("__WWP")).isEqualTo("_(2),W(2),P(1)");
        assertThat(FioEtaLine.condensed("r")).isEqualTo("r(1)");
        assertThat(FioEtaLine.etaText(6)).isEqualTo("00m:06s");
        assertThat(FioEtaLine.etaText(3723)).isEqualTo("01h:02m:03s");
        assertThat(FioEtaLine.etaText(86400 + 5)).isEqualTo("01d:00h:00m:05s");
    }

    @Test
    void rampingOnlyShowsNoPercentAndRateLimitsFollowTheJobCount() {
        FioEtaLine line = new FioEtaLine(0);
        FioEtaLine.Jobs ramp = new FioEtaLine.Jobs(1, 0, 0, 0, 0, 0, "/(1)", 4, 12, 1, 0, new long[3], new long[3],
                true, false);
        assertThat(line.display(ramp, 4 * S)).isEqualTo("Jobs: 1 (f=0): [/(1)][-.-%][eta 00m:12s]\r");
        FioEtaLine.Jobs limited = new FioEtaLine.Jobs(1, 1, 0, 10 << 20, 0, 0, "R(1)", 4, 4, 0, 0,
                new long[] {10240, 0, 0}, new long[] {2560, 0, 0}, true, false);
        assertThat(new FioEtaLine(0).display(limited, 4 * S))
                .isEqualTo("Jobs: 1 (f=1), 0B/s-10.0MiB/s: [R(1)][50.0%][r=10.0MiB/s][r=2560 IOPS][eta 00m:04s]\r");
        FioEtaLine.Jobs iops = new FioEtaLine.Jobs(2, 2, 0, 0, 100, 500, "r(2)", 4, 4, 0, 0, new long[3],
                new long[3], true, false);
        assertThat(new FioEtaLine(0).display(iops, 4 * S)).startsWith("Jobs: 2 (f=2), 100-500 IOPS: [r(2)]");
    }
}
