package org.iobench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's log files, in the lines fio 3.33 writes (checked against its output for the same settings). */
class IoLogsTest {
    @TempDir
    Path dir;

    @Test
    void everyIoIsOneLineInFiosLayout() throws Exception {
        IoLogs logs = new IoLogs(new IoLogs.Settings("b", "l", "i", 0, false, false, true));
        logs.completed(0, 1, 4096, 0, 21_041, -1, 20_560);
        logs.completed(1_500_000, 1, 4096, 8192, 5288, -1, 5178);
        logs.finish(2_000_000);
        List<Path> files = logs.write(dir, 1);
        assertThat(files).extracting(p -> p.getFileName().toString())
                .containsExactly("b_bw.1.log", "i_iops.1.log", "l_lat.1.log", "l_clat.1.log", "l_slat.1.log");
        assertThat(Files.readAllLines(dir.resolve("b_bw.1.log"))).containsExactly("0, 199221, 1, 4096, 0",
                "1, 791039, 1, 4096, 0");
        assertThat(Files.readAllLines(dir.resolve("i_iops.1.log"))).containsExactly("0, 1, 1, 4096, 0",
                "1, 1, 1, 4096, 0");
        assertThat(Files.readAllLines(dir.resolve("l_lat.1.log"))).containsExactly("0, 21041, 1, 4096, 0",
                "1, 5288, 1, 4096, 0");
        assertThat(Files.readAllLines(dir.resolve("l_clat.1.log"))).startsWith("0, 20560, 1, 4096, 0");
        assertThat(Files.readAllLines(dir.resolve("l_slat.1.log"))).as("no slat from a sync engine, as in fio")
                .isEmpty();
    }

    @Test
    void windowsAverageEachDirectionAndWriteOffsetsWhenAsked() throws Exception {
        IoLogs logs = new IoLogs(new IoLogs.Settings("w", "w", null, 100, false, true, false));
        for (int i = 0; i < 10; i++) { // 10 reads of 4 KiB in the first 100 ms, 1000 ns each
            logs.completed(i * 10_000_000L, 0, 4096, i * 4096L, 1000 + i, 10, 990 + i);
        }
        logs.completed(150_000_000L, 1, 8192, 0, 3000, 20, 2980); // one write in the second window
        logs.finish(200_000_000L);
        logs.write(dir, 3);
        assertThat(Files.readAllLines(dir.resolve("w_bw.log"))).containsExactly("100, 400, 0, 0, 0, 0",
                "200, 80, 1, 0, 0, 0");
        assertThat(Files.readAllLines(dir.resolve("w_lat.log"))).containsExactly("100, 1005, 0, 0, 0, 0",
                "200, 3000, 1, 0, 0, 0");
    }

    @Test
    void thePriorityColumnIsTheRealTimeFlagOrWithLogPrioTheValueInHexAsFio333PrintsIt() throws Exception {
        for (boolean logPrio : new boolean[] {false, true}) {
            IoLogs logs = new IoLogs(new IoLogs.Settings(null, "p" + logPrio, null, 0, false, true, true, logPrio));
            logs.completed(0, 0, 65536, 0, 1000, 10, 990, 0x2000);       // real-time class, level 0
            logs.completed(1_000_000, 0, 131072, 65536, 1000, 10, 990, 0x6007); // idle class, level 7
            logs.completed(2_000_000, 1, 4096, 0, 1000, 10, 990, 0);     // no priority
            logs.write(dir, 1);
        }
        // fio 3.33: "0, 270081, 0, 65536, 0x2000" with log_prio=1; the RT flag (1 or 0) without it
        assertThat(Files.readAllLines(dir.resolve("ptrue_lat.1.log"))).containsExactly("0, 1000, 0, 65536, 0, 0x2000",
                "1, 1000, 0, 131072, 65536, 0x6007", "2, 1000, 1, 4096, 0, 0x0000");
        assertThat(Files.readAllLines(dir.resolve("pfalse_lat.1.log"))).containsExactly("0, 1000, 0, 65536, 0, 1",
                "1, 1000, 0, 131072, 65536, 0", "2, 1000, 1, 4096, 0, 0");
    }

    @Test
    void aTailAfterTheLastWholeWindowIsFoldedIntoItAndWindowsCarryBlockSizeZero() throws Exception {
        IoLogs logs = new IoLogs(new IoLogs.Settings("t", "t", "t", 100, false, false, true));
        long t = 0;
        for (; t < 300_000_000L; t += 1_000_000L) { // a 4 KiB read every ms for 300 ms: 10 per window of 100 ms
            logs.completed(t, 0, 4096, t * 4, 2000, -1, 2000);
        }
        logs.completed(300_003_000L, 0, 4096, 0, 2000, -1, 2000); // the request in flight at the deadline
        logs.finish(300_005_000L);
        logs.write(dir, 1);
        // 101 reads in the last window, over 100 ms: 1010 IOPS, 3 rows as fio's at 100, 200, 300 ms; no "300, 1000..."
        assertThat(Files.readAllLines(dir.resolve("t_iops.1.log"))).containsExactly("100, 1000, 0, 0, 0",
                "200, 1000, 0, 0, 0", "300, 1010, 0, 0, 0");
        assertThat(Files.readAllLines(dir.resolve("t_bw.1.log"))).containsExactly("100, 4000, 0, 0, 0",
                "200, 4000, 0, 0, 0", "300, 4040, 0, 0, 0");
        assertThat(Files.readAllLines(dir.resolve("t_lat.1.log"))).containsExactly("100, 2000, 0, 0, 0",
                "200, 2000, 0, 0, 0", "300, 2000, 0, 0, 0");
    }

    @Test
    void aLastWindowOfAtLeastHalfTheLengthStaysItsOwnRow() throws Exception {
        IoLogs logs = new IoLogs(new IoLogs.Settings(null, null, "h", 100, false, false, true));
        for (long t = 0; t < 160_000_000L; t += 10_000_000L) {
            logs.completed(t, 1, 8192, 0, 1000, 10, 990);
        }
        logs.finish(160_000_000L);
        logs.write(dir, 1);
        assertThat(Files.readAllLines(dir.resolve("h_iops.1.log"))).containsExactly("100, 100, 1, 0, 0",
                "160, 100, 1, 0, 0");
    }
}
