package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

class VmstatFormatterTest {

    @Test
    void headerLinesAreProcps402s() {
        assertThat(VmstatFormatter.header()).isEqualTo("""
                procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
                 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
                """);
        assertThat(VmstatFormatter.GROUP_HEADER).hasSameSizeAs(VmstatFormatter.COLUMN_HEADER);
    }

    @Test
    void columnsHaveProcpsWidthsAndWideNumbersPushTheRestRight() {
        assertThat(VmstatFormatter.format(new long[]{1, 0, 0, 24262520, 11224, 341852, 0, 0, 1523, 554, 272, 630, 7, 3, 89, 1, 0}))
                .isEqualTo(" 1  0      0 24262520  11224 341852    0    0  1523   554  272  630  7  3 89  1  0");
        assertThat(VmstatFormatter.format(new long[]{1, 0, 0, 24262520, 11224, 341852, 0, 0, 0, 0, 64, 88, 0, 1, 100, 0, 0}))
                .isEqualTo(" 1  0      0 24262520  11224 341852    0    0     0     0   64   88  0  1 100  0  0");
    }

    /**
     * Golden file: procps-ng 4.0.2 {@code vmstat 1 2} run in a private mount namespace with proc-a's stat, vmstat,
     * meminfo and uptime bind-mounted over /proc, proc-b's contents written into them half a second later.
     */
    private static List<String> golden() throws IOException {
        return Files.readAllLines(Fixtures.path("vmstat-golden/vmstat-1-2-proc-a-then-b.txt"));
    }

    @Test
    void theHeaderAndSinceBootLineAreExactlyWhatVmstatPrintedForTheSameProcFiles() throws IOException {
        ProcFs proc = new ProcFs(Fixtures.path("proc-a"));
        SystemSnapshot a = SystemSnapshot.read(proc, List.of(), 0);
        assertThat(VmstatFormatter.header() + VmstatFormatter.bootAverageLine(a, proc.auxv()))
                .isEqualTo(String.join("\n", golden().subList(0, 3)));
    }

    @Test
    void anIntervalLineIsWhatVmstatPrintedExceptItsStaleMemoryColumns() throws IOException {
        SystemSnapshot a = SystemSnapshot.read(new ProcFs(Fixtures.path("proc-a")), List.of(), 0);
        SystemSnapshot b = SystemSnapshot.read(new ProcFs(Fixtures.path("proc-b")), List.of(), 1_000_000_000L);
        String[] ours = VmstatFormatter.line(SystemSample.between(a, b, Auxv.LINUX_X86_64)).strip().split(" +");
        String[] theirs = golden().get(3).strip().split(" +");
        assertThat(ours).hasSameSizeAs(theirs);
        for (int i = 0; i < ours.length; i++) {
            if (i >= 3 && i <= 5) {
                // vmstat 4.0.2 never re-reads /proc/meminfo after the first line: free, buff and cache stay frozen.
                assertThat(theirs[i]).isEqualTo(VmstatFormatter.bootAverageLine(a, Auxv.LINUX_X86_64).strip().split(" +")[i]);
                assertThat(Long.parseLong(ours[i])).isEqualTo(new long[]{b.mem().memFreeKib(), b.mem().buffersKib(),
                        b.mem().cacheKib()}[i - 3]);
            } else {
                assertThat(ours[i]).as("column %d", i).isEqualTo(theirs[i]);
            }
        }
    }

    @Test
    void anIntervalLineRoundsRatesPerMeasuredSecondAndUsesProcpsCpuRounding() {
        SystemSnapshot a = SystemSnapshot.read(new ProcFs(Fixtures.path("proc-a")), List.of(), 0);
        SystemSnapshot b = SystemSnapshot.read(new ProcFs(Fixtures.path("proc-b")), List.of(), 2_000_000_000L);
        String line = VmstatFormatter.line(SystemSample.between(a, b, Auxv.LINUX_X86_64));
        // bi 69544/2 = 34772, bo 74568/2 = 37284, in 568/2 = 284, cs 1054/2 = 527;
        // cpu ticks us 19 sy 39 id 224 wa 4 st 1 of 287: (100*t + 143) / 287 = 7 14 78 1 0
        assertThat(line).isEqualTo(" 2  0      0 24513044   2788  83468    0    0 34772 37284  284  527  7 14 78  1  0");
    }

    @Test
    void withNoTicksElapsedCpuReads100PercentIdleLikeProcps() {
        assertThat(CpuTicks.procpsPercent(0, 0, true)).isEqualTo(100);
        assertThat(CpuTicks.procpsPercent(0, 0, false)).isZero();
    }

    @Test
    void diskLinesLineUpUnderTheirHeader() {
        DiskSample d = new DiskSample("vda", 1000, 10, 5, 40960, 20480, 10, 5, 40, 20, 0.5, Double.NaN, 0.4, 0.01, 104.2);
        assertThat(VmstatFormatter.diskHeader()).isEqualTo(
                "Device             r/s       w/s       rkB/s       wkB/s  r_await  w_await    await  aqu-sz  %util");
        assertThat(VmstatFormatter.diskLine(d)).isEqualTo(
                "vda              10.00      5.00       40.00       20.00     0.50     0.00     0.40    0.01 100.00");
        assertThat(VmstatFormatter.diskLine(d)).hasSameSizeAs(VmstatFormatter.diskHeader());
    }
}
