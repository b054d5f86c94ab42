package org.iobench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.iobench.compare.AbOptions;
import org.iobench.compare.CompareTables;
import org.iobench.compare.Metric;
import org.iobench.compare.RowIdentities;
import org.iobench.compare.SignificanceTest;
import org.iobench.report.EnvironmentDiff;
import org.iobench.report.html.AbDistributions;
import org.iobench.report.html.AbSection;
import org.iobench.result.LatencyHistograms;
import org.iobench.result.RunResult;
import org.iobench.store.WorkloadKey;
import org.iobench.format.Format;
import org.iobench.history.ChangePointOptions;
import org.iobench.history.Histories;
import org.iobench.history.HistoryOrder;
import org.iobench.history.HistorySet;
import org.iobench.report.JsonReport;
import org.iobench.report.JsonReportReader;
import org.iobench.report.ReportItem;
import org.iobench.report.ResultsTable;
import org.iobench.report.html.HtmlReport;
import org.iobench.report.html.SearchCurves;
import org.iobench.result.BenchmarkResult;
import org.iobench.session.ExitException;
import org.iobench.store.ResultStore;
import org.iobench.store.RunQuery;
import org.iobench.store.Sample;
import org.iobench.store.StoredRun;
import org.iobench.sysmon.env.Environment;
import org.iobench.table.TableFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code iobench report}: a self-contained HTML page with charts, or the same selection as a text, Markdown, CSV
 * or JSON table.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write results as a self-contained HTML page with charts, or as a table"
                + " (text, markdown, csv, json).",
                "Results come from the result database (SELECTOR terms as for 'iobench runs') and/or from"
                        + " iobench JSON files (--input)."})
