package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskLimitsTest {
    @TempDir
    Path proc;

    @Test
    void theTightestLimitLessTheTasksRunningIsWhatIsFree() throws Exception {
        Files.createDirectories(proc.resolve("sys/kernel"));
        Files.createDirectories(proc.resolve("self"));
        Files.writeString(proc.resolve("sys/kernel/threads-max"), "192726\n");
        Files.writeString(proc.resolve("sys/kernel/pid_max"), "32768\n");
        Files.writeString(proc.resolve("self/limits"), "Limit                     Soft Limit           Hard Limit"
                + "           Units     \nMax processes             1000                 96363                processes"
                + " \n");
        Files.writeString(proc.resolve("loadavg"), "8.28 10.70 8.46 10/265 22107\n");
        TaskLimits t = TaskLimits.read(new ProcFs(proc));
        assertThat(t).isEqualTo(new TaskLimits(192726, 32768, 1000, 265));
        assertThat(t.freeTasks()).isEqualTo(735);
        assertThat(t.tightest()).isEqualTo("RLIMIT_NPROC 1000");
    }

    @Test
    void unlimitedOrUnknownLimitsDoNotBound() {
        TaskLimits t = TaskLimits.read(new ProcFs(proc));
        assertThat(t.freeTasks()).isEqualTo(Long.MAX_VALUE);
        assertThat(TaskLimits.nproc("Max processes             unlimited            unlimited            processes"))
                .isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void thisMachineReportsItsRealLimits() {
        TaskLimits t = TaskLimits.system();
        assertThat(t.pidMax()).as("pid_max read whole, not its first digit").isGreaterThan(300);
        assertThat(t.tasksNow()).isPositive();
    }
}
