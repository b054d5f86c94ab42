package org.iobench.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden-file assertion: compares output with a file under {@code src/test/resources}.
 * Run with {@code -Dgolden.update=true} to rewrite the files after an intended change, then
 * review the diff.
 */
public final class Golden {
    private Golden() {}

    /** {@code resource} is a classpath path such as {@code "report/golden/sample.txt"}. */
    public static void assertMatches(String actual, String resource) {
        if (Boolean.getBoolean("golden.update")) {
            try {
                Path file = Path.of("src/test/resources", resource);
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return;
        }
        try (InputStream in = Golden.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as("golden file %s (create it with -Dgolden.update=true)", resource).isNotNull();
            String expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(actual).as("output differs from golden file %s", resource).isEqualTo(expected);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
