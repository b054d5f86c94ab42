package org.iobench.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.iobench.clock.NanoClock;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.workload.Benchmark;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One real, short saturation search on a small file: the plumbing from search to runs and back. */
class RealSearchTest {
    @TempDir
    Path dir;

    @Test
    void aShortSearchOnASmallFileRunsEveryStepUnderOneSeriesAndRemovesItsScratchFile() throws IOException {
        Benchmark benchmark = new Benchmark(TargetPreparer.system(), NanoClock.SYSTEM, 100_000_000L, 0);
        JobSpec base = JobSpec.builder(dir).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(8 << 20)
                .timeNanos(200_000_000L).series("saturate test").build();
        Curve c;
        java.util.List<BenchmarkResult> results;
        try (JobMeasurer m = new JobMeasurer(base, spec -> benchmark.execute(spec, new RunControl(),
                RunListener.NONE), b -> b, org.iobench.workload.files.ScratchFiles::remove)) {
            c = new SaturationSearch(m, SaturationRules.DEFAULT).run(new Setting(1, 1, 0), Axis.THREADS, 4);
            results = m.results();
        }
        assertThat(c.points()).extracting(p -> p.setting().threads()).containsExactly(1, 2, 4);
        assertThat(c.points()).allMatch(Point::complete).allMatch(p -> p.iops() > 0 && p.latency().count() > 0);
        assertThat(c.stop()).isIn(Stop.LIMIT, Stop.PLATEAU, Stop.LATENCY_EXPLODED);
        assertThat(c.best()).isNotNull();
        assertThat(results).hasSize(3).allMatch(b -> b.job().grouping().series().equals("saturate test"));
        assertThat(results).extracting(b -> b.job().name())
                .containsExactly("randread-4KiB@threads=1", "randread-4KiB@threads=2", "randread-4KiB@threads=4");
        assertThat(results).extracting(b -> b.target().path()).as("the file is laid out once").hasSize(3)
                .allMatch(p -> p.equals(results.getFirst().target().path()));
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).as("scratch file removed").isEmpty();
        }
    }
}
