package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.store.Databases;
import org.iobench.testing.ResultSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that writes JSON results writes formatVersion 2, valid against docs/json-schema-v2.json; tables in
 * JSON are camelCase and CSV says its units.
 */
class JsonResultsCliTest {
    @TempDir
    Path dir;

    @Test
    void runSweepSaturateDdAndShowWriteValidVersion2Documents() throws Exception {
        String db = Databases.sqlite(dir);
        InProcess.Result mixed = InProcess.run("run", "--rw", "randrw", "--bs", "4k", "--size", "1m", "--runs", "2",
                "--rate", "2000", "--time", "300ms", "--verify", "crc32c", "--pattern", "random", "--db", db,
                "--format", "json", dir.resolve("m").toString());
        assertThat(mixed.status()).as(mixed.err()).isZero();
        JsonNode doc = ResultSchema.assertValid(mixed.out());
        assertThat(doc.path("benchmarks").get(0).path("runs").get(0).path("allLatency").path("count").asLong())
                .isPositive();

        Path sweep = dir.resolve("sweep.json");
        assertThat(InProcess.run("run", "--rw", "read", "--bs", "4k,64k", "--size", "256k", "--no-store",
                "--sample-interval", "0", "-q", "-o", sweep.toString(), dir.resolve("s").toString()).status()).isZero();
        assertThat(ResultSchema.assertValid(Files.readString(sweep)).path("benchmarks")).hasSize(2);

        Path dd = dir.resolve("dd.json");
        assertThat(InProcess.run("dd", "if=/dev/zero", "of=" + dir.resolve("d"), "bs=64k", "count=4",
                "conv=fdatasync", "--no-store", "-o", dd.toString()).status()).isZero();
        ResultSchema.assertValid(Files.readString(dd));

        InProcess.Result sat = InProcess.run("saturate", "--rw", "randread", "--bs", "4k", "--size", "1m",
                "--step-time", "150ms", "--max", "2", "--sample-interval", "0", "--no-store", "--format", "json",
                dir.toString());
        assertThat(sat.status()).as(sat.err()).isZero();
        assertThat(ResultSchema.assertValid(sat.out()).path("search").path("kind").asText()).isEqualTo("saturation");

        InProcess.Result show = InProcess.run("show", "last", "--format", "json", "--db", db);
        assertThat(show.status()).as(show.err()).isZero();
        JsonNode shown = ResultSchema.assertValid(show.out());
        assertThat(shown.path("environment").path("kernelRelease").asText()).isNotBlank();
        assertThat(shown.path("id").asLong()).isEqualTo(1);

        InProcess.Result imported = InProcess.run("import", dir.resolve("sweep.json").toString(), "--db", db);
        assertThat(imported.status()).as(imported.err()).isZero();
    }

    @Test
    void tablesInJsonAreCamelCaseAndCsvNamesItsUnitsAndPlainIds() throws Exception {
        String db = Databases.sqlite(dir);
        for (String side : List.of("a", "b")) {
            assertThat(InProcess.run("run", "--rw", "read", "--bs", "64k", "--size", "256k", "--runs", "2",
                    "--sample-interval", "0", "-q", "--label", "side=" + side, "--db", db,
                    dir.resolve(side).toString()).status()).isZero();
        }
        InProcess.Result compare = InProcess.run("compare", "--base", "side=a", "--new", "side=b", "--format", "json",
                "--db", db);
        assertThat(compare.status()).as(compare.err()).isZero();
        JsonNode table = new ObjectMapper().readTree(compare.out());
        assertThat(table.path("formatVersion").asInt()).isEqualTo(2);
        table.path("columns").forEach(c -> assertThat(c.path("key").asText()).doesNotContain("_")
                .matches("[a-z][A-Za-z0-9]*"));
        assertThat(compare.out()).contains("\"baseMin\"").contains("\"gainPercent\"").doesNotContain("base_min");

        InProcess.Result csv = InProcess.run("report", "--format", "csv", "--db", db);
        List<String> lines = csv.out().lines().toList();
        assertThat(lines.getFirst()).startsWith("id,side,").contains(",bs (bytes),").contains(",p99 (ns),")
                .endsWith(",latency p99.99 (ns),latency max (ns)"); // every percentile after p99
        JsonNode json = new ObjectMapper().readTree(InProcess.run("report", "--format", "json", "--db", db).out());
        json.path("columns").forEach(c -> assertThat(c.path("key").asText()).matches("[a-z][A-Za-z0-9]*|label\\..*"));
        assertThat(json.toString()).contains("\"latencyP999Ns\"").contains("\"latencyMaxNs\"");
        assertThat(lines.get(1)).startsWith("2,b,");
        assertThat(csv.out()).doesNotContain("#");
    }
}
