package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.iobench.clock.NanoClock;
import org.iobench.sysmon.BlockDevices;
import org.iobench.sysmon.FakeSysfs;
import org.iobench.sysmon.ProcFs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class VmstatCommandTest {

    @TempDir
    Path proc;
    @TempDir
    Path sys;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(VmstatCommand command, String... args) {
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(VmstatCommandTest.class.getResource("/sysmon/" + name).toURI());
    }

    private void copyProc(String name) throws IOException, URISyntaxException {
        Path from = fixture(name);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path to = proc.resolve(from.relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private void moveOn() {
        try {
            copyProc("proc-b");
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aBadIntervalIsRejectedWithOneLineNamingItAndItsValue() {
        assertThat(run(new VmstatCommand(), "0x")).isEqualTo(2);
        assertThat(err.toString().lines().findFirst().orElseThrow())
                .isEqualTo("vmstat: INTERVAL '0x' is not a positive number of seconds (examples: 1, 0.5, 10)");
    }

    @Test
    void zeroNegativeAndNonNumericCountsAndIntervalsAreRejected() {
        assertThat(run(new VmstatCommand(), "1", "0")).isEqualTo(2);
        assertThat(run(new VmstatCommand(), "-1")).isEqualTo(2);
        assertThat(run(new VmstatCommand(), "1", "two")).isEqualTo(2);
        assertThat(err.toString()).contains("vmstat: COUNT '0' is not a positive whole number of reports",
                "vmstat: COUNT 'two' is not a positive whole number of reports");
    }

    @Test
    void anUnknownDiskIsRejectedWithTheDevicesThatDoExist() {
        assertThat(run(new VmstatCommand(), "--disk", "nosuchdisk", "1", "1")).isEqualTo(2);
        assertThat(err.toString().lines().findFirst().orElseThrow())
                .startsWith("vmstat: --disk 'nosuchdisk' is not a block device (known: ");
    }

    @Test
    void printsTheHeaderTheSinceBootLineThenOneLinePerIntervalWithoutRealSleeps() throws Exception {
        copyProc("proc-a");
        AtomicLong clock = new AtomicLong();
        VmstatCommand command = new VmstatCommand(new ProcFs(proc), BlockDevices.system(), movingOn(clock));
        assertThat(run(command, "1", "2")).isZero();
        assertThat(out.toString()).isEqualTo("""
                procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
                 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
                 3  0      0 23586972  22276 792524    0    0  2041   414  311  720 17  4 79  1  0
                 2  0      0 24513044   2788  83468    0    0 69544 74568  568 1054  7 14 78  1  0
                """);
    }

    @Test
    void withDiskAddsIostatLikeLinesPerInterval() throws Exception {
        copyProc("proc-a");
        AtomicLong clock = new AtomicLong();
        // the fixtures' /proc/diskstats has vda 254:0; a miniature sysfs gives the same disk, whatever this machine has
        new FakeSysfs(sys).disk("vda", "254:0", 41943040, 512, 512, 0, "[none]");
        VmstatCommand command = new VmstatCommand(new ProcFs(proc), new BlockDevices(sys), movingOn(clock));
        assertThat(run(command, "--disk", "/dev/vda", "2", "2")).isZero();
        String[] lines = out.toString().split("\n");
        assertThat(lines[3]).startsWith("Device ");
        assertThat(lines[4]).startsWith("vda ");
        // second block: 139088 sectors read in 2 s = 34772.00 rkB/s
        assertThat(out.toString()).contains("34772.00");
    }

    /** A clock reading {@code clock} that, asked to let time pass, moves there at once and the system with it. */
    private NanoClock movingOn(AtomicLong clock) {
        return new NanoClock() {
            @Override
            public long nanoTime() {
                return clock.get();
            }

            @Override
            public void idle(long deadlineNanos, long maxNanos) {
                clock.set(deadlineNanos);
                try {
                    moveOn(); // the system moves on while vmstat waits
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }

    /** A command over the fixtures whose clocks move on by the interval at each "sleep", at 2026-03-01 12:00:00 UTC. */
    private VmstatCommand fixedClockCommand() throws Exception {
        copyProc("proc-a");
        AtomicLong clock = new AtomicLong();
        java.time.Instant start = java.time.Instant.parse("2026-03-01T12:00:00Z");
        java.time.Clock wall = new java.time.Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return java.time.ZoneOffset.UTC;
            }

            @Override
            public java.time.Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public java.time.Instant instant() {
                return start.plusNanos(clock.get());
            }
        };
        return new VmstatCommand(new ProcFs(proc), BlockDevices.system(), movingOn(clock), wall);
    }

    @Test
    void timestampsAreAppendedAsVmstatDashTPrintsThem() throws Exception {
        assertThat(run(fixedClockCommand(), "-t", "1", "2")).isZero();
        assertThat(out.toString()).isEqualTo("""
                procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----
                 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st                 UTC
                 3  0      0 23586972  22276 792524    0    0  2041   414  311  720 17  4 79  1  0 2026-03-01 12:00:00
                 2  0      0 24513044   2788  83468    0    0 69544 74568  568 1054  7 14 78  1  0 2026-03-01 12:00:01
                """);
    }

    @Test
    void csvHasAHeaderRowThenTheTextsFiguresWithTheTimeOfEachReport() throws Exception {
        assertThat(run(fixedClockCommand(), "--format", "csv", "1", "2")).isZero();
        assertThat(out.toString()).isEqualTo("""
                time,sinceBoot,r,b,swpd,free,buff,cache,si,so,bi,bo,in,cs,us,sy,id,wa,st
                2026-03-01T12:00:00Z,true,3,0,0,23586972,22276,792524,0,0,2041,414,311,720,17,4,79,1,0
                2026-03-01T12:00:01Z,false,2,0,0,24513044,2788,83468,0,0,69544,74568,568,1054,7,14,78,1,0
                """);
    }

    @Test
    void jsonIsOneObjectPerReportWithUnitsInTheNames() throws Exception {
        assertThat(run(fixedClockCommand(), "--format", "json", "1", "2")).isZero();
        java.util.List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(2);
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var second = mapper.readTree(lines.get(1));
        assertThat(second.get("time").asText()).isEqualTo("2026-03-01T12:00:01Z");
        assertThat(second.get("sinceBoot").asBoolean()).isFalse();
        assertThat(second.get("blockInKibPerSecond").asLong()).isEqualTo(69544);
        assertThat(second.get("blockOutKibPerSecond").asLong()).isEqualTo(74568);
        assertThat(second.get("idlePercent").asLong()).isEqualTo(78);
        assertThat(mapper.readTree(lines.get(0)).get("sinceBoot").asBoolean()).isTrue();
    }

    @Test
    void anUnknownFormatIsRejectedBeforeAnyReport() {
        assertThat(run(new VmstatCommand(), "--format", "xml", "1", "1")).isEqualTo(2);
        assertThat(err.toString().lines().findFirst().orElseThrow())
                .isEqualTo("vmstat: --format 'xml' is not one of text, csv or json");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void csvGivesEachDeviceItsIostatColumns() throws Exception {
        copyProc("proc-a");
        AtomicLong clock = new AtomicLong();
        new FakeSysfs(sys).disk("vda", "254:0", 41943040, 512, 512, 0, "[none]");
        VmstatCommand command = new VmstatCommand(new ProcFs(proc), new BlockDevices(sys), movingOn(clock));
        assertThat(run(command, "--format", "csv", "--disk", "vda", "2", "2")).isZero();
        java.util.List<String> lines = out.toString().lines().toList();
        assertThat(lines.getFirst()).endsWith(",vda:r/s,vda:w/s,vda:rkB/s,vda:wkB/s,vda:r_await,vda:w_await,vda:await,"
                + "vda:aqu-sz,vda:%util");
        assertThat(lines.get(2).split(",")[19 + 2]).isEqualTo("34772.00");
    }
}
