package org.iobench.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every link of the README and docs/ resolves: to a file the release archive ships (the README or docs/) and, with an
 * anchor, to a heading of that file. ReleaseArchiveIT checks the same in the unpacked archive.
 */
class DocLinksTest {
    private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").toAbsolutePath().normalize();

    @Test
    void everyLinkOfTheReadmeAndDocsResolvesInsideThem() {
        assertThat(MarkdownLinks.files(ROOT)).hasSizeGreaterThan(10);
        assertThat(MarkdownLinks.broken(ROOT)).isEmpty();
    }

    @Test
    void aMissingFileAnUnknownHeadingAndALinkOutOfTheArchiveAreEachFound(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("docs"));
        Files.createDirectories(dir.resolve("bench"));
        Files.writeString(dir.resolve("bench/results.md"), "# results\n");
        Files.writeString(dir.resolve("docs/a.md"), """
                # A page
                ## fio's JSON (--output-format=json)
                ## Options
                ## Options
                ```
                ## not a heading
                [in code](nowhere.md)
                ```
                """);
        Files.writeString(dir.resolve("README.md"), """
                [fine](docs/a.md) [fine](docs/a.md#fios-json---output-formatjson) [fine](docs/a.md#options-1)
                [web](https://example.org/x) `[code](nowhere.md)`
                [gone](docs/gone.md) [no heading](docs/a.md#not-a-heading) [outside](bench/results.md)
                """);
        assertThat(MarkdownLinks.broken(dir)).containsExactly(
                "README.md: docs/gone.md (no such file)",
                "README.md: docs/a.md#not-a-heading (no heading #not-a-heading in docs/a.md)",
                "README.md: bench/results.md (outside README.md and docs/, which the release archive ships)");
    }
}
