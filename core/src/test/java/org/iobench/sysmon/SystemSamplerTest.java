package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SystemSamplerTest {

    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path proc;

    private void copyProc(String fixture) throws IOException {
        Path from = Fixtures.path(fixture);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path to = proc.resolve(from.relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    @Test
    void totalsOverTheWindowComeFromTheFirstAndLastSnapshotsUnderAnInjectedClock() throws IOException {
        copyProc("proc-a");
        AtomicLong clock = new AtomicLong(100 * SECOND);
        // an hour-long period: the thread never fires, the test drives sampleNow() and stop()
        SystemSampler sampler = new SystemSampler(new ProcFs(proc), List.of("vda"), 3_600_000, clock::get);
        sampler.start();
        assertThat(sampler.latest()).isEmpty();
        copyProc("proc-b");
        clock.addAndGet(2 * SECOND);
        sampler.sampleNow();
        assertThat(sampler.latest().orElseThrow().blockInKibPerSecond()).isEqualTo((1418111 - 1348567) / 2.0);
        clock.addAndGet(SECOND);
        SystemSeries series = sampler.stop();

        assertThat(series.samples()).hasSize(2);
        assertThat(series.samples().get(0).intervalMillis()).isEqualTo(2000.0);
        assertThat(series.samples().get(1).blockInKibPerSecond()).isZero(); // files unchanged in the last second
        assertThat(series.durationMillis()).isEqualTo(3000.0);
        assertThat(series.deviceBytesRead("vda")).isEqualTo((2835218L - 2696130L) * 512);
        assertThat(series.deviceBytesWritten("vda")).isEqualTo((696120L - 546984L) * 512);
        assertThat(series.averageDeviceUtilPercent("vda")).isCloseTo(88.0 / 3000 * 100, within(1e-9));
        assertThat(series.averageIowaitPercent()).isCloseTo(100.0 * 4 / 287, within(1e-9));
        assertThat(series.processUserSeconds()).isZero();
        assertThat(series.deviceBytesRead("sdz")).isEqualTo(-1);
        assertThat(series.averageDeviceUtilPercent("sdz")).isNaN();
        assertThat(series.failedSnapshots()).isZero();
    }

    /** The whole disk under / on this machine, or none where / has no block device. */
    private static List<String> rootDisk() {
        return DeviceResolver.system().resolve(Path.of("/")).wholeDisk().map(d -> List.of(d.name()))
                .orElse(List.of());
    }

    @Test
    void theThreadSamplesThisMachineButNeverMoreOftenThanThePeriod() throws InterruptedException {
        SystemSampler sampler = new SystemSampler(ProcFs.system(), rootDisk(), 50, System::nanoTime);
        sampler.start();
        Thread.sleep(330);
        SystemSeries series = sampler.stop();
        // no upper bound on time: a crowded machine may run the sampler late; fixed deadlines never run ahead
        assertThat(series.samples()).isNotEmpty();
        for (SystemSample s : series.samples()) {
            assertThat(s.intervalMillis()).isPositive();
        }
        assertThat(series.durationMillis()).as("covers at least the time slept").isGreaterThanOrEqualTo(300.0);
        assertThat(series.samples().size()).as("one per period elapsed, plus the closing one")
                .isLessThanOrEqualTo((int) (series.durationMillis() / 50) + 1);
        assertThat(series.processUserSeconds() + series.processSystemSeconds()).isNotNegative();
        assertThat(series.window().idlePercent()).isBetween(0.0, 100.0);
        assertThat(series.failedSnapshots()).isZero();
    }

    @Test
    void snapshotsOfThisMachineCarryItsRootDiskCounters() {
        List<String> disks = rootDisk();
        assumeTrue(!disks.isEmpty(), "/ has no block device here");
        SystemSnapshot a = SystemSnapshot.read(ProcFs.system(), disks, 0);
        SystemSnapshot b = SystemSnapshot.read(ProcFs.system(), disks, 1);
        DiskCounters first = a.disk(disks.getFirst()).orElseThrow();
        DiskCounters second = b.disk(disks.getFirst()).orElseThrow();
        assertThat(second.sectorsRead()).isGreaterThanOrEqualTo(first.sectorsRead());
    }

    @Test
    void misuseIsReportedWithTheArgumentNamed() {
        assertThatThrownBy(() -> new SystemSampler(ProcFs.system(), List.of(), 0, System::nanoTime))
                .hasMessage("intervalMillis must be at least 1: intervalMillis=0");
        SystemSampler notStarted = new SystemSampler(ProcFs.system(), List.of(), 10, System::nanoTime);
        assertThatThrownBy(notStarted::stop).isInstanceOf(IllegalStateException.class);
    }
}
