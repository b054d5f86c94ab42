package org.iobench.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class KernelDdSuiteTest {

    @Test
    void everyJobOfTheSuiteIsDeclaredDeliberatelyAtQueueDepthOneAndNothingElseIs() {
        List<String> jobs = KernelDdSuite.stages(Path.of("/local"), Path.of("/remote"), 64L << 20, 1).stream()
                .flatMap(List::stream).map(JobSpec::name).toList();
        List<Deliberate> deliberate = KernelDdSuite.deliberate();

        assertThat(deliberate).extracting(Deliberate::job).containsExactlyInAnyOrderElementsOf(jobs);
        assertThat(deliberate).extracting(Deliberate::finding).containsOnly("not-saturated");
        assertThat(KernelDdSuite.stages(Path.of("/local"), Path.of("/remote"), 64L << 20, 1).stream()
                .flatMap(List::stream)).allMatch(j -> j.queue().threads() == 1 && j.queue().iodepth() == 1);
    }
}
