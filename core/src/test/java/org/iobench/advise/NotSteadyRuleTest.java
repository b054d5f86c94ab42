package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.clock.NanoClock;
import org.iobench.job.JobSpec;
import org.iobench.job.RateLimit;
import org.iobench.job.RwMode;
import org.iobench.job.SteadyCriterion;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.testing.TickingClock;
import org.iobench.workload.Benchmark;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The not-steady rule on real runs with 100 ms intervals of a clock that never sleeps ({@link TickingClock}): one that
 * cannot settle (each interval slower than the one before, whatever the machine's load), one paced into steadiness.
 */
class NotSteadyRuleTest {
    @TempDir
    Path dir;

    private BenchmarkResult run(String criterion, RateLimit rate) throws IOException {
        Path f = Files.write(dir.resolve("f"), new byte[4 << 20]);
        JobSpec spec = JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096).timeNanos(800_000_000L).rate(rate)
                .steady(SteadyCriterion.parse(criterion, 300_000_000L)).build();
        NanoClock clock = (rate == null ? TickingClock.slowing(200_000) : TickingClock.standard()).watched();
        return Advisor.standard().advise(new Benchmark(TargetPreparer.system(), clock, 100_000_000L, 0)
                .execute(spec, new RunControl(), RunListener.NONE));
    }

    @Test
    void aRunThatEndsBeforeSteadyStateIsFlagged() throws IOException {
        BenchmarkResult b = run("iops:0.0001%", null);
        assertThat(b.runs().getFirst().extras().steady().reached()).isFalse();
        assertThat(b.runs().getFirst().totals().elapsedSeconds()).as("ran its whole time").isGreaterThanOrEqualTo(0.8);
        Finding f = b.findings().stream().filter(x -> x.id().equals("not-steady")).findFirst().orElseThrow();
        // Either judgement is the rule's true answer: the watch saw the window's intervals deviate, or the run ended
        // before the window filled (a loaded machine can starve the watcher until the fast clock has run out).
        assertThat(f.evidence()).contains("asked iops:0.0001%")
                .containsAnyOf("deviated up to", "fewer than the window");
        assertThat(f.fix()).contains("--time");
    }

    @Test
    void aRunThatReachedSteadyStateIsNotFlagged() throws IOException {
        BenchmarkResult b = run("iops:30%", RateLimit.iops(2000));
        assertThat(b.runs().getFirst().extras().steady().reached()).isTrue();
        assertThat(b.findings()).noneMatch(x -> x.id().equals("not-steady"));
    }
}
