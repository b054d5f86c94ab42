package org.iobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.table.Golden;
import org.iobench.table.TableFormat;
import org.junit.jupiter.api.Test;

class MultiColumnComparisonTest {

    /**
     * Seed story 000 (.NET loops over int[], times): "For 1,00 / ForHoistLength 2,06 / ForEach 1,38 /
     * IEnumerableForEach 15,46 / Enumerable.Sum 16,06"; three runs per variant, times in ms.
     */
    static MultiColumnComparison dotNetInts() {
        Map<String, double[]> byVariant = new LinkedHashMap<>();
        byVariant.put("For", new double[] {99, 100, 101});
        byVariant.put("ForHoistLength", new double[] {205, 206, 207});
        byVariant.put("ForEach", new double[] {137, 138, 139});
        byVariant.put("IEnumerableForEach", new double[] {1545, 1546, 1547});
        byVariant.put("Enumerable.Sum", new double[] {1605, 1606, 1607});
        return MultiColumnComparison.of("", List.of(new LabeledSamples("int[]", byVariant)), Direction.LOWER_IS_BETTER);
    }

    /**
     * Seed story 002 (LKML "2.6.24-rc1: First impressions", MB/s per stream): three runs around each
     * published number; "dd1+sync" has one run per kernel, "mix3 disk" none under 2.6.24-rc1.
     */
    static MultiColumnComparison kernels() {
        List<String> kernels = List.of("2.6.19.2", "2.6.22.6", "2.6.24-rc1");
        return MultiColumnComparison.of("kernel", kernels, List.of(
                row("dd1", kernels, new double[] {27, 28, 29}, new double[] {49, 50, 51}, new double[] {95, 96, 97}),
                row("dd1-dir", kernels, new double[] {87, 88, 89}, new double[] {87, 88, 89}, new double[] {85, 86, 87}),
                row("dd2", kernels, new double[] {16, 16.5, 17}, new double[] {10.5, 11, 11.5},
                        new double[] {44, 44.5, 45}),
                row("dd3", kernels, new double[] {9.6, 9.8, 10}, new double[] {8.5, 8.7, 8.9},
                        new double[] {29.5, 30, 30.5}),
                row("net1", kernels, new double[] {30, 31.5, 33}, new double[] {50, 52.5, 55},
                        new double[] {37, 44.5, 52}),
                row("dd1+sync", kernels, new double[] {27.5}, new double[] {47.5}, new double[] {92}),
                row("mix3 disk", kernels, new double[] {16, 17, 18}, new double[] {24, 25, 26}, new double[] {})),
                Direction.HIGHER_IS_BETTER);
    }

