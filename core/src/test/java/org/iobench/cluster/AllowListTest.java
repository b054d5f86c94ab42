package org.iobench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AllowListTest {
    @TempDir
    Path dir;

    @Test
    void targetsBelowAnAllowedPathPassAndOthersAreRefusedWithTheReason() throws Exception {
        Path allowed = Files.createDirectory(dir.resolve("allowed"));
        AllowList list = AllowList.of(List.of(allowed));
        assertThat(list.refusal("TARGET", allowed.resolve("new/file"))).isNull();
        assertThat(list.refusal("TARGET", allowed)).isNull();
        assertThat(list.refusal("TARGET", dir.resolve("other"))).contains("TARGET").contains("outside");
        assertThat(list.refusal("TARGET", allowed.resolve("../other"))).contains("outside");
    }

    @Test
    void aSymbolicLinkOutOfAnAllowedDirectoryIsRefused() throws Exception {
        Path allowed = Files.createDirectory(dir.resolve("allowed"));
        Path outside = Files.createDirectory(dir.resolve("outside"));
        Files.createSymbolicLink(allowed.resolve("escape"), outside);
        AllowList list = AllowList.of(List.of(allowed));
        assertThat(list.refusal("TARGET", allowed.resolve("escape/f"))).contains("outside").contains(
                outside.toRealPath().toString());
    }

    @Test
    void withoutAllowNothingIsAllowed() throws Exception {
        assertThat(AllowList.of(List.of()).refusal("TARGET", dir)).contains("allows no target");
    }

    @Test
    void hostsParseWithAndWithoutPorts() {
        assertThat(HostAddress.parse("node1", 5701)).isEqualTo(new HostAddress("node1", 5701));
        assertThat(HostAddress.parse("10.0.0.2:6000", 5701)).isEqualTo(new HostAddress("10.0.0.2", 6000));
        assertThat(HostAddress.parse("[::1]:6000", 5701).address()).isEqualTo("[::1]:6000");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> HostAddress.parse("a:x", 1))
                .hasMessageContaining("not a number");
    }
}
