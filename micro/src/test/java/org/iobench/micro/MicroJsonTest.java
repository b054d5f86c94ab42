package org.iobench.micro;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MicroJsonTest {

    @Test
    void jsonMatchesTheVersion1GoldenFile() throws IOException {
        assertThat(MicroJson.toJson(Fixtures.report())).isEqualTo(TextReportTest.golden("micro-report-v1.json"));
    }

    @Test
    void absentNumbersAreWrittenAsNullNotNaN() {
        String json = MicroJson.toJson(Fixtures.report());
        assertThat(json).doesNotContain("NaN").contains("\"meanNanosPerOp\": null").contains("\"fastest\": null");
    }

    @Test
    void stringsAreEscaped() {
        assertThat(MicroJson.toJson(Fixtures.report())).contains("wide spread: \\\"quoted\\\"\\tand tabbed");
    }

    @Test
    void writesTheFileTheCliWillImport(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("micro.json");
        SuiteRunner.writeJson(Fixtures.report(), file);
        assertThat(Files.readString(file)).startsWith("{\n  \"formatVersion\": 1,\n  \"kind\": \"iobench-micro\",");
    }
}
