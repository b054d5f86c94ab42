package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code iobench saturate} and the limit options as a user runs them. */
class SaturateCommandTest {
    @TempDir
    Path dir;

    @Test
    void saturatePrintsTheCurveAndStoresEveryPointUnderOneSeries() throws Exception {
        Path json = dir.resolve("s.json");
        Cli.Result r = Cli.run(dir, "saturate", "--rw", "randread", "--bs", "4k", "--size", "8m", "--step-time",
                "200ms", "--max", "2", "--sample-interval", "0", "-o", json.toString(), dir.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("saturate threads: randread, bs 4KiB").contains("threads iodepth")
                .contains("knee: ").contains("best: ").contains("stopped: ");
        assertThat(r.err()).as("both steps saved in the result store").contains("iobench: saved as run ");
        JsonNode doc = new ObjectMapper().readTree(json.toFile());
        JsonNode search = doc.path("search");
        assertThat(search.path("kind").asText()).isEqualTo("saturation");
        assertThat(search.path("curve").path("axis").asText()).isEqualTo("threads");
        assertThat(search.path("curve").path("points")).hasSize(2);
        String series = search.path("series").asText();
        assertThat(series).startsWith("saturate threads randread-4KiB ");
        assertThat(doc.path("benchmarks")).hasSize(2)
                .allMatch(b -> b.path("job").path("series").asText().equals(series));
        try (var left = Files.list(dir)) {
            assertThat(left).containsExactly(json);
        }
    }

    @Test
    void aRateSearchForALatencyTargetJudgesPacedStepsByTheirCorrectedLatency() throws Exception {
        Path f = Files.write(dir.resolve("f"), new byte[4 << 20]);
        Cli.Result r = Cli.run(dir, "saturate", "--axis", "rate", "--latency-target", "p99=1us", "--refine", "1",
                "--rw", "randread", "--bs", "4k", "--step-time", "200ms", "--sample-interval", "0", "--format",
                "json", "--no-store", f.toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        JsonNode curve = doc.path("search").path("curve");
        assertThat(doc.path("search").path("kind").asText()).isEqualTo("latency-target");
        assertThat(curve.path("axis").asText()).isEqualTo("rate");
        assertThat(curve.path("target").path("label").asText()).isEqualTo("p99<=1us");
        JsonNode points = curve.path("points");
        assertThat(points.get(0).path("setting").path("rateOpsPerSecond").asDouble()).as("unthrottled").isZero();
        if (points.size() == 2) {   // the unthrottled step missed 1 us, so one paced step at half its rate
            assertThat(points.get(1).path("corrected").asBoolean()).isTrue();
            assertThat(points.get(1).path("setting").path("rateOpsPerSecond").asDouble())
                    .isCloseTo(points.get(0).path("opsPerSecond").asDouble() / 2, org.assertj.core.data.Percentage
                            .withPercentage(0.1));
            assertThat(doc.path("benchmarks").get(1).path("runs").get(0).path("pacing").isObject()).isTrue();
        } else {
            assertThat(curve.path("stop").asText()).isEqualTo("unlimited-meets-target");
        }
    }

    @Test
    void helpTextsFormatWithoutPicocliWarnings() {
        for (String command : new String[] {"saturate", "run"}) {
            InProcessMain.Result r = InProcessMain.run(command, "--help");
            assertThat(r.status()).isZero();
            assertThat(r.err()).as(command).doesNotContain("WARN");
            assertThat(r.out()).contains("--steady=METRIC:BOUND").contains("iops:2%, bw:5%");
        }
    }

    @Test
    void wrongLimitOptionsEndWithOneLineNamingTheOptionAndExitTwo() throws Exception {
        String[][] cases = {
                {"iobench: --axis iodepth: the psync engine", "saturate", "--axis", "iodepth", dir.toString()},
                {"iobench: --rate '5x': is not a rate", "run", "--rate", "5x", dir.toString()},
                {"iobench: --steady iops:2%: ends a time-based run early", "run", "--steady", "iops:2%",
                        dir.toString()},
                {"iobench: --axis rate: needs --latency-target", "saturate", "--axis", "rate", dir.toString()},
                {"iobench: --time: saturate runs each step for --step-time", "saturate", "--time", "3s",
                        dir.toString()},
        };
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            InProcessMain.Result r = InProcessMain.run(args);   // these fail before any I/O
            int status = r.status();
            String text = r.err();
            assertThat(status).as(String.join(" ", args)).isEqualTo(2);
            assertThat(text).startsWith(c[0]).doesNotContain("\tat ");
            assertThat(text.strip().lines()).hasSize(1);
        }
    }
}
