package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DirectionsTest {
    /** fio's {@code rand_seeds[FIO_RAND_MIX_OFF]} for {@code thread_number} 3 (randrepeat=1, no randseed). */
    private static long mixSeed(int thread) {
        long seed = 0x89;
        for (int i = 0; i < 4 + 4; i++) {
            seed *= 0x9e370001L;
        }
        return seed * thread + 4;
    }

    @Test
    void fiosMixKeepsADirectionUntilItsRequestsCatchUp() {
        // fio 3.33's write_iolog here: [mix] rw=rw rwmixread=70, the file's third job (thread_number 3)
        Directions d = Directions.fio(70, mixSeed(3), true);
        StringBuilder got = new StringBuilder();
        for (int i = 0; i < 24; i++) {
            int dir = d.next();
            d.issued(dir);
            got.append(dir == 0 ? 'r' : 'w');
        }
        assertThat(got.toString()).isEqualTo("wwwrrrwrrrrwrwwrwwrrrrrr");
    }

    @Test
    void theRampsEndCountsTheMixFromZeroAsFiosResetAllStats() {
        // thread 3's draws are w w w r ...: at the change to r fio sets rwmix_issues = 3 * 70 / 100 = 2, so it keeps
        // r for a request without drawing (wwwrr, then the 5th draw r, the 6th w: "wwwrrrw"). A ramp ending after
        // the 4th request zeroes io_issues and rwmix_issues (reset_all_stats, reset_io_counters): the 5th request
        // draws at once (r) and the 6th too (w)
        Directions plain = Directions.fio(70, mixSeed(3), true);
        Directions ramped = Directions.fio(70, mixSeed(3), true);
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            if (i == 4) {
                ramped.rampEnded();
            }
            int x = plain.next();
            plain.issued(x);
            a.append(x == 0 ? 'r' : 'w');
            int y = ramped.next();
            ramped.issued(y);
            b.append(y == 0 ? 'r' : 'w');
        }
        assertThat(a.toString()).isEqualTo("wwwrrr");
        assertThat(b.toString()).isEqualTo("wwwrrw");
    }

    @Test
    void iobenchsOwnDrawsEachRequestFromTheShare() {
        Directions d = Directions.own(70, 42);
        int reads = 0;
        for (int i = 0; i < 100_000; i++) {
            reads += d.next() == 0 ? 1 : 0;
        }
        assertThat(reads / 100_000.0).isBetween(0.69, 0.71);
    }
}
