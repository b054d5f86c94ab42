package org.iobench.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files iobench makes for itself: unguessable names, never through a planted link, removed only while still theirs. */
class NewFileTest {
    @TempDir
    Path dir;

    @Test
    void namesCarry128RandomBitsInBase32() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String t = NewFile.token();
            assertThat(t).hasSize(26).matches("[a-z2-7]{26}");
            seen.add(t);
        }
        assertThat(seen).hasSize(1000);
        assertThat(NewFile.unpredictable(dir, ".iobench-x-", ".tmp").getFileName().toString())
                .doesNotContain(Long.toString(ProcessHandle.current().pid())).matches("\\.iobench-x-[a-z2-7]{26}\\.tmp");
    }

    @Test
    void aFileIsMadePrivateAndRemovedWhileItIsStillThatFile() throws Exception {
        NewFile f = NewFile.create(dir, ".p-", ".tmp");
        assertThat(f.path().getParent()).isEqualTo(dir);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f.path()))).isEqualTo("rw-------");
        assertThat(f.id().sameFile(FileId.ofLink(f.path()))).isTrue();
        assertThat(f.remove()).isTrue();
        assertThat(f.path()).doesNotExist();
        assertThat(f.remove()).as("gone: nothing to do").isFalse();
    }

    @Test
    void aReplacementIsNeverRemoved() throws Exception {
        NewFile f = NewFile.create(dir, ".p-", ".tmp");
        Path other = Files.writeString(dir.resolve("other"), "someone's data");
        Files.move(other, f.path(), StandardCopyOption.REPLACE_EXISTING);
        assertThat(f.remove()).isFalse();
        assertThat(Files.readString(f.path())).isEqualTo("someone's data");
    }

    @Test
    void aPlantedLinkOrFileAtTheNameIsNeitherFollowedNorOpened() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim"), "precious");
        Path link = Files.createSymbolicLink(dir.resolve("planted"), victim);
        assertThatThrownBy(() -> NewFile.create(link)).isInstanceOf(SysException.class)
                .satisfies(e -> assertThat(((SysException) e).errno()).isEqualTo(Errno.EEXIST));
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("would-be-made"));
        assertThatThrownBy(() -> NewFile.create(dangling)).isInstanceOf(SysException.class);
        assertThat(dir.resolve("would-be-made")).doesNotExist();
        Path file = Files.writeString(dir.resolve("file"), "mine");
        assertThatThrownBy(() -> NewFile.create(file)).isInstanceOf(SysException.class);
        assertThat(Files.readString(victim)).isEqualTo("precious");
        assertThat(Files.readString(file)).isEqualTo("mine");
        assertThat(NewFile.removeIfSame(link, FileId.of(victim))).as("a link is not its target").isFalse();
        assertThat(link).exists();
    }
}
