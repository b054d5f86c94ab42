package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcLocksTest {
    @TempDir
    Path tmp;

    @Test
    void heldLocksAreParsedWithHexDeviceNumbersAndWaitersAreSkipped() {
        List<ProcLocks.Lock> locks = ProcLocks.parse("""
                1: FLOCK  ADVISORY  WRITE 4242 fe:01:1048577 0 EOF
                1: -> FLOCK  ADVISORY  WRITE 4343 fe:01:1048577 0 EOF
                2: POSIX  ADVISORY  READ 17 00:1a:12 0 EOF
                3: LEASE  BREAKING  READ -1 00:05:33 0 EOF
                garbage
                """);
        assertThat(locks).containsExactly(
                new ProcLocks.Lock("FLOCK", "WRITE", 4242, new DevNumber(254, 1), 1048577),
                new ProcLocks.Lock("POSIX", "READ", 17, new DevNumber(0, 26), 12),
                new ProcLocks.Lock("LEASE", "READ", -1, new DevNumber(0, 5), 33));
    }

    @Test
    void aHolderIsNamedAsAnotherIobenchWhenItsCommandLineSaysSo() throws IOException {
        Path proc = Files.createDirectories(tmp.resolve("proc"));
        Files.writeString(proc.resolve("locks"), "");
        Files.createDirectories(proc.resolve("77"));
        Files.writeString(proc.resolve("77/cmdline"), "java\0-jar\0/opt/iobench.jar\0run\0");
        Files.createDirectories(proc.resolve("78"));
        Files.writeString(proc.resolve("78/cmdline"), "flock\0/x\0sleep\0");
        Files.writeString(proc.resolve("78/comm"), "flock\n");
        ProcLocks locks = new ProcLocks(proc.resolve("locks"));
        assertThat(locks.describeHolder(77)).isEqualTo("another iobench (pid 77)");
        assertThat(locks.describeHolder(78)).isEqualTo("pid 78 (flock)");
        assertThat(locks.describeHolder(79)).isEqualTo("pid 79");
    }
}
