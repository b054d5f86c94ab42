package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iobench.advise.Recorded.job;
import static org.iobench.advise.Recorded.result;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.iobench.advise.Recorded.Run;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.TargetInfo;
import org.iobench.result.WorkerEvidence;
import org.iobench.sysmon.LoopDirectIo;
import org.iobench.testing.DiskDirs;
import org.iobench.testing.Root;
import org.iobench.workload.Benchmark;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --direct} on a loop device whose direct I/O is off is flagged from its sysfs attribute; with it on, or for
 * a device that is not a loop, or a buffered job, nothing is said. The real case attaches a loop device (needs
 * CAP_SYS_ADMIN: skipped elsewhere; run under {@code flock /tmp/iobench-suite.lock} with the other loop tests).
 */
class LoopDirectIoRuleTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path tmp;

    private static List<Finding> loopFindings(BenchmarkResult b) {
        return b.findings().stream().filter(f -> f.id().equals("loop-direct-io-off")).toList();
    }

    @Test
    void sysfsSaysWhetherALoopDeviceOrItsPartitionIsDirect() throws IOException {
        Path loop = Files.createDirectories(tmp.resolve("loop7/loop"));
        Files.writeString(loop.resolve("dio"), "0\n");
        Files.writeString(loop.resolve("backing_file"), "/var/ci/disk.img\n");
        LoopDirectIo sys = new LoopDirectIo(tmp);
        assertThat(sys.of("/dev/loop7p1")).contains(new LoopDirectIo.State("loop7", false, "/var/ci/disk.img"));
        assertThat(sys.of("loop7")).map(LoopDirectIo.State::directIo).contains(false);
        Files.writeString(loop.resolve("dio"), "1\n");
        assertThat(sys.of("/dev/loop7")).map(LoopDirectIo.State::directIo).contains(true);
        assertThat(sys.of("/dev/vda")).isEmpty();
        assertThat(sys.of("/dev/loop8")).as("not attached").isEmpty();
    }

    @Test
    void onlyADirectJobOnALoopWithDirectIoOffIsFlagged() {
        TargetInfo onLoop = new TargetInfo("file", "/mnt/ci/f", false, 1L << 30, 512, 512, "/dev/loop3", "ext4");
        LoopDirectIo.State off = new LoopDirectIo.State("loop3", false, "/var/ci/disk.img");
        LoopDirectIoOff rule = new LoopDirectIoOff(d -> "/dev/loop3".equals(d) ? Optional.of(off) : Optional.empty());
        JobSpec direct = job("d").rw(RwMode.READ).blockSize(1 << 20).direct(true).build();
        JobSpec buffered = job("b").rw(RwMode.READ).blockSize(1 << 20).build();
        Run r = Run.of(32 * MIB, 0);
        Optional<Finding> f = rule.check(Subject.alone(result(direct, onLoop, WorkerEvidence.WORKER_THREADS, r)));
        assertThat(f).get().satisfies(x -> {
            assertThat(x.evidence()).contains("/sys/block/loop3/loop/dio = 0").contains("/var/ci/disk.img");
            assertThat(x.fix()).contains("losetup --direct-io=on /dev/loop3");
            assertThat(x.confidence()).isEqualTo(Finding.Confidence.CERTAIN);
        });
        assertThat(rule.check(Subject.alone(result(buffered, onLoop, WorkerEvidence.WORKER_THREADS, r)))).isEmpty();
        assertThat(rule.check(Subject.alone(result(direct, WorkerEvidence.WORKER_THREADS, r)))).as("on vda")
                .isEmpty();
        LoopDirectIoOff on = new LoopDirectIoOff(d -> Optional.of(new LoopDirectIo.State("loop3", true, null)));
        assertThat(on.check(Subject.alone(result(direct, onLoop, WorkerEvidence.WORKER_THREADS, r)))).isEmpty();
    }

    @Test
    void aRealLoopDeviceIsFlaggedWithDirectIoOffAndNotOnceItIsOn() throws IOException {
        Root.assumeLoopDevices("attaches a loop device and switches its direct I/O");
        Path dir = DiskDirs.withDroppableCache(tmp); // a backing file on tmpfs cannot be read with direct I/O
        Path image = Files.write(dir.resolve("disk.img"), new byte[(int) (8 * MIB)]);
        Path loop = Root.losetup(image);
        try {
            assumeTrue(LoopDirectIo.system().of(loop.toString()).isPresent(), "no loop/dio in sysfs here");
            JobSpec read = JobSpec.builder(loop).rw(RwMode.READ).blockSize(MIB).sizeBytes(8 * MIB).direct(true)
                    .build();
            BenchmarkResult off = Advisor.standard().advise(Benchmark.system().execute(read, new RunControl(),
                    RunListener.NONE));
            assertThat(loopFindings(off)).as("losetup's default: dio off").singleElement()
                    .extracting(Finding::evidence).asString().contains("/loop/dio = 0").contains(image.toString());
            Root.sh("losetup", "--direct-io=on", loop.toString());
            assertThat(LoopDirectIo.system().of(loop.toString())).map(LoopDirectIo.State::directIo).contains(true);
            BenchmarkResult on = Advisor.standard().advise(Benchmark.system().execute(read, new RunControl(),
                    RunListener.NONE));
            assertThat(loopFindings(on)).as("dio on").isEmpty();
        } finally {
            Root.detach(loop);
        }
    }
}
