package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.Priorities.Choice;
import org.iobench.job.Priorities;
import org.junit.jupiter.api.Test;

/** fio 3.33's priority options, read as fio reads them (engines/cmdprio.c, options.c). */
class FioPrioritiesTest {
    private static List<JobSpec> jobs(String text) {
        return FioJobFile.parse("t.fio", "[global]\nsize=1m\nfilename=f\n" + text, false).jobs();
    }

    @Test
    void fiosCmdprioPercentageExampleIsIdleByDefaultAndRealTimeForTwentyPercentOfReads() {
        Priorities p = jobs("[j]\nrw=randread\nioengine=libaio\niodepth=8\nprioclass=3\ncmdprio_percentage=20\n"
                + "cmdprio_class=1\nwrite_lat_log=x\nlog_prio=1\n").getFirst().priorities();
        assertThat(p.defaultPrio()).isEqualTo(0x6000);
        assertThat(p.setThread()).isTrue();
        assertThat(p.read()).containsExactly(new Choice(0, 20, 0x2000));
        assertThat(p.write()).containsExactly(new Choice(0, 20, 0x2000));
        assertThat(jobs("[j]\nioengine=libaio\nwrite_lat_log=x\nlog_prio=1\n").getFirst().logs().priorities())
                .isTrue();
    }

    @Test
    void cmdprioBssplitTakesBothFormsPerDirectionLeavingOutZeroEntries() {
        JobSpec j = jobs("[j]\nrw=randrw\nioengine=io_uring\nprioclass=2\nprio=7\n"
                + "bssplit=64k/40:1024k/60,1024k/100\ncmdprio_bssplit=64k/25/1/1:64k/75/3/2:1024k/0,1024k/0\n")
                .getFirst();
        Priorities p = j.priorities();
        assertThat(p.defaultPrio()).isEqualTo(0x4007);
        assertThat(p.read()).containsExactly(new Choice(65536, 25, 0x2001), new Choice(65536, 75, 0x6002));
        assertThat(p.write()).isEmpty();
        Priorities implicit = jobs("[j]\nrw=randread\nioengine=libaio\ncmdprio_bssplit=64k/100:1024k/0\n"
                + "cmdprio_class=3\ncmdprio=4\n").getFirst().priorities();
        assertThat(implicit.read()).containsExactly(new Choice(65536, 100, 0x6004));
        assertThat(implicit.write()).as("one list applies to both directions").isEqualTo(implicit.read());
        assertThat(implicit.setThread()).isFalse();
        assertThat(jobs("[j]\nrw=randread\nioengine=libaio\ncmdprio_bssplit=4k/100\n").getFirst().priorities()
                .read()).as("no cmdprio_class: the real-time class, as fio").containsExactly(new Choice(4096, 100,
                0x2000));
    }

    @Test
    void cmdprioBssplitTakesAFifthFieldOfNoHintAndRefusesAHint() {
        Priorities p = jobs("[j]\nrw=randread\nioengine=libaio\nbssplit=64k/40:1024k/60\n"
                + "cmdprio_bssplit=64k/25/1/1/0:64k/75/3/2/:1024k/0\n").getFirst().priorities();
        assertThat(p.read()).containsExactly(new Choice(65536, 25, 0x2001), new Choice(65536, 75, 0x6002));
        assertThatThrownBy(() -> jobs("[j]\nioengine=libaio\ncmdprio_bssplit=64k/25/1/1/2\n"))
                .isInstanceOf(InvalidJobException.class)
                .hasMessageStartingWith("t.fio:6: cmdprio_bssplit=64k/25/1/1/2: '64k/25/1/1/2': iobench sends no"
                        + " priority hint");
        assertThatThrownBy(() -> jobs("[j]\nioengine=libaio\ncmdprio_bssplit=64k/25/1/1/0/0\n"))
                .hasMessageContaining("invalid cmdprio_bssplit format");
        assertThatThrownBy(() -> jobs("[j]\nioengine=libaio\ncmdprio_bssplit=64k/25/1/1/x\n"))
                .hasMessageContaining("'x' is not a whole number");
    }

    @Test
    void prioritiesAreRefusedAsFioRefusesThem() {
        assertThatThrownBy(() -> jobs("[j]\nioengine=psync\ncmdprio_percentage=20\n"))
                .isInstanceOf(InvalidJobException.class)
                .hasMessageStartingWith("t.fio:6: cmdprio_percentage=20: an option of the io_uring and libaio"
                        + " engines");
        assertThatThrownBy(() -> jobs("[j]\nioengine=libaio\ncmdprio_percentage=20\ncmdprio_bssplit=4k/10\n"))
                .hasMessageContaining("mutually exclusive");
        assertThatThrownBy(() -> jobs("[j]\nioengine=libaio\ncmdprio_bssplit=4k/25/1\n"))
                .hasMessageContaining("t.fio:6: cmdprio_bssplit=4k/25/1: '4k/25/1'");
        assertThatThrownBy(() -> jobs("[j]\nioengine=libaio\ncmdprio_bssplit=4k/60/1/1:4k/50/2/0\n"))
                .hasMessageContaining("more than 100");
        assertThatThrownBy(() -> jobs("[j]\nioengine=libaio\nprioclass=4\n"))
                .hasMessageStartingWith("t.fio:6: prioclass=4: must be 0..3");
        assertThatThrownBy(() -> jobs("[j]\nioengine=libaio\ncmdprio_class=0\ncmdprio_percentage=5\n"))
                .hasMessageContaining("cmdprio_class=0: must be 1..3");
        assertThat(jobs("[j]\nioengine=psync\nprioclass=3\n").getFirst().priorities().defaultPrio())
                .as("the job's own priority applies to any engine (ioprio_set)").isEqualTo(0x6000);
    }
}
