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
    void iobenchsOwnDrawsEachRequestFromTheShare() {
        Directions d = Directions.own(70, 42);
        int reads = 0;
        for (int i = 0; i < 100_000; i++) {
            reads += d.next() == 0 ? 1 : 0;
        }
        assertThat(reads / 100_000.0).isBetween(0.69, 0.71);
    }
}
