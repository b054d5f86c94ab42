package org.iobench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.table.TableFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The exported tables of a report selection, locked by golden files (a format version 1 fixture as input, read as
 * version 2 as reports read it).
 */
class ResultsTableTest {

    static List<ReportItem> fixture() throws IOException {
        try (InputStream in = ResultsTableTest.class.getResourceAsStream("/report/fixtures/sweep-v1.json")) {
            JsonNode doc = new ObjectMapper().readTree(in);
            List<ReportItem> items = new ArrayList<>();
            int n = 0;
            for (ReportItem i : JsonReportReader.items(doc, "sweep-v1.json")) { // version 1 read as the records
                items.add(new ReportItem("r" + (++n), i.result(), i.environment(), i.labels()));
            }
            return items;
        }
    }

    @ParameterizedTest
    @EnumSource(value = TableFormat.class, names = {"MARKDOWN", "CSV", "TEXT"})
    void exportsMatchTheirGoldenFiles(TableFormat format) throws IOException {
        String rendered = format.writer().render(ResultsTable.of(fixture()));
        Path golden = Path.of("src/test/resources/report/golden/results-" + format.name().toLowerCase() + ".txt");
        if (Boolean.getBoolean("iobench.updateGolden") || !Files.exists(golden)) {
            Files.writeString(golden, rendered);
        }
        assertThat(rendered).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }
}
