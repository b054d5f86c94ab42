package org.iobench.workload.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kill -9 leaves scratch files behind; a later run in the directory names them and deletes nothing. */
class LeftoversTest {
    @TempDir
    Path dir;

    private String mention(Leftovers l) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        l.mention(dir, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void filesLeftByAnIobenchThatDidNotFinishAreNamedAndKept() throws Exception {
        Path left = Files.write(dir.resolve(".iobench-3dn6v5dzq2ylvefd6bnaaqwqkm.tmp"), new byte[2048]);
        Files.createSymbolicLink(dir.resolve(".iobench-link.tmp"), left); // a link is nobody's scratch file
        Files.writeString(dir.resolve("data.tmp"), "the user's");
        String said = mention(new Leftovers(d -> false, f -> false));
        assertThat(said).isEqualTo("iobench: note: " + dir + " holds a scratch file an iobench that did not finish"
                + " left (.iobench-3dn6v5dzq2ylvefd6bnaaqwqkm.tmp; 2.0 KiB): no running iobench uses the directory and no process holds it;"
                + " iobench removes only files it made, so delete it yourself\n");
        assertThat(left).exists();
    }

    @Test
    void nothingIsSaidWhenTheFileMayBeInUse() throws Exception {
        Files.write(dir.resolve(".iobench-a.tmp"), new byte[1]);
        assertThat(mention(new Leftovers(d -> true, f -> false))).as("another iobench runs").isEmpty();
        assertThat(mention(new Leftovers(d -> false, f -> true))).as("a process holds a lock on it").isEmpty();
    }

    @Test
    void aDirectoryWithoutLeftoversSaysNothing() {
        assertThat(mention(new Leftovers(d -> false, f -> false))).isEmpty();
    }
}
