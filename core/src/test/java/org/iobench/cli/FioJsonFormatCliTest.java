package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's JSON is one more format of run: on stdout with --format fio-json, or in -o FILE with the text on stdout. */
class FioJsonFormatCliTest {
    @TempDir
    Path dir;

    @Test
    void aRunPrintsFiosJsonOfItsResults() throws Exception {
        InProcess.Result r = InProcess.run("run", "--name", "w", "--rw", "write", "--bs", "64k", "--size", "256k",
                "--no-store", "--format", "fio-json", dir.resolve("f").toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.path("fio version").asText()).isEqualTo("fio-3.33");
        assertThat(doc.path("jobs")).hasSize(1);
        assertThat(doc.path("jobs").get(0).path("jobname").asText()).isEqualTo("w");
        assertThat(doc.path("jobs").get(0).path("write").path("io_bytes").asLong()).isEqualTo(256 * 1024);
    }

    @Test
    void aRunKeepsFiosJsonInTheFileAndPrintsItsText() throws Exception {
        Path file = dir.resolve("fio.json");
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "256k", "--no-store",
                "--format", "fio-json", "-o", file.toString(), dir.resolve("f").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("MB/s");
        assertThat(new ObjectMapper().readTree(Files.readString(file)).path("fio version").asText())
                .isEqualTo("fio-3.33");
    }
}
