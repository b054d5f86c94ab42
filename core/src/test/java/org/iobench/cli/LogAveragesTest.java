package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tools fio users plot logs with read iobench's totals from iobench's logs: a time-based job file with
 * windowed bandwidth and IOPS logs, run by {@code iobench fio}, and each log's average as Debian's
 * {@code fio2gnuplot} computes it (its {@code .global} file's {@code avg=}) and as fio-plot computes it (the plain
 * mean of the rows; fio-plot itself is a PyPI package, its rule is reproduced here) equals the run's own total in
 * its fio JSON within 1 %. A stub row at the end (the requests in flight at the deadline, over a few
 * milliseconds) pulled the averages 11-13 % under the total. Skipped, saying so, where fio2gnuplot cannot run
 * ({@code .ci/check-skips} fails CI then); {@code bench/log-averages.sh} puts fio's own logs beside these.
 */
class LogAveragesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void fio2gnuplotsAndFioPlotsAveragesOfIobenchsLogsAreItsTotals() throws Exception {
        Assumptions.assumeTrue(fio2gnuplotRuns(), "fio2gnuplot does not run (Debian: apt-get install fio"
                + " python3-six); it is the tool whose averages of iobench's logs this test checks");
        Path job = Files.writeString(dir.resolve("j.fio"), """
                [r]
                ioengine=psync
                rw=randread
                bs=4k
                size=4m
                filename=%s
                time_based
                runtime=2
                invalidate=0
                log_avg_msec=500
                write_bw_log=%s
                write_iops_log=%s
                """.formatted(dir.resolve("data"), dir.resolve("r"), dir.resolve("r")));
        Path out = dir.resolve("out.json");
        InProcessMain.Result r = InProcessMain.run("fio", "--output-format=json", "--output=" + out, job.toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode read = JSON.readTree(out.toFile()).path("jobs").get(0).path("read");
        for (String kind : List.of("bw", "iops")) {
            Path log = dir.resolve("r_" + kind + ".1.log");
            List<Double> rows = values(log);
            assertThat(rows).as("%s rows of a 2 s run at 500 ms", kind).hasSizeBetween(3, 5);
            double total = read.path(kind).asDouble();
            assertThat(total).isPositive();
            assertThat(fio2gnuplotAverage(kind) / total).as("fio2gnuplot's average of %s over the total %s (%s)",
                    kind, total, rows).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
            double mean = rows.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            assertThat(mean / total).as("fio-plot's mean of %s over the total %s (%s)", kind, total, rows)
                    .isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
        }
    }

    /** A log's values (its second column), row by row. */
    private static List<Double> values(Path log) throws IOException {
        List<Double> out = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            if (!line.isBlank()) {
                out.add(Double.parseDouble(line.split(", ")[1].trim()));
            }
        }
        return out;
    }

    /** fio2gnuplot run on the {@code r_KIND*.log} files: the {@code avg=} of the {@code .global} file it writes. */
    private double fio2gnuplotAverage(String kind) throws Exception {
        Path graphs = dir.resolve("g-" + kind);
        Process p = new ProcessBuilder("fio2gnuplot", "-p", "r_" + kind + "*.log", "-d", graphs.toString())
                .directory(dir.toFile()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("fio2gnuplot ended").isTrue();
        assertThat(p.exitValue()).as("fio2gnuplot: %s", said).isZero();
        String avg = Files.readAllLines(graphs.resolve("r_" + kind + ".global")).stream()
                .filter(l -> l.startsWith("avg=")).findFirst().orElseThrow(() -> new AssertionError(
                        "no avg= in fio2gnuplot's " + kind + ".global: " + said));
        return Double.parseDouble(avg.substring(4));
    }

    /** fio2gnuplot is on the PATH and starts (it needs python3's six): its help names its options. */
    private static boolean fio2gnuplotRuns() {
        try {
            Process p = new ProcessBuilder("fio2gnuplot", "-h").redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor(30, TimeUnit.SECONDS) && said.contains("--pattern");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
