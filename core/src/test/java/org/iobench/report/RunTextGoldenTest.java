package org.iobench.report;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.iobench.result.BenchmarkResult;
import org.iobench.table.Golden;
import org.iobench.testing.EveryField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The run text, the most-read output, locked by golden files: each fixture's benchmarks as {@code iobench run}
 * prints them (with {@code --vmstat} where the runs have system samples), under a default locale that writes
 * decimal commas, to show the text never takes the user's locale. After an intended change, rewrite the files
 * with {@code -Dgolden.update=true} and review the diff.
 */
class RunTextGoldenTest {
    @ParameterizedTest
    @ValueSource(strings = {"randrw-rate-verify", "write-fdatasync-steady"})
    void eachFixturePrintsAsItsGoldenFile(String fixture) throws Exception {
        List<BenchmarkResult> results;
        try (InputStream in = getClass().getResourceAsStream("/report/fixtures/" + fixture + "-v1.json")) {
            results = JsonReportReader.benchmarks(JsonReportReader.tree(new String(in.readAllBytes(),
                    StandardCharsets.UTF_8)));
        }
        Golden.assertMatches(text(results, true), "report/golden/run-text-" + fixture + ".txt");
    }

    @Test
    void everyFieldSetPrintsAsItsGoldenFile() {
        Golden.assertMatches(text(EveryField.benchmarks(), false), "report/golden/run-text-every-field.txt");
    }

    private static String text(List<BenchmarkResult> results, boolean vmstat) {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
            results.forEach(b -> RunText.print(b, out, vmstat));
            return bytes.toString(StandardCharsets.UTF_8);
        } finally {
            Locale.setDefault(before);
        }
    }
}