final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SELECTOR", arity = "0..*",
            description = "which stored runs (default: all, unless --input is given)")
    List<String> selector = new ArrayList<>();

    @Option(names = {"-i", "--input"}, paramLabel = "FILE",
            description = "an iobench JSON result file (-o FILE.json, --format json); repeatable")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--base", paramLabel = "SELECTOR",
            description = "with --new: add the A/B comparison of compare --base/--new (table and bars)")
    String base;

    @Option(names = "--new", paramLabel = "SELECTOR", description = "the new side of the A/B comparison")
    String candidate;

    @Mixin
    DbOptions db = new DbOptions();

    @Mixin
    Output output = new Output();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "text (default), html, markdown, csv or json; with -o FILE, FILE's extension by default"
                    + " (-o report.html writes the page)")
    String format;

    @Option(names = "--title", paramLabel = "TEXT", description = "the page's title")
    String title = "iobench report";

    @Option(names = "--history-by", paramLabel = "LABEL",
            description = "HTML history section: one point per value of this label in natural order (default: one"
                    + " point per stored run, by time)")
    String historyBy;

    @Override
    public Integer call() throws IOException {
        if ((base == null) != (candidate == null)) {
            throw ExitException.usage(base == null ? "--new needs --base" : "--base needs --new");
        }
        Output.Choice out = output.choose(OutputFormats.of("report", Format.TEXT, Format.HTML, Format.MARKDOWN, Format.CSV,
                Format.JSON),
                format, null, spec.commandLine().getErr());
        TableFormat tf = out.is(Format.HTML) ? null : TableFormat.of(out.format());
        List<BenchmarkResult> measured = new ArrayList<>();
        List<ReportItem> items = read(inputs, measured);
        if (!selector.isEmpty() || inputs.isEmpty()) {
            items.addAll(stored(selector, measured));
        }
        if (items.isEmpty()) {
            throw new ExitException(ExitException.IO_FAILURE, "report: no runs selected"
                    + (selector.isEmpty() ? "" : " by " + String.join(" ", selector))
                    + " (iobench runs SELECTOR shows what it matches)");
        }
        AbSides ab = base == null ? null : abComparison();
        String text;
        if (tf == null) {
            HistorySet history = !selector.isEmpty() || inputs.isEmpty() ? history(selector) : null;
            text = HtmlReport.render(title, "iobench " + Version.get(), items, ab == null ? null : ab.section(),
                    history, SearchCurves.of(measured));
        } else {
            text = tf.writer().render(tf == TableFormat.CSV || tf == TableFormat.JSON
                    ? ResultsTable.withPercentiles(items) : ResultsTable.of(items));
            if (ab != null) {
                text += (tf == TableFormat.JSON || tf == TableFormat.CSV ? "" : "\n") + tf.writer().render(ab.result().table());
            }
            if (!text.endsWith("\n")) {
                text += "\n";
            }
        }
        out.write(text, spec.commandLine().getOut());
        if (!out.toStdout()) {
            spec.commandLine().getErr().println("iobench: wrote " + out.file().path() + " (" + items.size()
                    + " benchmarks)");
        }
        return 0;
    }

    /**
     * Stored runs matching the selector, in the JSON report's form with their labels and environment: read through
     * the store's codec (whatever version a row was saved in) and written as {@code run --format json} writes them.
     *
     * @param measured gets the results too, in the order they were measured (by id)
     */
    private List<ReportItem> stored(List<String> terms, List<BenchmarkResult> measured) {
        RunQuery query = Selectors.parse("report", terms);
        List<ReportItem> items = new ArrayList<>();
        TreeMap<Long, BenchmarkResult> byId = new TreeMap<>();
        try (ResultStore store = db.openExisting()) {
            for (StoredRun run : store.find(query)) {
                if (run.workload().isMicro()) {
                    continue; // a micro-benchmark variant is not an I/O result; iobench compare shows those
                }
                BenchmarkResult result = store.result(run.id()).orElse(null);
                if (result == null) {
                    continue;
                }
                items.add(new ReportItem(Long.toString(run.id()), result, store.environment(run.id()).orElse(null),
                        run.labels()));
                byId.put(run.id(), result);
            }
        }
        measured.addAll(byId.values());
        return items;
    }

    /** The histories of the stored I/O runs the selector matches, in MB/s with the default parameters. */
    private HistorySet history(List<String> terms) {
        RunQuery query = Selectors.parse("report", terms);
        try (ResultStore store = db.openExisting()) {
            List<Sample> samples = ioOnly(store.samples(query));
            if (samples.isEmpty()) {
                return null;
            }
            return Histories.build(samples, HistoryCommand.runTimes(store, query),
                    historyBy == null ? HistoryOrder.TIME : HistoryOrder.byLabel(historyBy), Metric.MB_S,
                    ChangePointOptions.DEFAULTS);
        }
    }

    /** The A/B comparison (its table for the text formats) and the page's section with the environments' diff. */
    private record AbSides(CompareTables.AbResult result, AbSection section) {}

    private AbSides abComparison() {
        try (ResultStore store = db.openExisting()) {
            List<Sample> b = ioOnly(store.samples(Selectors.parse("--base", List.of(base))));
            List<Sample> n = ioOnly(store.samples(Selectors.parse("--new", List.of(candidate))));
            CompareTables.AbResult result = CompareTables.abWithRows(b, n, base, candidate, Metric.MB_S,
                    AbOptions.defaults(Metric.MB_S.direction()).withTest(SignificanceTest.AUTOMATIC));
            // the trust marks' footnotes (!page-cache: ...) go with the rows they explain
            List<String> notes = new ArrayList<>(result.comparison().warnings());
            result.table().footnotes().stream().filter(f -> f.startsWith("!")).forEach(notes::add);
            AbSection section = new AbSection(CompareCommand.name(base), CompareCommand.name(candidate),
                    Metric.MB_S.unit(), result.comparison().options().alpha(), result.comparison().rows(),
                    notes, EnvironmentDiff.of(environments(store, b),
                    environments(store, n)), distributions(store, result, b, n));
            return new AbSides(result, section);
        }
    }

    /** Each comparison row's kept histograms of both sides: every complete repetition of the row's runs. */
    private static List<AbDistributions.Row> distributions(ResultStore store, CompareTables.AbResult result,
                                                           List<Sample> b, List<Sample> n) {
        List<Sample> both = new ArrayList<>(b);
        both.addAll(n);
        Function<Sample, WorkloadKey> rows = RowIdentities.of(both);
        List<AbDistributions.Row> out = new ArrayList<>();
        for (int i = 0; i < result.keys().size(); i++) {
            WorkloadKey k = result.keys().get(i);
            out.add(new AbDistributions.Row(result.comparison().rows().get(i).workload(),
                    histograms(store, b, rows, k), histograms(store, n, rows, k)));
        }
        return out;
    }

    private static List<LatencyHistograms> histograms(ResultStore store, List<Sample> side,
                                                      Function<Sample, WorkloadKey> rows,
                                                      WorkloadKey k) {
        List<LatencyHistograms> out = new ArrayList<>();
        side.stream().filter(s -> rows.apply(s).equals(k)).map(Sample::runId).distinct()
                .forEach(id -> store.result(id).ifPresent(r -> r.runs().stream()
                        .filter(RunResult::complete)
                        .forEach(run -> out.add(run.latencies().histograms()))));
        return out;
    }

    /** The recorded environment of each run the samples come from (one per run, not per repetition; null: none). */
    private static List<Environment> environments(ResultStore store, List<Sample> samples) {
        List<Environment> envs = new ArrayList<>();
        samples.stream().map(Sample::runId).distinct().forEach(id -> envs.add(store.environment(id).orElse(null)));
        return envs;
    }

    private static List<Sample> ioOnly(List<Sample> samples) {
        return samples.stream().filter(s -> !s.workload().isMicro()).toList();
    }

    /**
     * The files' benchmarks, each file's in its order, named {@code FILE:N}.
     *
     * @param measured gets the files' results too, for the page's searches
     */
    static List<ReportItem> read(List<Path> files, List<BenchmarkResult> measured) {
        List<ReportItem> items = new ArrayList<>();
        for (Path f : files) {
            JsonNode doc = InputFile.readJson("--input", f);
            List<ReportItem> read;
            try {
                read = JsonReportReader.items(doc, f.getFileName().toString()); // formatVersion 1 or 2
            } catch (IOException e) {
                throw ExitException.usage("--input " + f + ": not an iobench result (formatVersion 1 or "
                        + JsonReport.FORMAT_VERSION + " with benchmarks[]): " + e.getMessage());
            }
            read.forEach(i -> measured.add(i.result()));
            items.addAll(read);
        }
        return items;
    }
}
