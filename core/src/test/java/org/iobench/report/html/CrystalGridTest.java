package org.iobench.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.job.JobSpec;
import org.iobench.report.ReportItem;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunSummary;
import org.iobench.result.Stat;
import org.junit.jupiter.api.Test;

class CrystalGridTest {
    private static ReportItem item(String name, double bytesPerSecond, double iops) {
        JobSpec job = JobSpec.builder(Path.of("/data")).name(name).build();
        RunSummary summary = new RunSummary(Stat.of(new double[] {bytesPerSecond}), Stat.of(new double[] {iops}),
                Stat.of(new double[0]));
        return new ReportItem(name, new BenchmarkResult(job, null, List.of(), summary, true, List.of()),
                Map.of("disk", "nvme0"));
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
