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
 * {@code iobench fio}: fio's command line, its output formats and its exit statuses, against a JSON document fio
 * 3.33 wrote on this machine for the blog post's one-liner (test resources, fio-output/).
 */
class FioCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private String[] nullJob(String... more) {
        List<String> a = new ArrayList<>(List.of("fio", "--name=n", "--ioengine=null", "--rw=randread", "--bs=4k",
                "--size=4m", "--filename=" + dir.resolve("n")));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void jsonHasFiosKeysInFiosOrderAndTheRunsFigures() throws Exception {
        InProcessMain.Result r = InProcessMain.run(nullJob("--output-format=json"));
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode doc = JSON.readTree(r.out());
        JsonNode fio = JSON.readTree(getClass().getResourceAsStream("/fio-output/fio-3.33-randread-libaio-group.json"));
        assertThat(doc.path("fio version").asText()).isEqualTo("fio-3.33");
        assertInOrderOf(keys(doc), keys(fio));
        JsonNode job = doc.path("jobs").get(0);
        assertInOrderOf(keys(job), keys(fio.path("jobs").get(0)));
        assertInOrderOf(keys(job.path("read")), keys(fio.path("jobs").get(0).path("read")));
        assertThat(job.path("jobname").asText()).isEqualTo("n");
        assertThat(job.path("job options").path("rw").asText()).isEqualTo("randread");
        assertThat(job.path("read").path("io_bytes").asLong()).isEqualTo(4 << 20);
        assertThat(job.path("read").path("io_kbytes").asLong()).isEqualTo(4096);
        assertThat(job.path("read").path("total_ios").asLong()).isEqualTo(1024);
        assertThat(job.path("read").path("lat_ns").path("N").asLong()).isEqualTo(1024);
        long runtime = job.path("read").path("runtime").asLong();
        assertThat(runtime).isPositive();
        assertThat(job.path("read").path("bw_bytes").asLong()).isEqualTo(1000L * (4 << 20) / runtime);
        assertThat(job.path("write").path("total_ios").asLong()).isZero();
        assertThat(r.out()).contains("\"fio version\" : \"fio-3.33\",\n").contains("\"iops\" : ");
    }

    @Test
    void outputGoesToTheOutputFileAndTerseIsOneLinePerJob() throws Exception {
        Path out = dir.resolve("out.txt");
        InProcessMain.Result r = InProcessMain.run(nullJob("--minimal", "--output=" + out));
        assertThat(r.status()).as(r.err()).isZero();
        List<String> lines = Files.readAllLines(out);
        assertThat(lines).hasSize(1);
        String[] f = lines.getFirst().split(";", -1);
        assertThat(f[0]).isEqualTo("3");
        assertThat(f[1]).isEqualTo("fio-3.33");
        assertThat(f[2]).isEqualTo("n");
        assertThat(f[5]).isEqualTo("4096"); // read io_kbytes
    }

    @Test
    void normalOutputHasFiosHeaderJobAndGroupLines() {
        InProcessMain.Result r = InProcessMain.run(nullJob());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("n: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B,"
                + " ioengine=null, iodepth=1\nfio-3.33\n");
        assertThat(r.out()).contains("n: (groupid=0, jobs=1): err= 0: pid=").contains("  read: IOPS=")
                .contains("Run status group 0 (all jobs):\n   READ: bw=").contains("io=4096KiB (4194kB)");
    }

    @Test
    void fiosExitStatusesAndMessages() {
        InProcessMain.Result bad = InProcessMain.run("fio", "--bogus", "x.fio");
        assertThat(bad.status()).isEqualTo(1);
        assertThat(bad.err()).contains("fio: unrecognized option '--bogus'");
        InProcessMain.Result none = InProcessMain.run("fio", "--bs=4k");
        assertThat(none.status()).isEqualTo(1);
        assertThat(none.err()).contains("No job(s) defined");
        InProcessMain.Result version = InProcessMain.run("fio", "--version");
        assertThat(version.status()).isZero();
        assertThat(version.out()).isEqualTo("fio-3.33\n");
        InProcessMain.Result parsed = InProcessMain.run(nullJob("--parse-only"));
        assertThat(parsed.status()).isZero();
        assertThat(parsed.out()).isEmpty();
        assertThat(Files.exists(dir.resolve("n"))).isFalse();
    }

    private static List<String> keys(JsonNode n) {
        List<String> k = new ArrayList<>();
        for (Iterator<String> i = n.fieldNames(); i.hasNext(); ) {
            k.add(i.next());
        }
        return k;
    }

    /** Every key of {@code ours} is one of fio's, in fio's order. */
    private static void assertInOrderOf(List<String> ours, List<String> fios) {
        assertThat(fios).containsAll(ours);
        List<String> fioOrder = new ArrayList<>(fios);
        fioOrder.retainAll(ours);
        assertThat(ours).containsExactlyElementsOf(fioOrder);
    }
}
