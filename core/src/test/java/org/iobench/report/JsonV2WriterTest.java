package org.iobench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.iobench.job.JobSpec;
import org.iobench.job.RateLimit;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.TargetInfo;
import org.iobench.result.TestId;
import org.iobench.sysmon.SystemSeries;
import org.iobench.sysmon.env.Environment;
import org.iobench.testing.AnyRecords;
import org.iobench.testing.EveryField;
import org.junit.jupiter.api.Test;

/**
 * The version 2 document written straight from the records is, byte for byte, what version 1's form (the
 * store's rows, files of earlier releases) reads as through {@link JsonV2#upgrade}: on the every-field results
 * and on random ones (any value of every record a result holds, NaN and infinite numbers, histograms, the
 * system monitor's samples, environments, map keys that are field names).
 */
class JsonV2WriterTest {
    private static final ObjectMapper V1 = JsonReport.mapper();
    private static final ObjectMapper V1_COMPACT = JsonReport.mapper().disable(SerializationFeature.INDENT_OUTPUT);

    /** Version 1's form of {@code value}, read as version 2 (how the report was written before). */
    private static String throughVersion1(Object value, ObjectMapper mapper) throws IOException {
        return mapper.writeValueAsString(JsonV2.upgrade(V1.readTree(V1.writeValueAsString(value))));
    }

    private static Map<String, Object> document(List<BenchmarkResult> benchmarks, Map<String, Object> extra) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("formatVersion", JsonReport.FORMAT_VERSION);
        doc.put("iobenchVersion", "writer-test");
        doc.putAll(extra);
        doc.put("complete", benchmarks.stream().allMatch(BenchmarkResult::complete));
        doc.put("benchmarks", benchmarks);
        return doc;
    }

    @Test
    void everyFieldIsWrittenAsVersionOneReadsAsVersionTwo() throws IOException {
        List<BenchmarkResult> all = EveryField.benchmarks();
        assertThat(JsonReport.write(all, "writer-test", Map.of()))
                .isEqualTo(throughVersion1(document(all, Map.of()), V1) + "\n");
        for (BenchmarkResult b : all) {
            assertThat(JsonReport.compact(b)).isEqualTo(throughVersion1(b, V1_COMPACT));
        }
    }

    @Property(tries = 150)
    void anyResultsAreWrittenAsTheirVersionOneFormReadsAsVersionTwo(@ForAll long draw) throws IOException {
        AnyRecords any = new AnyRecords(new Random(draw)).with(JobSpec.class, JsonV2WriterTest::job);
        List<BenchmarkResult> benchmarks = new ArrayList<>();
        int n = 1 + (int) Math.floorMod(draw, 3L);
        for (int i = 0; i < n; i++) {
            benchmarks.add(benchmark(any, i));
        }
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("environment", any.of(Environment.class));
        extra.put("system", any.of(SystemSeries.class));
        extra.put("groups", Map.of("g1", List.of("a", "b")));
        assertThat(JsonReport.write(benchmarks, "writer-test", extra))
                .isEqualTo(throughVersion1(document(benchmarks, extra), V1) + "\n");
        assertThat(JsonReport.compact(extra.get("environment")))
                .isEqualTo(throughVersion1(extra.get("environment"), V1_COMPACT));
        assertThat(JsonReport.tree(benchmarks.getFirst()))
                .isEqualTo(V1.readTree(throughVersion1(benchmarks.getFirst(), V1_COMPACT)));
    }

    /** A job of the every-field results, or one of a few options set at random. */
    private static JobSpec job(Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> EveryField.benchmarks().get(random.nextInt(2)).job();
            case 1 -> JobSpec.builder(Path.of("/data/" + random.nextInt(9))).rw(RwMode.values()[random.nextInt(3)])
                    .blockSize(512L << random.nextInt(12)).sizeBytes(1L << (20 + random.nextInt(10)))
                    .runs(1 + random.nextInt(3)).threads(1 + random.nextInt(4)).build();
            default -> JobSpec.builder(Path.of("/data/t")).timeNanos(1_000_000_000L * (1 + random.nextInt(5)))
                    .rate(RateLimit.iops(1 + random.nextInt(10_000))).build();
        };
    }

    /** A benchmark of any job and runs: summarized as a run makes it, or any summary at all. */
    private static BenchmarkResult benchmark(AnyRecords any, int i) {
        if (i == 2) {
            return any.of(BenchmarkResult.class);
        }
        for (int attempt = 0; ; attempt++) {
            List<RunResult> runs = new ArrayList<>();
            for (int r = 0; r < 1 + i; r++) {
                runs.add(any.of(RunResult.class));
            }
            try {
                BenchmarkResult b = BenchmarkResult.of(any.of(JobSpec.class), any.of(TargetInfo.class), runs)
                        .withFindings(List.of(any.of(Finding.class)));
                return i == 1 ? b.withTest(any.of(TestId.class)) : b;
            } catch (NullPointerException summaryNeedsTotals) {
                assertThat(attempt).as("runs a summary takes").isLessThan(100);
            }
        }
    }
}
