package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SystemSampleTest {

    private static final long SECOND = 1_000_000_000L;
    private final SystemSnapshot a = SystemSnapshot.read(new ProcFs(Fixtures.path("proc-a")), List.of("vda"), 10 * SECOND);
    private final SystemSnapshot b = SystemSnapshot.read(new ProcFs(Fixtures.path("proc-b")), List.of("vda"), 12 * SECOND);
    private final SystemSample s = SystemSample.between(a, b, new Auxv(4096, 100));

    @Test
    void biAndBoAreThePgpginAndPgpgoutDeltasPerSecond() {
        assertThat(s.intervalMillis()).isEqualTo(2000.0);
        assertThat(s.blockInKibPerSecond()).isEqualTo((1418111 - 1348567) / 2.0);
        assertThat(s.blockOutKibPerSecond()).isEqualTo((348264 - 273696) / 2.0);
        assertThat(s.swapInKibPerSecond()).isZero();
    }

    @Test
    void interruptsAndContextSwitchesArePerSecond() {
        assertThat(s.interruptsPerSecond()).isEqualTo((206013 - 205445) / 2.0);
        assertThat(s.contextSwitchesPerSecond()).isEqualTo((476996 - 475942) / 2.0);
    }

    @Test
    void cpuPercentagesUseTheTickDeltasAndSumTo100() {
        // deltas: user 19, system 36, idle 224, iowait 4, softirq 3, steal 1
        assertThat(s.cpu()).isEqualTo(new CpuTicks(19, 0, 36, 224, 4, 0, 3, 1, 0, 0));
        assertThat(s.userPercent()).isCloseTo(100.0 * 19 / 287, within(1e-9));
        assertThat(s.systemPercent()).isCloseTo(100.0 * 39 / 287, within(1e-9));
        assertThat(s.userPercent() + s.systemPercent() + s.idlePercent() + s.iowaitPercent() + s.stealPercent())
                .isCloseTo(100.0, within(1e-9));
    }

    @Test
    void memoryGaugesComeFromTheLaterSnapshot() {
        assertThat(s.freeKib()).isEqualTo(b.mem().memFreeKib());
        assertThat(s.cacheKib()).isEqualTo(b.mem().cachedKib() + b.mem().sReclaimableKib());
    }

    @Test
    void aDiskSampleHasIostatMeaningsAndRawByteDeltas() {
        DiskSample vda = s.disk("vda").orElseThrow();
        // vda a: 45366 8090 2696130 18500 3981 7052 546984 2258 0 6512 21091 ...
        // vda b: 45512 8647 2835218 18688 4102 7346 696120 2532 0 6600 21554 ...
        assertThat(vda.reads()).isEqualTo(146);
        assertThat(vda.bytesRead()).isEqualTo((2835218L - 2696130L) * 512);
        assertThat(vda.bytesWritten()).isEqualTo((696120L - 546984L) * 512);
        assertThat(vda.readsPerSecond()).isEqualTo(73.0);
        assertThat(vda.readKibPerSecond()).isEqualTo((2835218 - 2696130) / 2.0 / 2.0);
        assertThat(vda.readAwaitMillis()).isCloseTo(188.0 / 146, within(1e-9));
        assertThat(vda.writeAwaitMillis()).isCloseTo(274.0 / 121, within(1e-9));
        assertThat(vda.awaitMillis()).isCloseTo(462.0 / 267, within(1e-9));
        assertThat(vda.averageQueueSize()).isCloseTo(463.0 / 2000, within(1e-9));
        assertThat(vda.utilPercent()).isCloseTo(88.0 / 2000 * 100, within(1e-9));
    }

    @Test
    void anIdleDeviceHasNaNAwaitsNotZeroOrAnException() {
        DiskCounters c = a.disk("vda").orElseThrow();
        DiskSample idle = DiskSample.between(c, c, 1000);
        assertThat(idle.readAwaitMillis()).isNaN();
        assertThat(idle.utilPercent()).isZero();
        assertThat(DiskSample.between(c, c, 0).readsPerSecond()).isNaN();
    }

    @Test
    void aDeviceMissingFromOneSnapshotIsLeftOut() {
        SystemSnapshot none = SystemSnapshot.read(new ProcFs(Fixtures.path("proc-b")), List.of(), 12 * SECOND);
        assertThat(SystemSample.between(a, none, Auxv.LINUX_X86_64).disks()).isEmpty();
    }

    @Test
    void processCpuSecondsAreTicksOverUserHz() {
        SystemSnapshot p1 = new SystemSnapshot(0, 1, a.stat(), a.vm(), a.mem(), a.load(), List.of(),
                new ProcessCounters(100, 20, 0, 0, 0, 0, 0, 0, 0));
        SystemSnapshot p2 = new SystemSnapshot(SECOND, 2, b.stat(), b.vm(), b.mem(), b.load(), List.of(),
                new ProcessCounters(350, 45, 0, 0, 0, 0, 0, 0, 0));
        SystemSample ps = SystemSample.between(p1, p2, new Auxv(4096, 100));
        assertThat(ps.processUserSeconds()).isEqualTo(2.5);
        assertThat(ps.processSystemSeconds()).isEqualTo(0.25);
    }
}
