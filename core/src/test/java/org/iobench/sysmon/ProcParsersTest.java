package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProcParsersTest {

    private final ProcFs a = new ProcFs(Fixtures.path("proc-a"));

    private static String fixture(String name) throws IOException {
        return Files.readString(Fixtures.path(name));
    }

    @Test
    void procStatGivesTheCpuLineAndTheSystemCounters() {
        ProcStat s = a.stat();
        assertThat(s.cpu()).isEqualTo(new CpuTicks(11109, 0, 2443, 52005, 477, 0, 28, 16, 0, 0));
        assertThat(s.interrupts()).isEqualTo(205445);
        assertThat(s.contextSwitches()).isEqualTo(475942);
        assertThat(s.procsRunning()).isEqualTo(3);
        assertThat(s.procsBlocked()).isZero();
        assertThat(s.bootTimeEpochSeconds()).isEqualTo(1796038324L);
    }

    @Test
    void anOldKernelsShorterCpuLineAndMissingProcsLinesAreZeroOrMinusOne() throws IOException {
        ProcStat s = ProcStat.parse(fixture("old-kernel-stat.txt"));
        assertThat(s.cpu()).isEqualTo(new CpuTicks(100, 5, 50, 800, 20, 1, 2, 0, 0, 0));
        assertThat(s.interrupts()).isEqualTo(12345);
        assertThat(s.procsRunning()).isEqualTo(-1);
        assertThat(ProcStat.parse("").cpu()).isEqualTo(CpuTicks.ZERO);
    }

    @Test
    void vmstatCountersArePagedKibAndSwappedPages() {
        assertThat(a.vmCounters()).isEqualTo(new VmCounters(1348567, 273696, 0, 0));
    }

    @Test
    void meminfoGivesVmstatsMemoryColumns() {
        MemInfo m = a.memInfo();
        assertThat(m.memFreeKib()).isEqualTo(23586972);
        assertThat(m.buffersKib()).isEqualTo(22276);
        assertThat(m.cachedKib()).isEqualTo(723484);
        assertThat(m.cacheKib()).isEqualTo(723484 + 69040);
        assertThat(m.swapUsedKib()).isZero();
        assertThat(m.memAvailableKib()).isEqualTo(24151340);
    }

    @Test
    void meminfoWithoutSReclaimableOrMemAvailableStillGivesCacheAndSwap() throws IOException {
        MemInfo m = MemInfo.parse(fixture("old-kernel-meminfo.txt"));
        assertThat(m.cachedKib()).isEqualTo(100000); // not SwapCached
        assertThat(m.cacheKib()).isEqualTo(100000);
        assertThat(m.swapUsedKib()).isEqualTo(50000);
        assertThat(m.memAvailableKib()).isEqualTo(-1);
    }

    @Test
    void loadavgGivesThreeAveragesAndTheEntityCounts() {
        LoadAverage l = a.loadAverage();
        assertThat(l.oneMinute()).isEqualTo(1.63);
        assertThat(l.fifteenMinutes()).isEqualTo(0.22);
        assertThat(l.runnableEntities()).isEqualTo(3);
        assertThat(l.totalEntities()).isEqualTo(115);
        assertThat(l.lastPid()).isEqualTo(6580);
        assertThat(LoadAverage.parse("").oneMinute()).isNaN();
    }

    @Test
    void diskstatsOfThisKernelHaveDiscardAndFlushFields() {
        DiskCounters vda = a.diskCounters(Set.of("vda")).getFirst();
        assertThat(vda.devNumber()).isEqualTo(new DevNumber(254, 0));
        assertThat(vda.reads()).isEqualTo(45366);
        assertThat(vda.sectorsRead()).isEqualTo(2696130);
        assertThat(vda.bytesRead()).isEqualTo(2696130L * 512);
        assertThat(vda.writes()).isEqualTo(3981);
        assertThat(vda.bytesWritten()).isEqualTo(546984L * 512);
        assertThat(vda.inFlight()).isZero();
        assertThat(vda.ioTimeMillis()).isEqualTo(6512);
        assertThat(vda.weightedIoTimeMillis()).isEqualTo(21091);
        assertThat(vda.discards()).isEqualTo(4540);
        assertThat(vda.sectorsDiscarded()).isEqualTo(91560);
        assertThat(vda.flushes()).isEqualTo(544);
        assertThat(vda.flushTimeMillis()).isEqualTo(20);
    }

    @Test
    void diskstatsSelectsDevicesByNameAndListsAllWithoutASelection() {
        assertThat(a.diskCounters(Set.of("vda", "zram0"))).extracting(DiskCounters::name).containsExactly("vda", "zram0");
        assertThat(a.diskCounters(null)).hasSizeGreaterThan(2);
    }

    @Test
    void olderDiskstatsLayoutsLeaveTheMissingFieldsAtMinusOne() throws IOException {
        List<DiskCounters> d = DiskCounters.parseAll(fixture("old-kernel-diskstats.txt"));
        DiskCounters sda = d.get(0); // 11 counters: before 4.18
        assertThat(sda.weightedIoTimeMillis()).isEqualTo(55);
        assertThat(sda.discards()).isEqualTo(-1);
        assertThat(sda.flushes()).isEqualTo(-1);
        DiskCounters sda1 = d.get(1); // 4 counters: partitions before 2.6.25
        assertThat(sda1.reads()).isEqualTo(90);
        assertThat(sda1.sectorsRead()).isEqualTo(720);
        assertThat(sda1.writes()).isEqualTo(9);
        assertThat(sda1.sectorsWritten()).isEqualTo(72);
        assertThat(sda1.readTimeMillis()).isEqualTo(-1);
        DiskCounters sdb = d.get(2); // 15 counters: 4.18 to 5.4
        assertThat(sdb.discardTimeMillis()).isEqualTo(14);
        assertThat(sdb.flushes()).isEqualTo(-1);
    }

    @Test
    void processStatFindsUtimeAndStimeAfterACommandNameWithSpacesAndParentheses() throws IOException {
        ProcessCounters p = ProcessCounters.parse(fixture("self-stat-odd-comm.txt"), "");
        assertThat(p.userTicks()).isEqualTo(250);
        assertThat(p.systemTicks()).isEqualTo(40);
        assertThat(p.readBytes()).isEqualTo(-1);
    }

    @Test
    void processIoGivesCharsSyscallsAndStorageBytes() {
        ProcessCounters p = a.self();
        assertThat(p.readChars()).isEqualTo(6976);
        assertThat(p.readSyscalls()).isEqualTo(10);
        assertThat(p.writeBytes()).isZero();
        assertThat(p.cancelledWriteBytes()).isZero();
    }

    @Test
    void auxvGivesPageSizeAndUserHz() {
        assertThat(a.auxv()).isEqualTo(new Auxv(4096, 100));
        assertThat(new ProcFs(Fixtures.path("proc-a").resolve("nowhere")).auxv()).isEqualTo(Auxv.LINUX_X86_64);
    }

    @Test
    void uptimeIsTheFirstNumber() {
        assertThat(a.uptimeSeconds()).isEqualTo(332.60);
    }

    @Test
    void theLiveProcOfThisMachineParses() {
        ProcFs live = ProcFs.system();
        assertThat(live.stat().cpu().vmstatTotal()).isPositive();
        assertThat(live.stat().procsRunning()).isPositive(); // this thread is running
        assertThat(live.memInfo().memTotalKib()).isPositive();
        assertThat(live.vmCounters().pagedInKib()).isPositive();
        assertThat(live.diskCounters(null)).isNotEmpty();
        assertThat(live.self().userTicks()).isNotNegative();
        assertThat(live.auxv().clockTicksPerSecond()).isEqualTo(100);
        assertThat(live.uptimeSeconds()).isPositive();
    }
}
