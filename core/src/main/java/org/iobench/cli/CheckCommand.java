package org.iobench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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
import picocli.CommandLine;

/**
 * {@code iobench check SELECTOR --against BASELINE}: the gate for CI pipelines. Exit 0 when no workload regressed
 * beyond {@code --max-regression} with significance, 3 when one did (docs/history.md).
 */
@Command(name = "check", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Gate for CI: compares the selected runs with a baseline per workload and exits 3 when one"
                + " got worse than --max-regression with significance (0 otherwise).",
                "SELECTOR terms as for 'iobench runs'. See docs/history.md."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:no workload regressed, and a loss beyond --max-regression would have shown",
                "1:no stored runs to compare, or the database failed", "2:invalid option or value",
                "3:a workload regressed beyond --max-regression, significantly, or its runs carry a --fail-on warning",
                "5:inconclusive: nothing regressed, but some workload's repetitions cannot detect a loss of"
                        + " --max-regression at --alpha"})
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

    @Option(names = "--fail-on", paramLabel = "FINDING", split = ",",
            description = "fail the gate (exit 3) on a workload whose runs carry one of these advisor warnings, e.g."
                    + " page-cache,not-saturated (docs/advisor.md lists them)")
    List<String> failOn = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "text (default), markdown, json, or junit (JUnit XML for CI test reports); with -o FILE,"
                    + " FILE's extension by default (.xml is junit)")
    String format;

    @Mixin
    Output output = new Output();

    @Mixin
    DbOptions db = new DbOptions();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Output.Choice choice = output.choose(OutputFormats.of("check", Format.TEXT, Format.MARKDOWN, Format.JSON,
                Format.JUNIT), format, null,
                spec.commandLine().getErr());
        Format fmt = choice.format();
        RegressionGate gate;
        try {
            for (String f : failOn) {
                if (!f.matches("[a-z][a-z0-9-]*")) {
                    throw new ExitException(ExitException.USAGE, "--fail-on " + String.join(",", failOn) + ": '" + f
                            + "' is not a finding id (lower-case words joined by '-', as page-cache)");
                }
            }
            gate = new RegressionGate(maxRegressionPercent, alpha, Set.copyOf(failOn));
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
        return !result.passed() ? ExitException.REGRESSION
                : result.inconclusive().isEmpty() ? 0 : ExitException.INCONCLUSIVE;
    }

    private static String summary(GateResult r) {
        String threshold = "worse than -" + Formats.plain(r.gate().maxRegressionPercent()) + "% with p < "
                + Formats.plain(r.gate().alpha());
        String notJudged = r.notJudged() == 0 ? "" : ", " + r.notJudged() + " not judged";
        List<GateRow> bad = r.regressions();
        List<GateRow> flagged = r.failedOnFindings();
        if (bad.isEmpty() && !flagged.isEmpty()) {
            return "iobench check: FAILED: " + flagged.size() + " of " + r.rows().size() + " workloads carry a --fail-on"
                    + " warning: " + flagged.stream().map(g -> g.workload().label() + " ("
                    + String.join(", ", g.warnings().keySet()) + ")").collect(Collectors.joining("; "));
        }
        if (bad.isEmpty() && !r.inconclusive().isEmpty()) {
            return "iobench check: INCONCLUSIVE: no workload " + threshold + ", but " + r.inconclusive().size()
                    + " of " + r.rows().size() + " cannot detect a loss of "
                    + Formats.plain(r.gate().maxRegressionPercent()) + "%: " + r.inconclusive().stream()
                    .map(g -> g.workload().label() + " " + Formats.signedPercent(g.gainPercent(), 1) + " (could detect "
                            + Formats.fixed(g.detectablePercent(), 1) + "%)").collect(Collectors.joining("; "))
                    + "; run more repetitions" + notJudged;
        }
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
