package org.iobench.sys.uring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class IoUringTest {

    @Test
    void nopsComeBackWithTheirUserDataThroughTheRings() throws Exception {
        try (IoUring ring = IoUring.create(8, 0)) {
            assertThat(ring.sqEntries()).isEqualTo(8);
            assertThat(ring.cqEntries()).isEqualTo(16);
            // Go round the rings several times so that wrapping of head and tail is exercised.
            long tag = 1000;
            for (int round = 0; round < 5; round++) {
                for (int i = 0; i < 8; i++) {
                    ring.prepareNop(tag + i);
                }
                assertThat(ring.sqSpace()).isZero();
                assertThat(ring.submit()).isEqualTo(8);
                assertThat(ring.sqSpace()).isEqualTo(8);
                assertThat(ring.waitCompletions(8)).isZero();
                assertThat(ring.cqReady()).isEqualTo(8);
                for (int i = 0; i < 8; i++) {
                    assertThat(ring.cqeUserData(i)).isEqualTo(tag + i);
                    assertThat(ring.cqeResult(i)).isZero();
                }
                ring.cqAdvance(8);
                assertThat(ring.cqReady()).isZero();
                tag += 8;
            }
        }
    }

    @Test
    void theKernelRoundsEntriesUpToAPowerOfTwoAndReportsSingleMmap() throws Exception {
        try (IoUring ring = IoUring.create(5, 0)) {
            assertThat(ring.sqEntries()).isEqualTo(8);
            assertThat(ring.features() & IoUringAbi.FEAT_SINGLE_MMAP).isNotZero();
        }
    }

    @Test
    void entriesOutsideTheKernelRangeAreRefusedByName() {
        assertThatThrownBy(() -> IoUring.create(0, 0)).hasMessageContaining("entries=0");
        assertThatThrownBy(() -> IoUring.create(IoUringAbi.MAX_ENTRIES + 1, 0)).hasMessageContaining("entries");
    }

    @Test
    void aSleepingSubmissionThreadIsWokenBySubmit() throws Exception {
        IoUring ring;
        try {
            ring = IoUring.create(4, IoUringAbi.SETUP_SQPOLL, 0, 1); // the thread sleeps after 1 ms without work
        } catch (org.iobench.sys.SysException e) {
            org.junit.jupiter.api.Assumptions.assumeTrue(false, "the kernel refused SQPOLL: " + e.getMessage());
            return;
        }
        try (ring) {
            for (int round = 0; round < 3; round++) {
                while (!ring.submitThreadAsleep()) {
                    Thread.onSpinWait(); // idle 1 ms: the kernel's thread goes to sleep and says so in the SQ flags
                }
                ring.prepareNop(round);
                assertThat(ring.submit()).as("the SQE published counts as handed over").isEqualTo(1);
                assertThat(ring.waitCompletions(1)).isZero();
                assertThat(ring.cqReady()).isEqualTo(1);
                assertThat(ring.cqeUserData(0)).isEqualTo(round);
                ring.cqAdvance(1);
            }
        }
    }

    @Test
    void closingTwiceIsHarmless() throws Exception {
        IoUring ring = IoUring.create(4, 0);
        ring.close();
        ring.close();
    }
}
