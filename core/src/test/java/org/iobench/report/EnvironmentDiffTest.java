package org.iobench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.iobench.sysmon.env.Environment;
import org.junit.jupiter.api.Test;

class EnvironmentDiffTest {
    /** An environment recorded with the fields of {@code json} (in the JSON form), nothing else known. */
    private static Environment env(String json) throws Exception {
        ObjectNode recorded = JsonReport.tree(Environment.unknown(null));
        recorded.setAll((ObjectNode) JsonReportReader.tree(json));
        return JsonReportReader.environment(recorded.toString());
    }

    @Test
    void aTargetWithoutABlockDeviceIsSaidSoInsteadOfShownAsUnknown() throws Exception {
        Environment ext4Deadline = env("""
                {"kernelRelease":"6.18","filesystem":{"type":"ext4"},
                 "device":{"wholeDisk":"loop1","scheduler":"mq-deadline","rotational":true}}""");
        Environment ext4None = env("""
                {"kernelRelease":"6.18","filesystem":{"type":"ext4"},
                 "device":{"wholeDisk":"loop1","scheduler":"none","rotational":true}}""");
        Environment tmpfs = env("""
                {"kernelRelease":"6.18","filesystem":{"type":"tmpfs"}}""");

        List<EnvironmentDiff.Row> rows = EnvironmentDiff.of(List.of(ext4Deadline, tmpfs), List.of(ext4None, tmpfs));

        assertThat(rows).containsExactly(new EnvironmentDiff.Row("scheduler",
                List.of("mq-deadline", EnvironmentDiff.NO_DEVICE), List.of("none", EnvironmentDiff.NO_DEVICE)));
    }

    @Test
    void anEnvironmentNotRecordedAtAllStaysUnknown() throws Exception {
        Environment ext4 = env("""
                {"kernelRelease":"6.18","filesystem":{"type":"ext4"},"device":{"scheduler":"none"}}""");

        List<EnvironmentDiff.Row> rows = EnvironmentDiff.of(List.of(ext4), List.of(env("{}")));

        assertThat(rows).filteredOn(r -> r.field().equals("scheduler")).singleElement()
                .satisfies(r -> assertThat(r.candidate()).containsExactly(EnvironmentDiff.UNKNOWN));
    }

    @Test
    void aLoopDeviceWhoseDirectIoDiffersIsWhatDiffers() throws Exception {
        Environment off = env("""
                {"kernelRelease":"6.18","filesystem":{"type":"ext4"},
                 "device":{"wholeDisk":"loop1","loopDirectIo":false}}""");
        Environment on = env("""
                {"kernelRelease":"6.18","filesystem":{"type":"ext4"},
                 "device":{"wholeDisk":"loop1","loopDirectIo":true}}""");
        Environment vda = env("""
                {"kernelRelease":"6.18","filesystem":{"type":"ext4"},"device":{"wholeDisk":"vda"}}""");

        assertThat(EnvironmentDiff.of(List.of(off), List.of(on))).containsExactly(new EnvironmentDiff.Row(
                "loop direct I/O", List.of("off (the backing file's page cache)"), List.of("on")));
        assertThat(EnvironmentDiff.of(List.of(off), List.of(vda))).filteredOn(r -> r.field().equals("loop direct I/O"))
                .singleElement().satisfies(r -> assertThat(r.candidate()).containsExactly("not a loop device"));
        assertThat(EnvironmentDiff.describe(vda)).doesNotContainKey("loop direct I/O");
    }
}
