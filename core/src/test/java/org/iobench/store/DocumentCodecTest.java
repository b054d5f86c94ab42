package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.sysmon.env.Environment;
import org.junit.jupiter.api.Test;

/** The store's documents: every version ever written reads, and writing again loses nothing that was stored. */
class DocumentCodecTest {
    private static final ObjectMapper TREES = new ObjectMapper();

    @Test
    void everyVersionOneResultReadsAndWritesBackWithEveryStoredField() throws IOException {
        for (V1Rows.Row row : V1Rows.all()) {
            if (row.micro()) {
                continue; // a micro variant's document is the micro report, kept and shown as it is
            }
            BenchmarkResult b = DocumentCodec.decodeResult(1, row.result());
            List<String> lost = new ArrayList<>();
            missing("", TREES.readTree(row.result()), TREES.readTree(DocumentCodec.encode(b)), lost);
            assertThat(lost).as(row.fixture()).isEmpty();
            assertThat(DocumentCodec.decodeResult(DocumentCodec.CURRENT, DocumentCodec.encode(b)))
                    .as(row.fixture()).isEqualTo(b);

            Environment env = DocumentCodec.decodeEnvironment(1, row.environment());
            missing("", TREES.readTree(row.environment()), TREES.readTree(DocumentCodec.encode(env)), lost);
            assertThat(lost).as(row.fixture() + " environment").isEmpty();
        }
    }

    @Test
    void theFeaturesOfVersionOneRowsAreThere() throws IOException {
        assertThat(result("verify-crc32c").runs().getFirst().extras().verification().passed()).isTrue();
        assertThat(result("paced-rate").runs().getFirst().extras().pacing()).isNotNull();
        assertThat(result("copy").job().workload().rw()).isEqualTo(RwMode.COPY);
        assertThat(result("copy").job().copy().source()).isNotNull();
        assertThat(result("suite-kernel-dd-dd2-member-1").job().grouping().group()).isEqualTo("dd2");
        assertThat(result("uring-direct-randwrite").job().queue().engine()).isEqualTo("uring");
        assertThat(result("write-fdatasync-2-runs").runs()).extracting(RunResult::complete).containsExactly(true, true);
        assertThat(result("fio-import").job().queue().threads()).isEqualTo(2);
        BenchmarkResult upper = result("iobench-json-import-uppercase-enums");
        assertThat(upper.job().workload().rw()).isEqualTo(RwMode.RANDREAD);
        assertThat(upper.findings()).isNotNull();
    }

    @Test
    void aVersionThisBuildDoesNotKnowIsRefusedWithTheVersion() {
        String json = V1Rows.named("copy").result();
        assertThatThrownBy(() -> DocumentCodec.decodeResult(DocumentCodec.CURRENT + 1, json))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("document version " + (DocumentCodec.CURRENT + 1))
                .hasMessageContaining("newer than this iobench reads");
        assertThatThrownBy(() -> DocumentCodec.decodeEnvironment(0, "{}")).isInstanceOf(IOException.class)
                .hasMessageContaining("not one iobench ever wrote");
    }

    private static BenchmarkResult result(String fixture) throws IOException {
        return DocumentCodec.decodeResult(1, V1Rows.named(fixture).result());
    }

    /**
     * Adds to {@code lost} the paths of {@code stored} that {@code written} lacks or holds with another value. Text
     * is compared without case (the earliest rows spelled enums in upper case), numbers by value.
     */
    private static void missing(String path, JsonNode stored, JsonNode written, List<String> lost) {
        if (written == null || written.isMissingNode()) {
            lost.add(path);
        } else if (stored.isObject()) {
            stored.fields().forEachRemaining(e -> missing(path + "." + e.getKey(), e.getValue(),
                    written.get(e.getKey()), lost));
        } else if (stored.isArray()) {
            if (stored.size() != written.size()) {
                lost.add(path + " (" + stored.size() + " items, now " + written.size() + ")");
            } else {
                for (int i = 0; i < stored.size(); i++) {
                    missing(path + "[" + i + "]", stored.get(i), written.get(i), lost);
                }
            }
        } else if (stored.isNumber()) {
            if (!written.isNumber() || Double.compare(stored.asDouble(), written.asDouble()) != 0) {
                lost.add(path + " (" + stored + ", now " + written + ")");
            }
        } else if (!stored.asText().toLowerCase(Locale.ROOT).equals(written.asText().toLowerCase(Locale.ROOT))
                || stored.isNull() != written.isNull()) {
            lost.add(path + " (" + stored + ", now " + written + ")");
        }
    }
}
