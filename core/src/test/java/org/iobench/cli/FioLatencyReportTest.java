package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iobench fio}'s latency report as fio 3.33's {@code t/latency_percentiles.py} checks it: slat, clat and lat
 * per direction with the percentiles {@code slat_percentiles}, {@code clat_percentiles}, {@code lat_percentiles} and
 * {@code percentile_list} ask for, {@code json+} bins where percentiles are printed, exact min/max/N against the
 * per-request latency logs, the {@code mixed} direction of {@code unified_rw_reporting}, per-priority latencies and a
 * reporting group's merged latencies.
 */
class FioLatencyReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private JsonNode run(String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of("fio", "--name=l", "--size=1m", "--bs=4k",
                "--filename=" + dir.resolve("f"), "--write_lat_log=" + dir.resolve("lat")));
        a.addAll(List.of(args));
        InProcessMain.Result r = InProcessMain.run(a.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        return JSON.readTree(r.out()).path("jobs").get(0);
    }

    /** The latencies of direction {@code ddir} in fio's per-request log {@code lat_KIND.N.log}, sorted. */
    private List<Long> logged(String kind, int ddir, int jobs) throws Exception {
        List<Long> out = new ArrayList<>();
        for (int j = 1; j <= jobs; j++) {
            for (String line : Files.readAllLines(dir.resolve("lat_" + kind + "." + j + ".log"))) {
                String[] f = line.split(",\\s*");
                if (ddir < 0 || Integer.parseInt(f[2]) == ddir) {
                    out.add(Long.parseLong(f[1]));
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** As the script checks: N, exact min and max, each percentile within 1/128 of fio's rank, bins adding up. */
    private void matchesLog(JsonNode lat, List<Long> values, boolean plus) {
        assertThat(lat.path("N").asLong()).isEqualTo(values.size());
        assertThat(lat.path("min").asLong()).isEqualTo(values.getFirst());
        assertThat(lat.path("max").asLong()).isEqualTo(values.getLast());
        assertThat(lat.path("percentile").isObject()).isTrue();
        for (Iterator<String> i = lat.path("percentile").fieldNames(); i.hasNext(); ) {
            String p = i.next();
            int rank = (int) Math.ceil(Double.parseDouble(p) / 100 * values.size());
            long expected = values.get(Math.max(0, rank - 1));
            assertThat((double) lat.path("percentile").path(p).asLong()).as("%s percentile", p)
                    .isCloseTo(expected, org.assertj.core.api.Assertions.within(Math.max(1, expected / 128.0)));
        }
        if (plus) {
            long binned = 0;
            for (JsonNode c : lat.path("bins")) {
                binned += c.asLong();
            }
            assertThat(binned).isEqualTo(values.size());
        } else {
            assertThat(lat.has("bins")).isFalse();
        }
    }

    @Test
    void eachDirectionHasItsOwnSlatClatAndLatWithPercentilesAndBins() throws Exception {
        JsonNode job = run("--ioengine=null", "--iodepth=8", "--rw=randrw", "--slat_percentiles=1",
                "--lat_percentiles=1", "--output-format=json+");
        for (int d = 0; d < 2; d++) {
            JsonNode dir = job.path(d == 0 ? "read" : "write");
            assertThat(dir.path("total_ios").asLong()).isPositive();
            matchesLog(dir.path("slat_ns"), logged("slat", d, 1), true);
            matchesLog(dir.path("clat_ns"), logged("clat", d, 1), true);
            matchesLog(dir.path("lat_ns"), logged("lat", d, 1), true);
            assertThat(dir.path("slat_ns").path("N").asLong()).isEqualTo(dir.path("total_ios").asLong());
        }
        assertThat(job.path("read").has("prios")).isFalse();
    }

    @Test
    void percentilesOnlyWhereAskedInTheListsOrder() throws Exception {
        JsonNode read = run("--ioengine=null", "--rw=randread", "--clat_percentiles=0", "--lat_percentiles=1",
                "--percentile_list=99.5:10:50", "--output-format=json").path("read");
        assertThat(read.path("clat_ns").has("percentile")).isFalse();
        assertThat(read.path("slat_ns").has("percentile")).isFalse(); // a synchronous request: no slat at all
        List<String> keys = new ArrayList<>();
        read.path("lat_ns").path("percentile").fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("10.000000", "50.000000", "99.500000"); // fio sorts the list
        matchesLog(read.path("lat_ns"), logged("lat", 0, 1), false);
    }

    @Test
    void aPercentileOutsideZeroToHundredIsRefusedNamingTheOption() {
        // fio 3.33 prints "value out of range" and runs with the values before it; iobench refuses the job, with
        // fio's status for a bad job (1), before any I/O
        InProcessMain.Result r = InProcessMain.run("fio", "--name=l", "--ioengine=null", "--size=64k",
                "--filename=" + dir.resolve("f"), "--percentile_list=50:101");
        assertThat(r.status()).isEqualTo(1);
        assertThat(Files.exists(dir.resolve("f"))).isFalse();
        assertThat(r.err().strip()).contains("percentile_list=50:101").doesNotContain("\n");
    }

    @Test
    void unifiedReportingGivesOneMixedDirectionOfEveryRequest() throws Exception {
        JsonNode job = run("--ioengine=null", "--iodepth=4", "--rw=randrw", "--unified_rw_reporting=mixed",
                "--lat_percentiles=1", "--output-format=json+");
        assertThat(job.has("read")).isFalse();
        assertThat(job.has("write")).isFalse();
        assertThat(job.has("sync")).isFalse(); // fio: no sync object either
        JsonNode mixed = job.path("mixed");
        assertThat(mixed.path("total_ios").asLong()).isEqualTo(256);
        assertThat(mixed.path("io_bytes").asLong()).isEqualTo(1 << 20);
        matchesLog(mixed.path("lat_ns"), logged("lat", -1, 1), true);
        matchesLog(mixed.path("clat_ns"), logged("clat", -1, 1), true);
    }

    @Test
    void aReportingGroupMergesItsJobsLatencies() throws Exception {
        JsonNode read = run("--ioengine=null", "--iodepth=4", "--rw=randread", "--numjobs=3", "--group_reporting",
                "--slat_percentiles=1", "--output-format=json+").path("read");
        assertThat(read.path("total_ios").asLong()).isEqualTo(3 * 256);
        matchesLog(read.path("slat_ns"), logged("slat", 0, 3), true);
        matchesLog(read.path("clat_ns"), logged("clat", 0, 3), true);
        List<Long> lat = logged("lat", 0, 3);
        double mean = lat.stream().mapToLong(Long::longValue).average().orElseThrow();
        double m2 = lat.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        assertThat(read.path("lat_ns").path("mean").asDouble()).isCloseTo(mean,
                org.assertj.core.api.Assertions.within(1e-6 * mean));
        assertThat(read.path("lat_ns").path("stddev").asDouble()).isCloseTo(Math.sqrt(m2 / (lat.size() - 1)),
                org.assertj.core.api.Assertions.within(1e-6 * mean));
    }

    @Test
    void eachPriorityHasItsLatenciesAndTheyAddUpToTheDirections() throws Exception {
        // best-effort class (2): no privilege needed; half the requests at level 3, the rest at the default
        JsonNode read = run("--ioengine=libaio", "--iodepth=4", "--rw=randread", "--cmdprio_percentage=50",
                "--cmdprio_class=2", "--cmdprio=3", "--output-format=json+").path("read");
        JsonNode prios = read.path("prios");
        assertThat(prios.size()).isEqualTo(2);
        long n = 0;
        long min = Long.MAX_VALUE;
        Long max = 0L;
        List<String> classes = new ArrayList<>();
        for (JsonNode p : prios) {
            classes.add(p.path("prioclass").asInt() + "/" + p.path("prio").asInt());
            JsonNode clat = p.path("clat_ns");
            n += clat.path("N").asLong();
            min = Math.min(min, clat.path("min").asLong());
            max = Math.max(max, clat.path("max").asLong());
            assertThat(clat.has("bins")).isTrue();
        }
        assertThat(classes).containsExactly("0/0", "2/3");
        assertThat(n).isEqualTo(read.path("clat_ns").path("N").asLong());
        assertThat(min).isEqualTo(read.path("clat_ns").path("min").asLong());
        assertThat(max).isEqualTo(read.path("clat_ns").path("max").asLong());
    }

    @Test
    void terseShowsLatPercentilesUnderLatPercentiles() throws Exception {
        InProcessMain.Result r = InProcessMain.run("fio", "--name=l", "--ioengine=null", "--size=1m",
                "--rw=randread", "--filename=" + dir.resolve("f"), "--lat_percentiles=1", "--percentile_list=50:99",
                "--output-format=terse,json");
        assertThat(r.status()).as(r.err()).isZero();
        String terse = r.out().lines().filter(l -> l.startsWith("3;")).findFirst().orElseThrow();
        JsonNode json = JSON.readTree(r.out().substring(r.out().indexOf('{'))).path("jobs").get(0);
        String[] f = terse.split(";");
        assertThat(f[17]).isEqualTo("50.000000%=" + json.path("read").path("lat_ns").path("percentile")
                .path("50.000000").asLong() / 1000);
        assertThat(f[18]).startsWith("99.000000%=");
        assertThat(f[19]).isEqualTo("0%=0");
        // the write direction had no requests: fio prints the list's names with 0
        int write = 5 + 4 + 8 + 20 + 4 + 5 + 4 + 8;
        assertThat(f[write]).isEqualTo("50.000000%=0");
    }

    @Test
    void normalTextHasEachAskedPercentileBlockInTheListsPrecisionAndEachPriority() throws Exception {
        InProcessMain.Result r = InProcessMain.run("fio", "--name=l", "--ioengine=libaio", "--iodepth=4",
                "--size=1m", "--rw=randread", "--filename=" + dir.resolve("f"), "--slat_percentiles=1",
                "--lat_percentiles=1", "--percentile_list=50:99.5", "--cmdprio_percentage=50", "--cmdprio_class=2",
                "--cmdprio=3");
        assertThat(r.status()).as(r.err()).isZero();
        String out = r.out();
        assertThat(out).contains("    slat percentiles (").contains("    clat percentiles (")
                .contains("    lat percentiles (");
        assertThat(out).containsPattern("\\| 50\\.0th=\\[ *\\d+\\], 99\\.5th=\\[ *\\d+\\]\n");
        assertThat(out).containsPattern("\n    lat prio 0/0 \\((nsec|usec|msec)\\): min=")
                .containsPattern("\n    lat prio 2/3 \\((nsec|usec|msec)\\): min=")
                .containsPattern("\n    lat prio 2/3 \\(\\d+\\.\\d\\d% of IOs\\) percentiles \\((nsec|usec|msec)\\):\n");
    }
}
