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
        IoLogs logs = new IoLogs(new IoLogs.Settings("b", "l", "i", 0, false, false, true), 4096);
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
        IoLogs logs = new IoLogs(new IoLogs.Settings("w", "w", null, 100, false, true, false), 0);
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
            IoLogs logs = new IoLogs(new IoLogs.Settings(null, "p" + logPrio, null, 0, false, true, true, logPrio),
                    65536);
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
}
