package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iobench fio --status-interval} and fio's ETA line ({@code --eta=always --eta-newline}): the full report in
 * each format every interval, from the running workers' own counters, and the line rewritten with carriage returns;
 * against fio 3.33 run here on the same short job (the shapes of the lines, numbers masked; how many reports and
 * lines each prints is its own start-up's and the machine's).
 */
class FioStatusCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private List<String> job(String file, String... more) {
        List<String> a = new ArrayList<>(List.of("--name=j", "--ioengine=psync", "--rw=write", "--bs=4k",
                "--size=8m", "--runtime=3", "--time_based", "--filename=" + dir.resolve(file)));
        a.addAll(List.of(more));
        return a;
    }

    /** Whether /usr/bin/fio (or fio on the PATH) is fio 3.33, the fio this interface is. */
    static boolean fio333() {
        if (!FioConformanceTest.fioInstalled()) {
            return false;
        }
        try {
            Process p = new ProcessBuilder("fio", "--version").redirectErrorStream(true).start();
            String v = new String(p.getInputStream().readAllBytes()).strip();
            return p.waitFor(30, TimeUnit.SECONDS) && v.equals("fio-3.33");
        } catch (Exception e) {
            return false;
        }
    }

    /** fio's stdout for {@code args}, run in the test's directory. */
    private String fio(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("fio"));
        cmd.addAll(args);
        Path out = dir.resolve("fio.out");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(dir.resolve("fio.err").toFile())
                .redirectOutput(out.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fio did not finish in 120 s");
        }
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("fio.err"))).isZero();
        return Files.readString(out);
    }

    private static InProcessMain.Result iobench(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of("fio"));
        cmd.addAll(args);
        InProcessMain.Result r = InProcessMain.run(cmd.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        return r;
    }

    /** The JSON documents one after the other, as fio writes one per report. */
    private static List<JsonNode> documents(String out) throws Exception {
        List<JsonNode> docs = new ArrayList<>();
        StringBuilder doc = null;
        for (String line : out.split("\n")) {
            if (line.equals("{")) {
                doc = new StringBuilder();
            }
            if (doc != null) {
                doc.append(line).append('\n');
            }
            if (line.equals("}") && doc != null) {
                docs.add(JSON.readTree(doc.toString()));
                doc = null;
            }
        }
        return docs;
    }

    @Test
    void everyIntervalIsAFullJsonReportWhoseFiguresOnlyGrowUpToTheFinalOnes() throws Exception {
        InProcessMain.Result r = iobench(job("s.dat", "--status-interval=500ms", "--output-format=json"));
        assertThat(r.err()).isEmpty();
        List<JsonNode> docs = documents(r.out());
        assertThat(docs).as("3 s of I/O at 500 ms: interim reports, then the final one").hasSizeGreaterThan(2);
        JsonNode last = docs.getLast().path("jobs").get(0);
        long finalBytes = last.path("write").path("io_bytes").asLong();
        long finalIos = last.path("write").path("total_ios").asLong();
        assertThat(finalIos).isPositive();
        long bytes = 0;
        long ios = 0;
        long runtime = 0;
        long latencies = 0;
        boolean someMidRun = false;
        for (JsonNode d : docs) {
            assertThat(d.path("fio version").asText()).isEqualTo("fio-3.33");
            JsonNode j = d.path("jobs").get(0);
            assertThat(j.path("jobname").asText()).isEqualTo("j");
            JsonNode w = j.path("write");
            assertThat(w.path("io_bytes").asLong()).as("never less than before").isGreaterThanOrEqualTo(bytes)
                    .as("never beyond the final report").isLessThanOrEqualTo(finalBytes);
            assertThat(w.path("total_ios").asLong()).isGreaterThanOrEqualTo(ios).isLessThanOrEqualTo(finalIos);
            assertThat(w.path("runtime").asLong()).isGreaterThanOrEqualTo(runtime);
            assertThat(w.path("lat_ns").path("N").asLong()).as("every request counted has its latency")
                    .isEqualTo(w.path("total_ios").asLong()).isGreaterThanOrEqualTo(latencies);
            assertThat(w.path("io_bytes").asLong()).as("4 KiB requests").isEqualTo(w.path("total_ios").asLong() * 4096);
            someMidRun |= w.path("total_ios").asLong() > 0 && w.path("total_ios").asLong() < finalIos;
            bytes = w.path("io_bytes").asLong();
            ios = w.path("total_ios").asLong();
            runtime = w.path("runtime").asLong();
            latencies = w.path("lat_ns").path("N").asLong();
        }
        assertThat(someMidRun).as("a report taken while the job ran, from its workers' counters").isTrue();
        etaAsFio(docs);
        assertThat(docs.getLast().path("jobs").get(0).path("eta").asLong()).as("the final report, after 3 s")
                .isZero();
        assertThat(docs.getLast().path("jobs").get(0).path("write").path("runtime").asLong())
                .as("the final report's 3 s").isBetween(2900L, 4000L);
    }

    @Test
    void theStatusReportsHaveFiosShapeInEachFormat() throws Exception {
        Assumptions.assumeTrue(fio333(), "fio 3.33 is not installed (Debian 12: apt-get install fio): the test"
                + " compares with fio's own reports");
        List<String> args = List.of("--status-interval=1", "--output-format=json,terse,normal");
        String fio = fio(job("fio.dat", args.toArray(String[]::new)));
        String ours = iobench(job("iob.dat", args.toArray(String[]::new))).out();
        for (String out : List.of(fio, ours)) {
            List<String> heads = heads(out);
            assertThat(heads).as("each report: terse, JSON, normal, in fio's order\n" + out).hasSizeGreaterThan(6);
            for (int i = 0; i + 3 <= heads.size(); i += 3) {
                assertThat(heads.subList(i, i + 3)).containsExactly("3;fio-3.33;j;0;...", "{",
                        "j: (groupid=#, jobs=#): err= #: pid=#: DATE");
            }
            assertThat(heads.size() % 3).isZero();
        }
        etaAsFio(documents(fio));
        etaAsFio(documents(ours));
        assertThat(documents(ours).stream().map(FioStatusCliTest::keys).distinct().toList())
                .as("every report has fio's keys").containsExactly(keys(documents(fio).getFirst()));
    }

    /**
     * fio's {@code eta} and {@code elapsed} (its forced {@code calc_thread_status}): seconds since the start rounded
     * up, never fewer than before; the ETA INT_MAX while fewer than 3 s have passed, then the job's seconds left.
     */
    private static void etaAsFio(List<JsonNode> docs) {
        long elapsed = 0;
        for (JsonNode d : docs) {
            JsonNode j = d.path("jobs").get(0);
            assertThat(j.path("elapsed").asLong()).as("elapsed").isGreaterThanOrEqualTo(Math.max(1, elapsed));
            elapsed = j.path("elapsed").asLong();
            if (elapsed < 3) {
                assertThat(j.path("eta").asLong()).as("eta at %d s", elapsed).isEqualTo(2147483647L);
            } else {
                assertThat(j.path("eta").asLong()).as("eta at %d s of a 3 s job", elapsed).isBetween(0L, 3L);
            }
        }
    }

    private static List<String> keys(JsonNode doc) {
        List<String> k = new ArrayList<>();
        doc.fieldNames().forEachRemaining(k::add);
        return k;
    }

    /** Where each report in each format begins: a terse line, a JSON document, a normal report's job line. */
    private static List<String> heads(String out) {
        List<String> heads = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.startsWith("3;fio-3.33;j;")) {
                heads.add("3;fio-3.33;j;0;...");
            } else if (line.equals("{")) {
                heads.add("{");
            } else if (line.startsWith("j: (groupid=")) {
                heads.add(line.replaceAll(": \\w{3} \\w{3} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d \\d{4}$", ": DATE")
                        .replaceAll("\\d+", "#"));
            }
        }
        return heads;
    }

    @Test
    void theEtaLineHasFiosShapeAndNewLines() throws Exception {
        Assumptions.assumeTrue(fio333(), "fio 3.33 is not installed (Debian 12: apt-get install fio): the test"
                + " compares with fio's own ETA line");
        // lines come a second apart (--eta-interval's default), so a new line after each from the second on: at
        // --eta-newline=1 whether 1000 ms has passed "more than" 1000 ms is the scheduler's, for fio as for iobench
        String fio = fio(job("fio.dat", "--eta=always", "--eta-newline=500ms"));
        String ours = iobench(job("iob.dat", "--eta=always", "--eta-newline=500ms")).out();
        Set<String> fioShapes = etaShapes(fio);
        Set<String> ourShapes = etaShapes(ours);
        String full = "Jobs: # (f=#): [W(#)][#%][w=#B/s][w=# IOPS][eta #m:#s]";
        assertThat(fioShapes).as(fio).contains(full);
        assertThat(ourShapes).as(ours).contains(full);
        assertThat(fioShapes).as("fio's line before its ETA is known").contains("Jobs: # (f=#)");
        // fio's f (TD_FINISHING: files closed, logs written) lasts a few ms in fio and is seldom caught by a line;
        // iobench's end (its results made too) lasts longer: a line may show it, with the job's other figures
        Set<String> ourRunning = new LinkedHashSet<>();
        ourShapes.forEach(shape -> ourRunning.add(shape.replace("[f(#)]", "[W(#)]")));
        assertThat(ourRunning).as("every line of ours is one fio prints").isSubsetOf(fioShapes);
        for (String out : List.of(fio, ours)) {
            String eta = out.substring(out.indexOf("Jobs: "), out.indexOf("j: (groupid="));
            assertThat(eta).as("rewritten with carriage returns").endsWith("\r\n"); // the report's first line is empty
            // a loaded machine can leave fio two lines only (its last "\r\n" is no line): no new line due yet
            if (eta.split("Jobs: ", -1).length - 1 >= 3) {
                assertThat(eta).as("a new line after each line from the second on").contains("\r\nJobs: ");
            }
        }
    }

    /** The ETA lines' shapes: numbers and unit prefixes masked, the padding spaces dropped. */
    private static Set<String> etaShapes(String out) {
        Set<String> shapes = new LinkedHashSet<>();
        for (String line : out.split("[\r\n]")) {
            if (line.startsWith("Jobs: ")) {
                shapes.add(line.strip().replaceAll("\\d+(\\.\\d+)?", "#").replaceAll("#(Ki|Mi|Gi|k|M|G)?", "#")
                        .replace("[-.-%]", "[#%]"));
            }
        }
        return shapes;
    }
}
