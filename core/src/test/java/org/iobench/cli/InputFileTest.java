package org.iobench.cli;

import org.iobench.session.ExitException;
import org.iobench.session.IoReasons;
import org.iobench.testing.Root;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files named on the command line: whatever is wrong with them is bad input (status 2) with the reason. */
class InputFileTest {
    @TempDir
    Path dir;

    @Test
    void randomBytesAreNotText() throws Exception {
        byte[] bytes = new byte[4096];
        new Random(1).nextBytes(bytes);
        Path f = Files.write(dir.resolve("random.bin"), bytes);
        assertRefused(() -> InputFile.readJson("FILE", f), "FILE " + f + ": not UTF-8 text, so neither JSON nor a"
                + " job file");
    }

    @Test
    void aTruncatedDocumentIsNamedAsSuch() throws Exception {
        Path f = Files.writeString(dir.resolve("cut.json"), "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"job");
        assertRefused(() -> InputFile.readJson("FILE", f), "FILE " + f + ": not JSON: it ends in the middle of the"
                + " document (truncated?)");
    }

    @Test
    void textThatIsNotJsonSaysWhere() throws Exception {
        Path f = Files.writeString(dir.resolve("notes.json"), "{\n  \"a\": 1,\n  oops\n}");
        assertRefused(() -> InputFile.readJson("--input", f), "--input " + f + ": not JSON (line 3, column");
    }

    @Test
    void emptyMissingAndDirectoryInputsAreRefused() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.json"), "  \n");
        assertRefused(() -> InputFile.readJson("FILE", empty), "FILE " + empty + ": is empty, not JSON");
        Path missing = dir.resolve("missing.json");
        assertRefused(() -> InputFile.readJson("FILE", missing), "FILE " + missing + ": no such file or directory");
        assertRefused(() -> InputFile.readText("job file", dir), "job file " + dir + ": is a directory");
    }

    @Test
    void anUnreadableFileSaysPermissionDenied() throws Exception {
        assumeFalse(Root.overridesFileModes(), "root reads a file whatever its mode, so EACCES cannot happen here");
        Path f = Files.writeString(dir.resolve("secret.json"), "{}");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
        assertRefused(() -> InputFile.readJson("FILE", f), "FILE " + f + ": permission denied");
    }

    @Test
    void theReasonForEaccesIsWordedLikeTheCLibrary() {
        // what NIO throws for EACCES: its message is only the path, the reason is in the type
        assertThat(IoReasons.describe(new AccessDeniedException("/x/secret.json")))
                .isEqualTo("/x/secret.json: permission denied");
    }

    private static void assertRefused(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String message) {
        assertThatThrownBy(call).isInstanceOf(ExitException.class).hasMessageStartingWith(message)
                .extracting(e -> ((ExitException) e).status()).isEqualTo(ExitException.USAGE);
    }
}
