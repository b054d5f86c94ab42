package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iobench export} read by the real tools, Debian's prometheus 2.42 (with promtool) and
 * prometheus-node-exporter 1.5: promtool lints the textfile form; a Prometheus server on loopback scrapes
 * node_exporter's textfile collector (the {@code .prom} file) and a target serving the OpenMetrics form (parsed by
 * Prometheus's own OpenMetrics parser, timestamps and all), and its HTTP API answers, for a run just made, the MB/s
 * and p99 that {@code iobench show} prints. Skips without the three programs; CI installs them ({@code .ci/run})
 * and fails when this skipped ({@code .ci/check-skips}).
 */
@Timeout(300)
class PrometheusExportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static Path tool(String name) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** A run with two repetitions stored under labels, with its id. */
    private String storedRun(String db) {
        InProcess.Result run = InProcess.run("run", "--rw", "randrw", "--mix", "70", "--bs", "4k", "--size", "4m",
                "--runs", "2", "--label", "kernel=6.1", "--label", "team-name=storage", "--db", db, "-q",
                dir.resolve("f").toString());
        assertThat(run.status()).as(run.err()).isZero();
        InProcess.Result runs = InProcess.run("runs", "last", "--format", "csv", "--db", db);
        return runs.out().lines().skip(1).findFirst().orElseThrow().split(",")[0];
    }

    @Test
    void promtoolFindsNothingToSayAboutTheTextfileForm() throws Exception {
        Path promtool = tool("promtool");
        assumeTrue(promtool != null, "promtool not installed (Debian's prometheus package; .ci/run installs it)");
        String db = "jdbc:sqlite:" + dir.resolve("r.db");
        storedRun(db);
        Path prom = dir.resolve("iobench.prom");
        InProcess.Result export = InProcess.run("export", "-o", prom.toString(), "--db", db);
        assertThat(export.status()).as(export.err()).isZero();
        String text = Files.readString(prom);
        assertThat(text).contains("iobench_throughput_bytes_per_second{", "kernel=\"6.1\"", "team_name=\"storage\"")
                .doesNotContain("# EOF");
        Process p = new ProcessBuilder(promtool.toString(), "check", "metrics").redirectErrorStream(true)
                .redirectInput(prom.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).as("promtool's findings").isBlank();

        InProcess.Result om = InProcess.run("export", "--format", "openmetrics", "last", "--db", db);
        assertThat(om.out()).contains("# UNIT iobench_latency_seconds seconds").endsWith("# EOF\n");
        assertThat(om.out().lines().filter(l -> l.startsWith("iobench_iops{")).findFirst().orElseThrow())
                .matches(".*} [0-9.E]+ \\d{10}\\.\\d{3}");
    }

    @Test
    void prometheusScrapingNodeExportersTextfileAnswersTheFiguresIobenchShowPrints() throws Exception {
        Path prometheus = tool("prometheus");
        Path nodeExporter = tool("prometheus-node-exporter");
        assumeTrue(prometheus != null && nodeExporter != null,
                "prometheus or prometheus-node-exporter not installed (Debian's packages; .ci/run installs them)");
        String db = "jdbc:sqlite:" + dir.resolve("r.db");
        String id = storedRun(db);
        Path textfiles = Files.createDirectories(dir.resolve("textfile"));
        InProcess.Result export = InProcess.run("export", id, "-o", textfiles.resolve("iobench.prom").toString(),
                "--db", db);
        assertThat(export.status()).as(export.err()).isZero();
        try (var listing = Files.list(textfiles)) {
            assertThat(listing.map(p -> p.getFileName().toString()).toList()).containsExactly("iobench.prom");
        }
        String openMetrics = InProcess.run("export", id, "--db", db).out();

        int nodePort = freePort();
        int promPort = freePort();
        HttpServer target = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        target.createContext("/metrics", exchange -> {
            byte[] body = openMetrics.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type",
                    "application/openmetrics-text; version=1.0.0; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        target.start();
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, """
                global:
                  scrape_interval: 1s
                  scrape_timeout: 1s
                scrape_configs:
                  - job_name: node
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                  - job_name: openmetrics
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                """.formatted(nodePort, target.getAddress().getPort()));
        List<Process> started = new ArrayList<>();
        try {
            started.add(new ProcessBuilder(nodeExporter.toString(), "--web.listen-address=127.0.0.1:" + nodePort,
                    "--collector.disable-defaults", "--collector.textfile",
                    "--collector.textfile.directory=" + textfiles).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("node-exporter.log").toFile()).start());
            started.add(new ProcessBuilder(prometheus.toString(), "--config.file=" + config,
                    "--storage.tsdb.path=" + dir.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + promPort)
                    .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start());
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            JsonNode show = JSON.readTree(InProcess.run("show", id, "--format", "json", "--db", db).out());
            JsonNode summary = show.path("benchmarks").path(0).path("summary");
            double bytesPerSecond = summary.path("bytesPerSecond").path("mean").asDouble();
            double p99Ns = summary.path("p99LatencyNs").path("mean").asDouble();
            String showText = InProcess.run("show", id, "--db", db).out();

            for (String job : List.of("node", "openmetrics")) {
                double mbps = query(http, promPort, "iobench_throughput_bytes_per_second{job=\"" + job
                        + "\",run_id=\"" + id + "\",kernel=\"6.1\"}");
                double p99 = query(http, promPort, "iobench_latency_seconds{job=\"" + job + "\",run_id=\"" + id
                        + "\",op=\"all\",quantile=\"0.99\"}");
                assertThat(mbps).as("MB/s through %s", job).isEqualTo(bytesPerSecond);
                assertThat(p99 * 1e9).as("p99 through %s", job).isCloseTo(p99Ns, org.assertj.core.data.Offset.offset(1e-6));
                // the figure iobench show prints on its avg row, as rounded there
                String avg = showText.lines().filter(l -> l.startsWith("avg ")).findFirst().orElseThrow();
                double shown = Double.parseDouble(avg.substring(4).strip().split("\\s+")[0]);
                assertThat(mbps / 1e6).as("show's avg row: %s", avg).isCloseTo(shown,
                        org.assertj.core.data.Offset.offset(0.05 + shown * 5e-4));
            }
        } finally {
            for (Process p : started) {
                p.destroy();
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
            target.stop(0);
        }
    }

    /** The value of an instant query's single series, polled until Prometheus has scraped it (at most 90 s). */
    private static double query(HttpClient http, int port, String promql) throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + port + "/api/v1/query?query="
                + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
                last = r.body();
                JsonNode result = JSON.readTree(r.body()).path("data").path("result");
                if (r.statusCode() == 200 && result.size() == 1) {
                    return Double.parseDouble(result.path(0).path("value").path(1).asText());
                }
                assertThat(result.size()).as("series for %s: %s", promql, r.body()).isLessThanOrEqualTo(1);
            } catch (IOException notUpYet) {
                last = notUpYet.toString();
            }
            Thread.sleep(500); // waiting for another process's scrape: no clock of ours to inject
        }
        throw new AssertionError("Prometheus did not answer " + promql + " within 90 s: " + last);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
