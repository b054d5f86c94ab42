package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.DeviceResolution;
import org.iobench.sysmon.DeviceResolver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iobench run --format fio-json} has fio's {@code disk_util} as {@code iobench fio} writes it: the disks under
 * the job's target, watched from before the first run to after the last; none for an engine that does no disk I/O.
 */
class RunFioJsonDisksTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void runsFioJsonNamesTheDisksUnderItsTargetAsIobenchFioDoes() throws Exception {
        InProcessMain.Result run = InProcessMain.run("run", "--no-store", "--format", "fio-json", "--rw", "write",
                "--bs", "4k", "--size", "1m", dir.resolve("run.dat").toString());
        assertThat(run.status()).as(run.err()).isZero();
        InProcessMain.Result fio = InProcessMain.run("fio", "--name=w", "--rw=write", "--bs=4k", "--size=1m",
                "--filename=" + dir.resolve("fio.dat"), "--output-format=json");
        assertThat(fio.status()).as(fio.err()).isZero();
        JsonNode ours = JSON.readTree(run.out());
        JsonNode theirs = JSON.readTree(fio.out());
        assertThat(names(ours.path("disk_util"))).isEqualTo(names(theirs.path("disk_util")));
        DeviceResolution where = DeviceResolver.system().resolve(dir.resolve("run.dat"));
        if (where.hasBlockDevice()) {
            assertThat(names(ours.path("disk_util"))).first().isEqualTo(where.wholeDisk().map(BlockDevice::name)
                    .orElseThrow());
            assertThat(keys(ours.path("disk_util").get(0))).containsExactlyElementsOf(
                    keys(theirs.path("disk_util").get(0)));
            List<String> top = keys(ours);
            assertThat(top.getLast()).isEqualTo("disk_util");
        } else {
            assertThat(ours.has("disk_util")).as("a file on no block device: no disk, as fio").isFalse();
        }
    }

    @Test
    void anEngineThatDoesNoDiskIoHasNoDisks() throws Exception {
        InProcessMain.Result run = InProcessMain.run("run", "--no-store", "--format", "fio-json", "--engine", "null",
                "--rw", "randread", "--bs", "4k", "--size", "1m", dir.resolve("x").toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(JSON.readTree(run.out()).has("disk_util")).isFalse();
    }

    private static List<String> names(JsonNode disks) {
        List<String> out = new ArrayList<>();
        disks.forEach(d -> out.add(d.path("name").asText()));
        return out;
    }

    private static List<String> keys(JsonNode o) {
        List<String> out = new ArrayList<>();
        o.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
