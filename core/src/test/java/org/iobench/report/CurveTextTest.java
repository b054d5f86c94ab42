package org.iobench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.iobench.result.LatencySummary;
import org.iobench.search.Axis;
import org.iobench.search.Curve;
import org.iobench.search.LatencyTarget;
import org.iobench.search.Point;
import org.iobench.search.Setting;
import org.iobench.search.Stop;
import org.junit.jupiter.api.Test;

class CurveTextTest {
    private static Point point(int threads, double rate, double iops, long p99) {
        return Point.of(new Setting(threads, 1, rate), iops, iops * 4096,
                new LatencySummary(100, p99 / 10, p99 / 3.0, p99 / 3, p99 / 2, p99, p99, p99, p99));
    }

    private static String print(Curve c) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CurveText.print(c, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aSaturationCurveListsEveryStepWithItsGainAndMarksTheKneeAndTheBest() {
        List<Point> pts = List.of(point(1, 0, 1000, 300_000), point(2, 0, 2000, 300_000),
                point(4, 0, 2050, 600_000), point(8, 0, 2080, 1_200_000));
        String text = print(new Curve(Axis.THREADS, pts, pts.get(1), pts.get(3), Stop.PLATEAU, null));
        assertThat(text).isEqualTo(String.join("\n",
                "threads iodepth      rate       IOPS       MB/s       p50       p99     gain  IOPS of the highest",
                "      1       1         -       1000        4.1     100us     300us        -  ##########",
                "      2       1         -       2000        8.2     100us     300us  +100.0%  ###################   knee",
                "      4       1         -       2050        8.4     200us     600us    +2.5%  ####################",
                "      8       1         -       2080        8.5     400us    1.20ms    +1.5%  ####################  best",
                "",
                "knee: threads=2 (2000 IOPS, 8.2 MB/s, p99 300us): the next two steps gained less than 5%",
                "best: threads=8 (2080 IOPS, 8.5 MB/s, p99 1.20ms)",
                "stopped: throughput gained less than 5% over two steps", ""));
    }

    @Test
    void aRateSearchShowsTheRatesAskedAndFlagsCorrectedLatency() {
        List<Point> pts = List.of(point(1, 0, 10_000, 5_000_000), point(1, 5000, 5000, 200_000),
                point(1, 7500, 7500, 2_000_000));
        String text = print(new Curve(Axis.RATE, pts, null, pts.get(1), Stop.TARGET_BOUNDARY,
                LatencyTarget.parse("p99=1ms")));
        assertThat(text).contains("      1       1      5000       5000       20.5   66.7us*    200us*   -50.0%  ##########"
                + "            meets target, best")
                .contains("misses target")
                .contains("* latency from each request's intended start")
                .contains("highest load within p99<=1ms: threads=1,rate=5000 (5000 IOPS, 20.5 MB/s, p99 200us"
                        + " corrected)");
    }
}
