package org.iobench.sysmon.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.sysmon.BlockDevices;
import org.iobench.sysmon.MountTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentProbeTest {
    @TempDir
    Path proc;

    private static MountTable fixtureMounts() throws IOException {
        try (InputStream in = EnvironmentProbeTest.class.getResourceAsStream("/sysmon/mountinfo-debian12-vm.txt")) {
            return MountTable.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void readsKernelCpuMemoryAndTheTargetsFilesystemFromProc() throws IOException {
        Files.createDirectories(proc.resolve("sys/kernel"));
        Files.writeString(proc.resolve("sys/kernel/osrelease"), "2.6.24-rc1\n");
        Files.writeString(proc.resolve("sys/kernel/hostname"), "knobi\n");
        Files.writeString(proc.resolve("cmdline"), "root=/dev/sda1 ro elevator=cfq\n");
        Files.writeString(proc.resolve("cpuinfo"), "processor\t: 0\nmodel name\t: AMD Athlon(tm) 64 3000+\n");
        Files.writeString(proc.resolve("meminfo"), "MemTotal:        2048000 kB\nMemFree:  1 kB\n");

        Environment env = new EnvironmentProbe(proc, fixtureMounts(), new BlockDevices(proc.resolve("no-sys")))
                .capture(Path.of("/"), "9.9");

        assertThat(env.kernelRelease()).isEqualTo("2.6.24-rc1");
        assertThat(env.hostname()).isEqualTo("knobi");
        assertThat(env.kernelCmdline()).isEqualTo("root=/dev/sda1 ro elevator=cfq");
        assertThat(env.cpuModel()).isEqualTo("AMD Athlon(tm) 64 3000+");
        assertThat(env.memTotalBytes()).isEqualTo(2048000L * 1024);
        assertThat(env.filesystem()).isNotNull();
        assertThat(env.filesystem().mountPoint()).isEqualTo("/");
        assertThat(env.filesystem().type()).isNotBlank();
        assertThat(env.device()).isNull(); // no sysfs entry for it in the fake tree
        assertThat(env.iobenchVersion()).isEqualTo("9.9");
        assertThat(env.javaVersion()).startsWith(String.valueOf(Runtime.version().feature()));
    }

    @Test
    void missingFilesLeaveFieldsAbsentInsteadOfFailing() {
        Environment env = new EnvironmentProbe(proc.resolve("absent"), MountTable.parse(""),
                new BlockDevices(proc.resolve("absent"))).capture(null, "9.9");

        assertThat(env.kernelRelease()).isNull();
        assertThat(env.cpuModel()).isNull();
        assertThat(env.memTotalBytes()).isEqualTo(-1);
        assertThat(env.filesystem()).isNull();
        assertThat(env.device()).isNull();
        assertThat(env.cpuCount()).isPositive();
    }
}
