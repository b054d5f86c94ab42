package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
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
    void jsonPlusHasFiosBinsAndTheLatencyBucketsAddUpToAllRequests() throws Exception {
        InProcessMain.Result r = InProcessMain.run("fio", "--name=w", "--ioengine=psync", "--rw=write", "--bs=4k",
                "--size=1m", "--filename=" + dir.resolve("w"), "--output-format=json+");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode job = JSON.readTree(r.out()).path("jobs").get(0);
        JsonNode clat = job.path("write").path("clat_ns");
        assertThat(clat.path("N").asLong()).isEqualTo(256);
        assertThat(clat.path("percentile").size()).isEqualTo(17);
        assertThat(clat.path("percentile").path("99.000000").asLong()).isPositive();
        assertThat(clat.path("stddev").isNumber()).isTrue();
        long binned = 0;
        for (JsonNode c : clat.path("bins")) {
            binned += c.asLong();
        }
        assertThat(binned).isEqualTo(256);
        assertThat(job.path("write").path("slat_ns").path("N").asLong()).isZero(); // a synchronous engine
        double percent = 0;
        for (String set : List.of("latency_ns", "latency_us", "latency_ms")) {
            for (JsonNode p : job.path(set)) {
                percent += p.asDouble();
            }
        }
        assertThat(percent).isBetween(99.9, 100.1);
    }

    @Test
    void debugZbdPrintsFiosLinesForTheZoneEventsAndAVerifyingLoopResetsOnlyWhenItRuns() throws Exception {
        // fio 3.33's --debug=zbd: "zbd", the thread's id, then zbd.c's words, with the report on stdout
        Path z = dir.resolve("z"); // made by iobench (fio needs it made first)
        InProcessMain.Result r = InProcessMain.run("fio", "--debug=zbd", "--name=z", "--ioengine=psync",
                "--rw=write", "--bs=64k", "--size=256k", "--loops=2", "--zonemode=zbd", "--zonesize=128k",
                "--max_open_zones=1", "--verify=md5", "--aux-path=" + dir, "--filename=" + z);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("fio: set debug option zbd\n")
                .containsPattern("\nzbd      [0-9]+ +" + Pattern.quote(z + ": using max open zones limit: 1") + "\n")
                .containsPattern("\nzbd      [0-9]+ +" + Pattern.quote("zbd_file_reset(" + z + "): swd = 0") + "\n")
                .contains(z + ": examining zones 0 .. 2\n").contains(z + ": opening zone 0\n")
                .contains(z + ": closing zone 1\n").contains("zbd_file_reset(" + z + "): swd = 262144\n")
                .contains(z + ": resetting zone 1\n").contains(z + ": resetting wp of zone 1.\n")
                .contains("; 2 zone resets\n"); // the second loop's zbd_file_reset resets both zones, as fio's
        InProcessMain.Result once = InProcessMain.run("fio", "--name=z", "--ioengine=psync", "--rw=randwrite",
                "--bs=64k", "--size=256k", "--io_size=512k", "--zonemode=zbd", "--zonesize=128k", "--verify=md5",
                "--aux-path=" + dir, "--filename=" + dir.resolve("once"));
        assertThat(once.status()).as(once.err()).isZero();
        assertThat(once.out()).as("io_size is done after the first loop and its verify reads (keep_running): no"
                + " second loop, so no reset (fio: 0)").contains("(256KiB/").contains("; 0 zone resets\n");
        assertThat(InProcessMain.run("fio", "--debug=io", "--parse-only").err()).contains("--debug=io")
                .contains("(--debug=zbd)");
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
    void aWriteLineEndsWithFiosZoneResetsAndSignificantFiguresGiveItsDigits() {
        // fio 3.33 (show_ddir_status, zbd_write_status): every write line ends "; N zone resets"; three loops over
        // one emulated zone reset it twice. significant_figures=10: whole numbers where they fit in ten digits
        InProcessMain.Result r = InProcessMain.run("fio", "--name=z", "--ioengine=psync", "--rw=write", "--bs=4k",
                "--size=64k", "--loops=3", "--zonemode=zbd", "--zonesize=64k", "--significant_figures=10",
                "--filename=" + dir.resolve("z"));
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("\n  write: IOPS=[0-9]+, BW=[0-9]+B/s \\([0-9]+B/s\\)"
                + "\\(196608B/[0-9]+msec\\); 2 zone resets\n").contains("io=196608B (196608B)");
        InProcessMain.Result plain = InProcessMain.run("fio", "--name=w", "--ioengine=psync", "--rw=write",
                "--bs=4k", "--size=64k", "--filename=" + dir.resolve("w"));
        assertThat(plain.status()).as(plain.err()).isZero();
        assertThat(plain.out()).containsPattern("\n  write: IOPS=.*\\(64\\.0KiB/[0-9]+msec\\); 0 zone resets\n");
        assertThat(InProcessMain.run(nullJob("--significant_figures=11")).status()).isEqualTo(1); // fio refuses it
    }

    @Test
    void theJobLineShowsEachDirectionsSizesInFiosDigits() {
        // fio 3.33's lines for these jobs (init.c: num2str of min_bs and max_bs per direction, sig_figs digits)
        InProcessMain.Result r = InProcessMain.run("fio", "--name=h", "--ioengine=null", "--size=1m",
                "--bs=4k,16k", "--rw=randrw", "--filename=" + dir.resolve("h"));
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("h: (g=0): rw=randrw, bs=(R) 4096B-4096B, (W) 16.0KiB-16.0KiB,"
                + " (T) 16.0KiB-16.0KiB, ioengine=null, iodepth=1\n");
        InProcessMain.Result range = InProcessMain.run("fio", "--name=h", "--ioengine=null", "--size=1m",
                "--bsrange=1k-64k", "--significant_figures=10", "--filename=" + dir.resolve("h"));
        assertThat(range.status()).as(range.err()).isZero();
        assertThat(range.out()).startsWith("h: (g=0): rw=read, bs=(R) 1024B-65536B, (W) 1024B-65536B,"
                + " (T) 1024B-65536B, ioengine=null, iodepth=1\n");
    }

    @Test
    void allowFileCreateOffUsesAFileThatExistsAndRefusesOneThatDoesNotBeforeAnyIo() throws Exception {
        Path missing = dir.resolve("missing");
        InProcessMain.Result r = InProcessMain.run("fio", "--name=r", "--rw=read", "--size=64k",
                "--allow_file_create=0", "--filename=" + missing);
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err()).contains("allow_file_create=0").contains(missing + " does not exist")
                .contains("file creation disallowed by allow_file_create=0");
        assertThat(missing).doesNotExist();
        Path existing = dir.resolve("existing");
        Files.write(existing, new byte[64 << 10]);
        InProcessMain.Result ok = InProcessMain.run("fio", "--name=r", "--rw=read", "--size=64k",
                "--allow_file_create=0", "--filename=" + existing);
        assertThat(ok.status()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("io=64.0KiB (65.5kB)");
    }

    @Test
    void writingAnExistingFileWithoutConsentIsRefusedInOneLineWithStatusTwoBeforeAnyIo() throws Exception {
        Assumptions.assumeFalse("1".equals(System.getenv("IOBENCH_ALLOW_OVERWRITE")), "IOBENCH_ALLOW_OVERWRITE=1 is"
                + " set in this environment: the refusal cannot happen");
        Path f = dir.resolve("existing");
        Files.write(f, new byte[] {1, 2, 3});
        InProcessMain.Result r = InProcessMain.run("fio", "--name=w", "--rw=write", "--size=64k", "--filename=" + f);
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).as("no fio header for a job that never starts").isEmpty();
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err()).contains("TARGET " + f).contains("IOBENCH_ALLOW_OVERWRITE=1")
                .doesNotContain("--allow-overwrite");
        assertThat(Files.readAllBytes(f)).containsExactly(1, 2, 3);
    }

    @Test
    void anOutputThatIsASqliteDatabaseIsNeverReplacedAndIsRefusedWithStatusTwoBeforeAnyIo() throws Exception {
        Path db = dir.resolve("results.db");
        byte[] header = "SQLite format 3\0 and the rest of a database".getBytes(StandardCharsets.ISO_8859_1);
        Files.write(db, header);
        InProcessMain.Result r = InProcessMain.run(nullJob("--output=" + db));
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("SQLite database " + db).hasLineCount(1);
        assertThat(r.out()).isEmpty();
        assertThat(Files.readAllBytes(db)).isEqualTo(header);
        assertThat(dir.resolve("n")).as("no job ran").doesNotExist();
    }

    @Test
    void anOptionFioWouldHonourAndIobenchCannotIsRefusedByNameWithStatusTwo() {
        InProcessMain.Result r = InProcessMain.run(nullJob("--eta=sometimes"));
        assertThat(r.status()).as("fio would take it as auto, silently").isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("fio: --eta=sometimes: ").hasLineCount(1);
        InProcessMain.Result bad = InProcessMain.run(nullJob("--status-interval=0"));
        assertThat(bad.status()).as("a value fio refuses: fio's status").isEqualTo(1);
        assertThat(bad.err()).isEqualTo("fio: --status-interval=0: status interval too small\n");
        assertThat(bad.out()).isEmpty();
        InProcessMain.Result job = InProcessMain.run(nullJob("--lockfile=exclusive"));
        assertThat(job.status()).as("a job option fio honours and iobench cannot: " + job.err()).isEqualTo(2);
        assertThat(job.err()).contains("lockfile=exclusive").hasLineCount(1);
        assertThat(job.out()).isEmpty();
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

    @Test
    void meansAreExactSoSlatPlusClatIsLatAsFiosT0015AndT0016Check() throws Exception {
        // fio's t0016: the null engine at iodepth 16 hands requests over at commit; each lat = slat + clat, and the
        // means (sums over the count, not histogram estimates) keep it within fio's 1 ns
        InProcessMain.Result r = InProcessMain.run("fio", "--name=t", "--ioengine=null", "--size=1M", "--iodepth=16",
                "--filename=" + dir.resolve("t"), "--output-format=json");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode read = JSON.readTree(r.out()).path("jobs").get(0).path("read");
        double slat = read.path("slat_ns").path("mean").asDouble();
        double clat = read.path("clat_ns").path("mean").asDouble();
        double lat = read.path("lat_ns").path("mean").asDouble();
        assertThat(read.path("slat_ns").path("N").asLong()).isEqualTo(256);
        assertThat(Math.abs(slat + clat - lat)).as("slat %f + clat %f vs lat %f", slat, clat, lat)
                .isLessThanOrEqualTo(1e-3);
    }

    @Test
    void theNullEngineAtIodepthOneLogsNoSubmissionLatencyAsFiosSynchronousEngines() throws Exception {
        InProcessMain.Result r = InProcessMain.run("fio", "--name=s", "--ioengine=null", "--size=64k",
                "--filename=" + dir.resolve("s"), "--write_lat_log=" + dir.resolve("lat"), "--output-format=json");
        assertThat(r.status()).as(r.err()).isZero();
        // fio 3.33: lat_slat.1.log is empty, clat and lat have a line per request; JSON slat N 0, clat N 16
        assertThat(Files.readAllLines(dir.resolve("lat_slat.1.log"))).isEmpty();
        assertThat(Files.readAllLines(dir.resolve("lat_clat.1.log"))).hasSize(16);
        JsonNode read = JSON.readTree(r.out()).path("jobs").get(0).path("read");
        assertThat(read.path("slat_ns").path("N").asLong()).isZero();
        assertThat(read.path("clat_ns").path("N").asLong()).isEqualTo(16);
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
