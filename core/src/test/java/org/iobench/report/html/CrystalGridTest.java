package org.iobench.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.report.ReportItem;
import org.junit.jupiter.api.Test;

class CrystalGridTest {
    private static ReportItem item(String name, double bytesPerSecond, double iops) {
        ObjectNode b = new ObjectMapper().createObjectNode();
        b.putObject("job").put("name", name).put("target", "/data");
        ObjectNode s = b.putObject("summary");
        s.putObject("bytesPerSecond").put("mean", bytesPerSecond);
        s.putObject("opsPerSecond").put("mean", iops);
        return new ReportItem(name, b, Map.of("disk", "nvme0"));
    }

    @Test
    void theCrystalSuiteIsDrawnAsKDiskMarksFourByTwoGrid() {
        List<ReportItem> items = new ArrayList<>();
        double[] read = {3200e6, 1800e6, 900e6, 60e6};
        for (int i = 0; i < 4; i++) {
            items.add(item(CrystalGrid.TESTS.get(i) + " read", read[i], read[i] / 4096));
        }
        for (int i = 0; i < 3; i++) { // the last write test did not run
            items.add(item(CrystalGrid.TESTS.get(i) + " write", read[i] / 2, read[i] / 8192));
        }
        String html = CrystalGrid.of(items);
        assertThat(html.split("<tr>", -1)).hasSize(1 + 1 + 4); // the header row and the four tests
        assertThat(html).contains("<th>SEQ1M Q8T1</th>").contains("<th>RND4K Q1T1</th>")
                .contains("--fill:100%\"><span class=\"mbps\">3200</span>") // the fastest cell, full
                .contains("--fill:50%\"><span class=\"mbps\">1600</span>")
                .contains("<span class=\"mbps\">60.00</span>")
                .contains("not run")
                .contains("disk=nvme0");
        assertThat(CrystalGrid.of(List.of(item("randread-4KiB", 1e6, 10)))).isEmpty();
    }
}
