package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.iobench.store.fio.FioCapturedOutput;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.DeviceResolution;
import org.iobench.sysmon.DeviceResolver;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What fio reports of a job's threads and its disks besides its I/O: {@code usr_cpu} ... {@code minf}, the three
 * depth distributions and {@code disk_util}, in JSON and in the normal text, against fio 3.33 run here on the same
 * command line (keys, nesting, order and line layout; the figures are each tool's own).
 */
class FioJobThreadsCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private List<String> depthJob(String file, String format) {
        return new ArrayList<>(List.of("--name=d", "--ioengine=libaio", "--iodepth=16", "--rw=randread", "--bs=4k",
                "--size=4m", "--filename=" + dir.resolve(file), "--output-format=" + format));
    }

    private String fio(List<String> args) throws Exception {
        Path out = dir.resolve("fio.out");
        List<String> cmd = new ArrayList<>(List.of("fio", "--output=" + out));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("fio.log").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fio did not finish in 120 s");
        }
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("fio.log"))).isZero();
        return Files.readString(out);
    }

    private static InProcessMain.Result iobench(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of("fio"));
        cmd.addAll(args);
        InProcessMain.Result r = InProcessMain.run(cmd.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        return r;
    }

    @Test
    void theJsonHasFiosCpuDepthAndDiskFieldsInFiosPlacesAndHandsEachRequestOverAlone() throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own JSON");
        JsonNode fio = JSON.readTree(FioCapturedOutput.withoutLeadingMessages(fio(depthJob("fio.dat", "json"))));
        JsonNode ours = JSON.readTree(iobench(depthJob("iob.dat", "json")).out());

        JsonNode fioJob = fio.path("jobs").get(0);
        JsonNode job = ours.path("jobs").get(0);
        List<String> added = List.of("job_runtime", "usr_cpu", "sys_cpu", "ctx", "majf", "minf", "iodepth_level",
                "iodepth_submit", "iodepth_complete", "latency_ns");
        assertThat(keys(job)).containsSubsequence(added);
        assertThat(keys(fioJob)).containsSubsequence(added);
        List<String> ourKeys = keys(job);
        List<String> fioOrder = new ArrayList<>(keys(fioJob));
        fioOrder.retainAll(ourKeys);
        assertThat(ourKeys).as("every key of ours is fio's, in fio's order").containsExactlyElementsOf(fioOrder);
        for (String d : List.of("iodepth_level", "iodepth_submit", "iodepth_complete")) {
            assertThat(keys(job.path(d))).as(d).containsExactlyElementsOf(keys(fioJob.path(d)));
            double sum = 0;
            for (JsonNode v : job.path(d)) {
                sum += v.asDouble();
            }
            assertThat(sum).as(d + " adds up to all").isBetween(99.9, 100.0 + 0.1 * 7);
        }
        // 1024 requests of 4 KiB at iodepth 16, iodepth_batch_submit 1: each is handed over by a call of its own, as
        // fio's (its depth level is iobench's reaping's: a file that sets no iodepth_batch_complete_* takes every
        // completion that is ready, where fio takes one; see FioBatchDepthsCliTest for fio's batches)
        assertThat(job.path("iodepth_submit").path("4").asDouble()).isGreaterThan(99.0);
        assertThat(fioJob.path("iodepth_submit").path("4").asDouble()).isGreaterThan(99.0);
        assertThat(job.path("usr_cpu").isDouble()).isTrue();
        assertThat(job.path("minf").isIntegralNumber()).isTrue();

        List<String> fioDisks = names(fio.path("disk_util"));
        assertThat(names(ours.path("disk_util"))).as("the disks under the job's file").isEqualTo(fioDisks);
        DeviceResolution where = DeviceResolver.system().resolve(dir.resolve("iob.dat"));
        if (where.hasBlockDevice()) {
            assertThat(names(ours.path("disk_util"))).first().isEqualTo(where.wholeDisk().map(BlockDevice::name)
                    .orElseThrow());
            JsonNode disk = ours.path("disk_util").get(0);
            assertThat(keys(disk)).containsExactlyElementsOf(keys(fio.path("disk_util").get(0)));
            assertThat(disk.path("read_ios").asLong()).as("the job's reads reached its disk (no direct=1: some"
                    + " at least, the file's layout writes too)").isNotNegative();
            assertThat(keys(ours).getLast()).isEqualTo("disk_util");
        } else {
            assertThat(ours.has("disk_util")).as("a file on no block device: no disk, as fio").isFalse();
        }
    }

    @Test
    void theNormalTextHasFiosCpuDepthAndDiskLinesInFiosLayout() throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own text");
        List<String> fio = skeleton(fio(depthJob("fio.dat", "normal")));
        List<String> ours = skeleton(iobench(depthJob("iob.dat", "normal")).out());
        assertThat(ours).isEqualTo(fio);
        assertThat(ours).anyMatch(l -> l.startsWith("  cpu          : usr=#%, sys=#%, ctx=#, majf=#, minf=#"));
    }

    @Test
    void theTerseLineHasFiosFieldsWithTheDisksAtItsEnd() throws Exception {
        Assumptions.assumeTrue(FioConformanceTest.fioInstalled(), "fio is not installed (Debian: apt-get install"
                + " fio): the test compares with fio's own terse line");
        String[] fio = line(fio(depthJob("fio.dat", "terse")));
        String[] ours = line(iobench(depthJob("iob.dat", "terse")).out());
        assertThat(ours).hasSameSizeAs(fio);
        for (int i = 0; i < ours.length; i++) {
            assertThat(ours[i].isEmpty()).as("field %d: %s / fio %s", i, ours[i], fio[i]).isEqualTo(fio[i].isEmpty());
            assertThat(ours[i].endsWith("%")).as("field %d: %s / fio %s", i, ours[i], fio[i])
                    .isEqualTo(fio[i].endsWith("%"));
        }
        if (DeviceResolver.system().resolve(dir.resolve("iob.dat")).hasBlockDevice()) {
            // one disk: its 9 fields end the line (name; ios; merges; ticks; in_queue; util)
            assertThat(ours[ours.length - 9]).isEqualTo(fio[fio.length - 9]);
        }
    }

    private static String[] line(String terse) {
        return terse.lines().filter(l -> l.startsWith("3;")).findFirst().orElseThrow().split(";", -1);
    }

    @Test
    void aThreadThatSleepsBetweenRequestsIsSwitchedOut() throws Exception {
        // fio's thinktime: the thread sleeps 2 ms after each of its 16 requests, giving up the CPU each time
        InProcessMain.Result r = iobench(List.of("--name=t", "--ioengine=psync", "--rw=write", "--bs=4k",
                "--size=64k", "--thinktime=2000", "--filename=" + dir.resolve("t.dat"), "--output-format=json"));
        JsonNode job = JSON.readTree(r.out()).path("jobs").get(0);
        assertThat(job.path("ctx").asLong()).isPositive();
        assertThat(job.path("iodepth_level").path("1").asDouble()).isEqualTo(100.0);
        assertThat(job.path("iodepth_submit").path("4").asDouble()).as("one request per call").isEqualTo(100.0);
    }

    /**
     * The lines fio prints for a job's threads, depths, issued requests and disks, with every number as {@code #}
     * (the figures are each tool's own; the labels, order and punctuation must be fio's).
     */
    private static List<String> skeleton(String text) {
        List<String> out = new ArrayList<>();
        boolean disks = false;
        for (String line : text.split("\n")) {
            disks |= line.equals("Disk stats (read/write):");
            if (disks || line.startsWith("  cpu ") || line.startsWith("  IO depths") || line.startsWith("     submit")
                    || line.startsWith("     complete") || line.startsWith("     issued rwts")
                    || line.startsWith("     latency   :")) {
                out.add(line.replaceAll("\\d+(\\.\\d+)?", "#"));
            }
        }
        return out;
    }

    private static List<String> names(JsonNode disks) {
        List<String> n = new ArrayList<>();
        disks.forEach(d -> n.add(d.path("name").asText()));
        return n;
    }

    private static List<String> keys(JsonNode n) {
        List<String> k = new ArrayList<>();
        for (Iterator<String> i = n.fieldNames(); i.hasNext(); ) {
            k.add(i.next());
        }
        return k;
    }
}
