package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.Submission;
import org.junit.jupiter.api.Test;

/** fio 3.33's batching and io_uring queue options, read as fio's fixup_options and its io_uring engine read them. */
class FioSubmissionTest {
    private static List<JobSpec> jobs(String text) {
        return FioJobFile.parse("t.fio", "[global]\nsize=1m\nfilename=f\n" + text, false).jobs();
    }

    private static JobSpec job(String text) {
        return jobs("[j]\n" + text).getFirst();
    }

    @Test
    void aFileThatSetsNoneSubmitsOneAtATimeAndReapsIobenchsWay() {
        JobSpec j = job("ioengine=io_uring\niodepth=32\n");
        assertThat(j.queue().batch()).isEqualTo(1);
        assertThat(j.queue().submission()).isEqualTo(Submission.DEFAULT);
        Submission minOnly = job("ioengine=io_uring\niodepth=32\niodepth_batch_complete_min=1\n").queue()
                .submission();
        assertThat(minOnly.reapMax()).as("max below min is min: fio's default 1").isEqualTo(1);
    }

    @Test
    void batchSubmitOfZeroOrAboveTheDepthIsTheDepth() {
        assertThat(job("ioengine=io_uring\niodepth=16\niodepth_batch_submit=4\n").queue().batch()).isEqualTo(4);
        assertThat(job("ioengine=io_uring\niodepth=16\niodepth_batch=0\n").queue().batch()).isEqualTo(16);
        assertThat(job("ioengine=io_uring\niodepth=16\niodepth_batch_submit=64\n").queue().batch()).isEqualTo(16);
    }

    @Test
    void completeMinAndMaxAsFioResolvesThem() {
        Submission range = job("ioengine=libaio\niodepth=64\niodepth_batch_complete_min=4\n"
                + "iodepth_batch_complete_max=32\n").queue().submission();
        assertThat(range.reapMin()).isEqualTo(4);
        assertThat(range.reapMax()).isEqualTo(32);
        Submission capped = job("ioengine=io_uring\niodepth=8\niodepth_batch_complete=16\n").queue().submission();
        assertThat(capped.reapMin()).as("the alias; capped at the depth").isEqualTo(8);
        assertThat(capped.reapMax()).isEqualTo(8);
        Submission noWait = job("ioengine=io_uring\niodepth=8\niodepth_batch_complete_min=0\n"
                + "iodepth_batch_complete_max=8\n").queue().submission();
        assertThat(noWait.reapMin()).isZero();
        assertThat(noWait.reapEachSubmit()).isFalse();
        Submission polling = job("ioengine=io_uring\niodepth=8\niodepth_batch_complete_min=0\n").queue().submission();
        assertThat(polling.reapEachSubmit()).as("both 0: fio's polling mode").isTrue();
    }

    @Test
    void registerfilesSqthreadPollAndItsCpuAndHipri() {
        Submission files = job("ioengine=io_uring\nregisterfiles\n").queue().submission();
        assertThat(files.registerFiles()).isTrue();
        assertThat(files.submitThread()).isFalse();
        Submission sq = job("ioengine=io_uring\nsqthread_poll=1\nsqthread_poll_cpu=1\n").queue().submission();
        assertThat(sq.submitThread()).isTrue();
        assertThat(sq.submitThreadCpu()).isEqualTo(1);
        assertThat(sq.registerFiles()).as("fio's engine sets registerfiles for sqthread_poll").isTrue();
        JobSpec lone = job("ioengine=io_uring\nsqthread_poll_cpu=1\n");
        assertThat(lone.queue().submission().submitThreadCpu()).isEqualTo(-1);
        Submission hipri = job("ioengine=io_uring\ndirect=1\nhipri\n").queue().submission();
        assertThat(hipri.polledCompletions()).isTrue();
        assertThat(job("ioengine=io_uring\nhipri=0\n").queue().submission().polledCompletions()).isFalse();
    }

    @Test
    void queueOptionsOfAnEngineThatCannotAreRefusedByName() {
        assertThatThrownBy(() -> job("ioengine=libaio\nsqthread_poll=1\n"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("sqthread_poll=1")
                .hasMessageContaining("ioengine is libaio");
        assertThatThrownBy(() -> job("ioengine=psync\nregisterfiles=1\n"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("registerfiles");
        assertThatThrownBy(() -> job("ioengine=io_uring\nhipri=1\n"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("hipri")
                .hasMessageContaining("direct=1");
    }
}
