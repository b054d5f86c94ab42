package org.iobench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.iobench.compare.Metric;
import org.iobench.format.Format;
import org.iobench.history.GateResult;
import org.iobench.history.GateRow;
import org.iobench.history.GateTable;
import org.iobench.history.RegressionGate;
import org.iobench.report.CheckJson;
import org.iobench.report.CheckJunit;
import org.iobench.session.ExitException;
import org.iobench.store.ResultStore;
import org.iobench.store.Sample;
import org.iobench.store.WorkloadKey;
import org.iobench.table.Formats;
import org.iobench.table.TableFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code iobench check SELECTOR --against BASELINE}: the gate for CI pipelines. Exit 0 when no workload regressed
 * beyond {@code --max-regression} with significance, 3 when one did (docs/history.md).
 */
@Command(name = "check", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Gate for CI: compares the selected runs with a baseline per workload and exits 3 when one"
                + " got worse than --max-regression with significance (0 otherwise).",
                "SELECTOR terms as for 'iobench runs'. See docs/history.md."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:no workload regressed", "1:no stored runs to compare, or the database failed",
                "2:invalid option or value", "3:a workload regressed beyond --max-regression, significantly"})
final class CheckCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SELECTOR", arity = "1..*", description = "the runs to check (e.g. label:commit=abc)")
    List<String> selector = new ArrayList<>();

    @Option(names = "--against", paramLabel = "SELECTOR", required = true,
            description = "the baseline runs (e.g. 'label:branch=main,last:10')")
    String against;

    @Option(names = "--max-regression", paramLabel = "PCT", converter = PercentConverter.class,
            description = "largest tolerated loss of the mean (default: 5%%)")
    double maxRegressionPercent = RegressionGate.DEFAULT_MAX_REGRESSION_PERCENT;

    @Option(names = "--metric", paramLabel = "METRIC", converter = CompareCommand.MetricConverter.class,
            completionCandidates = Candidates.Metrics.class,
            description = "${COMPLETION-CANDIDATES} (default: MB/s; ns/op and ops/s for micro-benchmarks)")
    Metric metric;

    @Option(names = "--alpha", paramLabel = "P", description = "significance level (default: 0.05)")
    double alpha = RegressionGate.DEFAULT_ALPHA;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "text (default), markdown, json, or junit (JUnit XML for CI test reports); with -o FILE,"
                    + " FILE's extension by default (.xml is junit)")
    String format;

    @Mixin
    Output output = new Output();

    @Mixin
    DbOptions db = new DbOptions();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws java.io.IOException {
        Output.Choice choice = output.choose(OutputFormats.of("check", Format.TEXT, Format.MARKDOWN, Format.JSON,
                Format.JUNIT), format, null,
                spec.commandLine().getErr());
        Format fmt = choice.format();
        RegressionGate gate;
        try {
            gate = new RegressionGate(maxRegressionPercent, alpha);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.USAGE, e.getMessage());
        }
        String checked = String.join(" ", selector);
        GateResult result;
        try (ResultStore store = db.openExisting()) {
            List<Sample> c = store.samples(Selectors.parse("check", selector));
            List<Sample> b = store.samples(Selectors.parse("--against", against));
            Metrics.requireSome("check", checked, c);
            Metrics.requireSome("--against", against, b);
            List<Sample> all = new ArrayList<>(c);
            all.addAll(b);
            Metric chosen = Metrics.choose(metric, all);
            c = Metrics.ofKind("check", checked, c, chosen);
            b = Metrics.ofKind("--against", against, b, chosen);
            result = gate.check(c, b, chosen);
        }
        if (result.rows().isEmpty()) {
            throw new ExitException(ExitException.IO_FAILURE, "check " + checked + " --against " + against
                    + ": no workload has runs on both sides (checked: " + names(result.onlyInCandidate())
                    + "; baseline: " + names(result.onlyInBaseline()) + ")");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String checkedName = CompareCommand.name(checked);
        String baselineName = CompareCommand.name(against);
        boolean document = fmt.equals(Format.JSON) || fmt.equals(Format.JUNIT);
        choice.write(fmt.equals(Format.JSON) ? CheckJson.render(result, checked, against)
                : fmt.equals(Format.JUNIT) ? CheckJunit.render(result, checked, against)
                : TableFormat.of(fmt).writer().render(GateTable.of(result, checkedName, baselineName))
                        + System.lineSeparator(), out);
        // the verdict line: on stdout under the table, on stderr when stdout is a document for a machine or the
        // output went to a file
        PrintWriter verdict = document || !choice.toStdout() ? err : out;
        verdict.println(summary(result));
        verdict.flush();
        return result.passed() ? 0 : ExitException.REGRESSION;
    }

    private static String summary(GateResult r) {
        String threshold = "worse than -" + Formats.plain(r.gate().maxRegressionPercent()) + "% with p < "
                + Formats.plain(r.gate().alpha());
        String notJudged = r.notJudged() == 0 ? "" : ", " + r.notJudged() + " not judged";
        List<GateRow> bad = r.regressions();
        if (bad.isEmpty()) {
            return "iobench check: passed: no workload " + threshold + " (" + (r.rows().size() - r.notJudged())
                    + " judged" + notJudged + ")";
        }
        return "iobench check: REGRESSION: " + bad.size() + " of " + r.rows().size() + " workloads " + threshold
                + ": " + bad.stream().map(g -> g.workload().label() + " " + Formats.signedPercent(g.gainPercent(), 1))
                .collect(Collectors.joining("; "));
    }

    private static String names(List<WorkloadKey> keys) {
        return keys.isEmpty() ? "none" : keys.stream().map(WorkloadKey::label)
                .collect(Collectors.joining("; "));
    }
}
