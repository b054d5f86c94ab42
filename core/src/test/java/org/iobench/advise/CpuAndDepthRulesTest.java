package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iobench.advise.Recorded.job;
import static org.iobench.advise.Recorded.result;

import java.util.List;
import org.iobench.advise.Recorded.Run;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Suites;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.junit.jupiter.api.Test;

/**
 * CPU and depth findings say what the job really did (its depth in flight, its own CPU shares over the measured
 * window), never suggest what it already does, and stay notes where a suite chose them deliberately.
 */
class CpuAndDepthRulesTest {
    private static final long MB32 = 32L << 20;

    private static List<Finding> of(String id, BenchmarkResult b, Advisor advisor) {
        return advisor.advise(b).findings().stream().filter(f -> f.id().equals(id)).toList();
    }

    private static List<Finding> of(String id, BenchmarkResult b) {
        return of(id, b, Advisor.standard());
    }

    @Test
    void aNoisyCopyStatesItsRunsAtTheRateItsTablePrintsBytesCopiedNotReadsAndWritesTogether() {
        JobSpec copy = job("net1").rw(RwMode.COPY).source(java.nio.file.Path.of("/remote/src")).blockSize(1 << 20)
                .sizeBytes(40L << 20).build();
        Finding f = of("noisy", result(copy, Run.of(MB32, MB32), Run.of(40L << 20, 40L << 20))).getFirst();
        assertThat(f.evidence()).contains("over 2 runs (min 33.6, max 41.9 MB/s)");
    }

    @Test
    void workersThatNeverWaitedForStorageAreCpuBoundAndADirectJobIsNotToldToUseDirect() {
        JobSpec direct = job("d").rw(RwMode.RANDREAD).blockSize(4096).direct(true).timeNanos(1).build();
        Finding f = of("cpu-bound", result(direct, Run.of(MB32, 0).cpu(0.93, 0.02, 0))).getFirst();
        assertThat(f.severity()).isEqualTo(Finding.Severity.WARNING);
        assertThat(f.evidence()).contains("ran on a CPU 93%").contains("for the storage 5%");
        assertThat(f.fix()).doesNotContain("--direct").contains("--engine uring");
        JobSpec buffered = job("b").rw(RwMode.RANDREAD).blockSize(4096).timeNanos(1).build();
        assertThat(of("cpu-bound", result(buffered, Run.of(MB32, 0).cpu(0.93, 0.02, 0))).getFirst().fix())
                .contains("--direct");
        assertThat(of("cpu-bound", result(direct, Run.of(MB32, 0).cpu(0.2, 0.05, 0)))).isEmpty();
    }

    @Test
    void workersStarvedOfCpuByOtherProcessesAreContext() {
        JobSpec j = job("w").rw(RwMode.WRITE).blockSize(512).build();
        Finding f = of("cpu-bound", result(j, Run.of(0, MB32).cpu(0.3, 0.65, 1.6))).getFirst();
        assertThat(f.severity()).isEqualTo(Finding.Severity.CONTEXT);
        assertThat(f.evidence()).contains("other processes kept 1.6 of 2 CPUs busy");
        Finding own = of("cpu-bound", result(job("t").rw(RwMode.WRITE).blockSize(512).threads(8).build(),
                Run.of(0, MB32).cpu(0.3, 0.65, 0.1))).getFirst();
        assertThat(own.severity()).as("queued behind its own threads").isEqualTo(Finding.Severity.WARNING);
        assertThat(own.evidence()).contains("8 workers queued for 2.0 CPUs");
    }

    @Test
    void aDeepJobIsToldItsRealDepthNeverOneRequestAtATime() {
        JobSpec threads = job("t16").rw(RwMode.RANDREAD).blockSize(4096).direct(true).threads(16).build();
        Finding f = of("not-saturated", result(threads, Run.of(MB32, 0).device(MB32, 0, 30).cpu(0.5, 0.1, 0)))
                .getFirst();
        assertThat(f.evidence()).startsWith("up to 16 requests in flight (16 threads x iodepth 1)");
        assertThat(f.message()).doesNotContain("one request");
        assertThat(f.fix()).doesNotContain("--threads 16 ").contains("--threads 64");
        JobSpec uring = job("q16").rw(RwMode.RANDREAD).blockSize(4096).direct(true).engine("uring").iodepth(16)
                .build();
        assertThat(of("not-saturated", result(uring, Run.of(MB32, 0).device(MB32, 0, 30).cpu(0.5, 0.1, 0)))
                .getFirst().evidence())
                .startsWith("up to 16 requests in flight (1 thread x iodepth 16)");
        assertThat(of("not-saturated", result(uring, Run.of(MB32, 0).device(MB32, 0, 99)))).isEmpty();
        assertThat(of("not-saturated", result(uring, Run.of(MB32, 0).device(MB32, 0, 30).cpu(0.1, 0, 0))))
                .as("workers waiting for the storage 90% of the time: a low %util is not trusted").isEmpty();
    }

    @Test
    void anIdleDeviceBecauseOtherProcessesHeldTheCpusIsContext() {
        JobSpec dd1dir = job("dd1-dir").rw(RwMode.WRITE).blockSize(1 << 20).direct(true).build();
        Finding f = of("not-saturated", result(dd1dir, Run.of(0, MB32).device(0, MB32, 26).cpu(0.2, 0.5, 1.8)))
                .getFirst();
        assertThat(f.severity()).isEqualTo(Finding.Severity.CONTEXT);
        assertThat(f.evidence()).contains("other processes kept 1.8 of 2 CPUs busy");
    }

    @Test
    void oneRequestInFlightIsLikelyNotSaturatingUnlessTheSuiteChoseIt() {
        JobSpec qd1 = job("rand-read-4k").rw(RwMode.RANDREAD).blockSize(4096).direct(true).build();
        BenchmarkResult b = result(qd1, Run.of(MB32, 0).device(MB32, 0, 97));
        Finding warned = of("not-saturated", b).getFirst();
        assertThat(warned.confidence()).isEqualTo(Finding.Confidence.LIKELY);
        assertThat(warned.message()).contains("queue depth 1");
        Finding noted = of("not-saturated", b, Advisor.standard().acknowledging(Suites.quickDeliberate()))
                .getFirst();
        assertThat(noted.severity()).isEqualTo(Finding.Severity.NOTE);
        assertThat(noted.fix()).isNull();
        assertThat(noted.message()).contains("on purpose");
    }
}
