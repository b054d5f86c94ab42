package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MountTableTest {

    private final MountTable crafted = MountTable.read(Fixtures.path("mountinfo-crafted.txt"));

    @Test
    void parsesEveryFieldOfTheRootLineFromThisMachine() {
        MountTable t = MountTable.read(Fixtures.path("mountinfo-debian12-vm.txt"));
        Mount root = t.mountOfResolved(Path.of("/etc/passwd")).orElseThrow();
        assertThat(root.mountId()).isEqualTo(27);
        assertThat(root.parentId()).isEqualTo(1);
        assertThat(root.devNumber()).isEqualTo(new DevNumber(254, 0));
        assertThat(root.root()).isEqualTo("/");
        assertThat(root.mountPoint()).isEqualTo(Path.of("/"));
        assertThat(root.mountOptions()).containsExactly("rw", "relatime");
        assertThat(root.fsType()).isEqualTo("ext4");
        assertThat(root.source()).isEqualTo("/dev/vda");
        assertThat(root.superOptions()).contains("discard");
        assertThat(root.hasOption("discard")).isTrue();
        assertThat(root.readOnly()).isFalse();
    }

    @Test
    void skipsOptionalFieldsBeforeTheDashSeparator() {
        Mount data = crafted.mountsOf(new DevNumber(8, 17)).getFirst();
        assertThat(data.fsType()).isEqualTo("xfs");
        assertThat(data.source()).isEqualTo("/dev/sdb1");
        assertThat(data.superOptions()).contains("inode64");
    }

    @Test
    void skipsGarbageLinesInsteadOfFailing() {
        assertThat(crafted.mounts()).hasSize(9);
    }

    @Test
    void decodesOctalEscapesInMountPointsAndSources() {
        Mount m = crafted.mountOfResolved(Path.of("/mnt/my disk/file")).orElseThrow();
        assertThat(m.mountPoint()).isEqualTo(Path.of("/mnt/my disk"));
        assertThat(m.source()).isEqualTo("tmp fs");
    }

    @Test
    void picksTheLongestMountPointPrefixByPathComponentsNotCharacters() {
        assertThat(crafted.mountOfResolved(Path.of("/mnt/data/bind/x")).orElseThrow().mountId()).isEqualTo(32);
        assertThat(crafted.mountOfResolved(Path.of("/mnt/database")).orElseThrow().mountId()).isEqualTo(21);
        assertThat(crafted.mountOfResolved(Path.of("/")).orElseThrow().mountId()).isEqualTo(21);
    }

    @Test
    void theLaterOfTwoMountsOnTheSameMountPointWinsBecauseItHidesTheEarlier() {
        assertThat(crafted.mountOfResolved(Path.of("/mnt/data/file")).orElseThrow().fsType()).isEqualTo("tmpfs");
    }

    @Test
    void findsMountsByDeviceNumberAndBySource() {
        assertThat(crafted.mountsOf(new DevNumber(8, 17))).extracting(Mount::mountId).containsExactly(30, 32);
        assertThat(crafted.mountsWithSource("/dev/sdc")).extracting(Mount::fsType).containsExactly("btrfs");
    }

    @Test
    void liveTableResolvesSymlinksBeforeMatching(@TempDir Path tmp) throws IOException {
        MountTable live = MountTable.current();
        Path link = Files.createSymbolicLink(tmp.resolve("to-proc"), Path.of("/proc/self"));
        assertThat(live.mountOf(link).orElseThrow().fsType()).isEqualTo("proc");
        Files.delete(link); // JUnit warns about links leaving the temp dir
        assertThat(live.mountOf(tmp.resolve("not-created-yet/file.dat")))
                .isEqualTo(live.mountOf(tmp));
    }
}
