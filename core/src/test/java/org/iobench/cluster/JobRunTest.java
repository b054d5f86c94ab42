package org.iobench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class JobRunTest {
    @Test
    void aHostLostBeforeEveryHostAcceptedLeavesTheOthersStoppedBeforeAnyIoNotLost() {
        JobRun run = new JobRun("j", List.of(new HostAddress("a", 1), new HostAddress("b", 1),
                new HostAddress("c", 1)));
        run.accepted(0);
        run.lost(1, "its connection was closed");
        run.accepted(2);
        assertThat(run.allAccepted()).isFalse();
        run.abandonBeforeStart("stopped before any I/O");
        assertThat(run.anyRunning()).isFalse();
        ControllerOutcome o = run.outcome(false);
        assertThat(o.hosts()).extracting(ControllerOutcome.HostOutcome::state).containsExactly(
                ControllerOutcome.State.REFUSED, ControllerOutcome.State.LOST, ControllerOutcome.State.REFUSED);
        assertThat(o.hosts()).extracting(ControllerOutcome.HostOutcome::message).containsExactly(
                "stopped before any I/O", "its connection was closed", "stopped before any I/O");
        assertThat(o.hosts().getFirst().status()).isZero();
    }
}
