package org.iobench.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FormatTest {
    private static final List<Format> REPORT = List.of(Format.TEXT, Format.HTML, Format.MARKDOWN, Format.CSV,
            Format.JSON, Format.JUNIT, Format.PROMETHEUS);

    @Test
    void aNameOrAnAliasNamesAFormatWhateverItsCase() {
        assertThat(Format.named(" MD ", REPORT)).contains(Format.MARKDOWN);
        assertThat(Format.named("txt", REPORT)).contains(Format.TEXT);
        assertThat(Format.named("Html", REPORT)).contains(Format.HTML);
        assertThat(Format.named("htm", REPORT)).isEmpty(); // an extension, not a name
        assertThat(Format.named("json", List.of(Format.TEXT))).isEmpty();
    }

    @Test
    void aFilesExtensionChoosesTheFirstFormatWithThatNameOrExtension() {
        assertThat(Format.ofFile("out/page.HTM", REPORT)).contains(Format.HTML);
        assertThat(Format.ofFile("check.xml", REPORT)).contains(Format.JUNIT);
        assertThat(Format.ofFile("node.prom", REPORT)).contains(Format.PROMETHEUS);
        assertThat(Format.ofFile("notes.markdown", REPORT)).contains(Format.MARKDOWN);
        assertThat(Format.ofFile("r.json", List.of(Format.JSON, Format.of("fio-json", "json"))))
                .contains(Format.JSON);
        assertThat(Format.ofFile("dir.d/results", REPORT)).isEmpty();
        assertThat(Format.ofFile("results.yaml", REPORT)).isEmpty();
    }

    @Test
    void aListOfFormatsReadsAsASentence() {
        assertThat(Format.list(List.of(Format.TEXT, Format.JSON, Format.CSV))).isEqualTo("text, json or csv");
        assertThat(Format.list(List.of(Format.JSON))).isEqualTo("json");
    }
}