    private static LabeledSamples row(String workload, List<String> labels, double[]... samples) {
        Map<String, double[]> byLabel = new LinkedHashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            if (samples[i].length > 0) {
                byLabel.put(labels.get(i), samples[i]);
            }
        }
        return new LabeledSamples(workload, byLabel);
    }

    @Test
    void timesAreNormalizedToTheFastestVariantLikeTheDotNetStory() {
        MultiRow row = dotNetInts().rows().getFirst();

        assertThat(row.cells()).extracting(MultiCell::ratio).satisfiesExactly(
                r -> assertThat(r).isEqualTo(1.0),
                r -> assertThat(r).isCloseTo(2.06, within(1e-12)),
                r -> assertThat(r).isCloseTo(1.38, within(1e-12)),
                r -> assertThat(r).isCloseTo(15.46, within(1e-12)),
                r -> assertThat(r).isCloseTo(16.06, within(1e-12)));
        assertThat(row.cells()).extracting(MultiCell::fastest).containsExactly(true, false, false, false, false);
    }

    @Test
    void ratioUncertaintyAddsRelativeStandardErrorsInQuadrature() {
        // Each variant: stddev 1, n 3, so the standard error of each mean is 1/sqrt(3).
        // ForEach / For = 1.38 +- 1.38 * sqrt((0.57735/138)^2 + (0.57735/100)^2) = 1.38 +- 0.0098394
        MultiCell forEach = dotNetInts().rows().getFirst().cells().get(2);
        double se = 1 / Math.sqrt(3);

        assertThat(forEach.ratioStandardError())
                .isCloseTo(1.38 * Math.sqrt(Math.pow(se / 138, 2) + Math.pow(se / 100, 2)), within(1e-12))
                .isCloseTo(0.0098394, within(1e-7));
    }

    @Test
    void theFastestCellIsTheExactReference() {
        MultiCell fastest = dotNetInts().rows().getFirst().cells().getFirst();

        assertThat(fastest.ratio()).isEqualTo(1);
        assertThat(fastest.ratioStandardError()).isZero();
    }

    @Test
    void throughputIsInvertedSoTheSlowerKernelCostsMore() {
        MultiRow dd1 = kernels().rows().getFirst();

        assertThat(dd1.cells()).extracting(MultiCell::ratio).satisfiesExactly(
                r -> assertThat(r).isCloseTo(96.0 / 28, within(1e-12)),
                r -> assertThat(r).isCloseTo(96.0 / 50, within(1e-12)),
                r -> assertThat(r).isEqualTo(1.0));
    }

    @Test
    void missingCellsAndSingleRunsAreNaNWithWarnings() {
        MultiColumnComparison c = kernels();
        MultiRow single = c.rows().get(5);
        MultiRow missing = c.rows().get(6);

        assertThat(single.cells().get(0).ratio()).isCloseTo(92 / 27.5, within(1e-12));
        assertThat(single.cells().get(0).ratioStandardError()).isNaN();
        assertThat(missing.cells().get(2).summary().n()).isZero();
        assertThat(missing.cells().get(2).ratio()).isNaN();
        assertThat(missing.cells().get(1).fastest()).isTrue();
        assertThat(c.warnings()).containsExactly(
                "1 run with kernel=2.6.19.2 for 'dd1+sync'; 2 or more are needed for the uncertainty of a ratio",
                "1 run with kernel=2.6.22.6 for 'dd1+sync'; 2 or more are needed for the uncertainty of a ratio",
                "1 run with kernel=2.6.24-rc1 for 'dd1+sync'; 2 or more are needed for the uncertainty of a ratio",
                "no runs with kernel=2.6.24-rc1 for 'mix3 disk'");
    }

    @Test
    void labelsDefaultToTheirOrderOfFirstAppearance() {
        assertThat(dotNetInts().labels())
                .containsExactly("For", "ForHoistLength", "ForEach", "IEnumerableForEach", "Enumerable.Sum");
    }

    @Test
    void runsUnderAnUnknownLabelAreRejected() {
        LabeledSamples in = new LabeledSamples("dd1", Map.of("2.6.25", new double[] {1}));

        assertThatThrownBy(() -> MultiColumnComparison.of("kernel", List.of("2.6.24"), List.of(in),
                        Direction.HIGHER_IS_BETTER))
                .hasMessage("'dd1' has runs with kernel=2.6.25, which is not one of the columns [2.6.24]");
    }

    @Test
    void kernelsAsColumnsRenderAsText() {
        MultiColumnTableLayout layout = new MultiColumnTableLayout("dd, MB/s per stream", "test", "MB/s",
                MultiColumnTableLayout.Mode.ABSOLUTE);

        Golden.assertMatches(TableFormat.TEXT.writer().render(layout.toTable(kernels())),
                "report/golden/kernels-absolute.txt");
    }

    @Test
    void kernelsRelativeToTheFastestRenderAsTextAndMarkdown() {
        MultiColumnTableLayout layout = new MultiColumnTableLayout("dd, relative to the fastest kernel", "test", "MB/s",
                MultiColumnTableLayout.Mode.RELATIVE);

        Golden.assertMatches(TableFormat.TEXT.writer().render(layout.toTable(kernels())),
                "report/golden/kernels-relative.txt");
        Golden.assertMatches(TableFormat.MARKDOWN.writer().render(layout.toTable(kernels())),
                "report/golden/kernels-relative.md");
    }

    @Test
    void dotNetVariantsRenderAsRatios() {
        MultiColumnTableLayout layout = new MultiColumnTableLayout("Ints", "", "ms",
                MultiColumnTableLayout.Mode.RELATIVE);

        Golden.assertMatches(TableFormat.TEXT.writer().render(layout.toTable(dotNetInts())),
                "report/golden/dotnet-relative.txt");
    }
}
