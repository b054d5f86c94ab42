package org.iobench.cli;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.iobench.compare.Metric;
import org.iobench.history.ChangePointOptions;
import org.iobench.history.Exchangeable;
import org.iobench.history.Histories;
import org.iobench.history.HistoryOrder;
import org.iobench.history.HistorySet;
import org.iobench.history.HistoryTables;
import org.iobench.report.HistoryJson;
import org.iobench.report.HistoryText;
import org.iobench.session.ExitException;
import org.iobench.store.ResultStore;
import org.iobench.store.RunQuery;
import org.iobench.store.Sample;
import org.iobench.store.StoredRun;
import org.iobench.table.TableFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code iobench history [SELECTOR] [--by LABEL | --order time]}: per workload the series of stored runs in order,
 * with the change points E-Divisive means finds (docs/history.md).
 */
@Command(name = "history", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Per workload, the series of saved runs in order (by time, or by a label's values in natural"
                + " order), with the change points found by E-Divisive means: where performance changed, by how much"
                + " and how surely.",
                "SELECTOR terms as for 'iobench runs' (default: all runs). See docs/history.md."})
final class HistoryCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SELECTOR", arity = "0..*", description = "which runs (default: all)")
    List<String> selector = new ArrayList<>();

    @Option(names = "--by", paramLabel = "LABEL",
            description = "one point per value of this label, in natural order (2.6.9 < 2.6.10 < 6.1)")
    String by;

    @Option(names = "--order", paramLabel = "time", description = "one point per run, oldest first (the default)")
    String order;

    @Option(names = "--metric", paramLabel = "METRIC", converter = CompareCommand.MetricConverter.class,
            completionCandidates = Candidates.Metrics.class,
            description = "${COMPLETION-CANDIDATES} (default: MB/s; ns/op and ops/s for micro-benchmarks)")
    Metric metric;

    @Option(names = "--alpha", paramLabel = "P",
            description = "significance level of the permutation test (default: 0.01)")
    double alpha = ChangePointOptions.DEFAULT_ALPHA;

    @Option(names = "--min-magnitude", paramLabel = "PCT", converter = PercentConverter.class,
            description = "drop change points whose shift of the mean is smaller, e.g. 5%% (default: 0%%)")
    double minMagnitudePercent;

    @Option(names = "--permutations", paramLabel = "N",
            description = "random orderings per permutation test (default: 199)")
    int permutations = ChangePointOptions.DEFAULT_PERMUTATIONS;

    @Option(names = "--seed", paramLabel = "N", description = "seed of the permutations (default: 1)")
    long seed = ChangePointOptions.DEFAULT_SEED;

    @Option(names = "--permute", paramLabel = "UNIT",
            description = "what the permutation test shuffles: runs (default; a run's repetitions stay together)"
                    + " or repetitions (more power with few runs; assumes runs vary no more than repetitions)")
    String permute = "runs";

    @Option(names = "--points", description = "one row per run (or label value) instead of one per segment")
    boolean everyPoint;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "text (default), markdown, csv (one row per point) or json (every repetition); with -o FILE,"
                    + " FILE's extension by default")
    String format;

    @Mixin
    Output output = new Output();

    @Mixin
    DbOptions db = new DbOptions();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (order != null && !order.equals("time")) {
            throw new ExitException(ExitException.USAGE, "--order " + order
                    + ": the only order is 'time' (for a label's values use --by LABEL)");
        }
        if (order != null && by != null) {
            throw new ExitException(ExitException.USAGE, "--by " + by + ": use either --by LABEL or --order time");
        }
        ChangePointOptions options;
        try {
            options = new ChangePointOptions(alpha, minMagnitudePercent / 100, permutations, seed, exchangeable());
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.USAGE, e.getMessage());
        }
        Output.Choice choice = output.choose(OutputFormats.of("history", TableFormat.FORMATS), format, null,
                spec.commandLine().getErr());
        RunQuery query = Selectors.parse("history", selector);
        String described = selector.isEmpty() ? "(all)" : String.join(" ", selector);
        HistoryOrder historyOrder = by == null ? HistoryOrder.TIME : HistoryOrder.byLabel(by);
        HistorySet set;
        try (ResultStore store = db.openExisting()) {
            List<Sample> samples = store.samples(query);
            Metrics.requireSome("history", described, samples);
            List<Sample> decide = by == null ? samples
                    : samples.stream().filter(s -> s.labels().containsKey(by)).toList();
            List<Sample> deciding = decide.isEmpty() ? samples : decide;
            long micro = deciding.stream().filter(s -> s.workload().isMicro()).count();
            Metric chosen;
            if (metric == null && micro > 0 && micro < deciding.size()) {
                // a store of I/O runs with one micro-benchmark stored too: the I/O histories, and a line saying how
                // to see the other kind (each kind has its own metric; neither is an error of the user's)
                chosen = Metric.MB_S;
                long runs = samples.stream().filter(s -> s.workload().isMicro()).map(Sample::runId).distinct().count();
                spec.commandLine().getErr().println("history: " + runs + (runs == 1 ? " micro-benchmark run is"
                        : " micro-benchmark runs are") + " not shown (its metric is ns/op): iobench history "
                        + (selector.isEmpty() ? "" : String.join(" ", selector) + " ") + "source:micro");
            } else {
                chosen = Metrics.choose(metric, deciding);
            }
            samples = Metrics.ofKind("history", described, samples, chosen);
            set = Histories.build(samples, runTimes(store, query), historyOrder, chosen, options);
        }
        if (set.workloads().isEmpty()) {
            throw new ExitException(ExitException.IO_FAILURE, "history " + described + ": no selected run has the"
                    + " label " + by + " (iobench runs shows the labels)");
        }
        TableFormat tf = TableFormat.of(choice.format());
        choice.write(switch (tf) {
            case TEXT, MARKDOWN -> HistoryText.render(set, tf, everyPoint);
            case CSV -> TableFormat.CSV.writer().render(HistoryTables.allPoints(set));
            case JSON -> HistoryJson.render(set);
        }, spec.commandLine().getOut());
        return 0;
    }

    /** Creation time of every run {@code query} selects. */
    static Map<Long, Instant> runTimes(ResultStore store, RunQuery query) {
        Map<Long, Instant> times = new HashMap<>();
        for (StoredRun r : store.find(query)) {
            times.put(r.id(), r.createdAt());
        }
        return times;
    }

    private Exchangeable exchangeable() {
        return switch (permute) {
            case "runs" -> Exchangeable.RUNS;
            case "repetitions" -> Exchangeable.REPETITIONS;
            default -> throw new ExitException(ExitException.USAGE, "--permute " + permute
                    + ": must be 'runs' or 'repetitions'");
        };
    }
}
