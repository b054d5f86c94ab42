package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iobench.engine.IoOp;
import org.iobench.job.Priorities;
import org.iobench.job.Priorities.Choice;
import org.junit.jupiter.api.Test;

class RequestPrioritiesTest {
    private static final int RT0 = 1 << 13;
    private static final int IDLE2 = 3 << 13 | 2;
    private static final int BE7 = 2 << 13 | 7;

    @Test
    void aPercentageGivesThatShareOfRequestsItsPriorityAndTheRestTheJobsDefault() {
        RequestPriorities p = RequestPriorities.of(new Priorities(IDLE2, true, List.of(new Choice(0, 20, RT0)),
                List.of()), 42);
        int rt = 0;
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            int v = p.choose(IoOp.READ, 4096);
            assertThat(v).isIn(RT0, IDLE2);
            rt += v == RT0 ? 1 : 0;
        }
        assertThat(rt / (double) n).isBetween(0.18, 0.22);
        assertThat(p.choose(IoOp.WRITE, 4096)).as("writes have no choices: the default").isEqualTo(IDLE2);
        assertThat(p.choose(IoOp.FSYNC, 0)).as("a sync has no priority").isZero();
    }

    @Test
    void bssplitEntriesApplyToTheirSizeOnlyEachWithItsShareInOrder() {
        // fio's cmdprio-bssplit example: 64k/25/1/1:64k/75/3/2:1024k/0 with prio 2/7 for the rest
        RequestPriorities p = RequestPriorities.of(new Priorities(BE7, true,
                List.of(new Choice(65536, 25, RT0 | 1), new Choice(65536, 75, IDLE2)), List.of()), 7);
        int first = 0;
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            int v = p.choose(IoOp.READ, 65536);
            assertThat(v).isIn(RT0 | 1, IDLE2);
            first += v == (RT0 | 1) ? 1 : 0;
        }
        assertThat(first / (double) n).isBetween(0.23, 0.27);
        assertThat(p.choose(IoOp.READ, 1 << 20)).as("a size without entries: the default").isEqualTo(BE7);
    }

    @Test
    void theSameSeedDrawsTheSameSequence() {
        Priorities spec = new Priorities(0, false, List.of(new Choice(0, 50, RT0)), List.of(new Choice(0, 50, RT0)));
        RequestPriorities a = RequestPriorities.of(spec, 3);
        RequestPriorities b = RequestPriorities.of(spec, 3);
        for (int i = 0; i < 100; i++) {
            assertThat(a.choose(IoOp.WRITE, 8192)).isEqualTo(b.choose(IoOp.WRITE, 8192));
        }
        assertThat(RequestPriorities.of(new Priorities(0, false, List.of(), List.of()), 1)).isNull();
    }
}
