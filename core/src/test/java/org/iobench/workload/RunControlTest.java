package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.iobench.result.IoFailure;
import org.junit.jupiter.api.Test;

/** The stop switch: one for all jobs, or a job's own in a stage run as fio runs one. */
class RunControlTest {
    private static final IoFailure ENOSPC = new IoFailure(0, "pwrite", 0, 4096, 28, "ENOSPC", "no space");

    @Test
    void aFailureStopsEveryJobSharingTheControl() {
        RunControl stage = new RunControl();
        stage.fail(ENOSPC);
        assertThat(stage.stopped()).isTrue();
        assertThat(stage.reason()).isEqualTo(new RunControl.Failed(ENOSPC));
    }

    @Test
    void aJobsOwnFailureEndsThatJobOnly() {
        RunControl stage = new RunControl();
        RunControl failing = stage.ownFailures();
        RunControl partner = stage.ownFailures();
        failing.fail(ENOSPC);
        assertThat(failing.stopped()).isTrue();
        assertThat(failing.reason()).isEqualTo(new RunControl.Failed(ENOSPC));
        assertThat(partner.stopped()).as("fio: the partner goes on").isFalse();
        assertThat(stage.stopped()).as("the stages after it start").isFalse();
    }

    @Test
    void aSignalStopsEveryJobWhicheverControlHeardIt() {
        RunControl stage = new RunControl();
        RunControl failed = stage.ownFailures();
        RunControl partner = stage.ownFailures();
        failed.fail(ENOSPC);
        partner.interrupt("SIGTERM");
        assertThat(stage.interruptedBy()).isEqualTo("SIGTERM");
        assertThat(partner.interruptedBy()).isEqualTo("SIGTERM");
        assertThat(failed.stopped()).isTrue();
        assertThat(failed.reason()).as("its own failure came first").isEqualTo(new RunControl.Failed(ENOSPC));
        RunControl late = stage.ownFailures();
        assertThat(late.stopped()).as("a job made after the signal starts stopped").isTrue();
        assertThat(late.interruptedBy()).isEqualTo("SIGTERM");
    }

    @Test
    void exitAllZonesAndSteadyGroupsAreTheStagesWhateverTheSwitch() {
        RunControl stage = new RunControl();
        RunControl a = stage.ownFailures();
        RunControl b = stage.ownFailures();
        assertThat(a.zoneBooks()).isSameAs(b.zoneBooks()).isSameAs(stage.zoneBooks());
        assertThat(a.steadyGroup("g", 1)).isSameAs(b.steadyGroup("g", 1));
        a.endGroup("g");
        assertThat(b.groupEnded("g")).isTrue();
        a.exitAll(true);
        assertThat(b.finishing()).isTrue();
        assertThat(stage.skipsRest()).isTrue();
        b.beginRun();
        assertThat(a.finishing()).isFalse();
        assertThat(a.groupEnded("g")).isFalse();
    }
}
