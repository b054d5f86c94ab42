package org.iobench.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.iobench.compare.AbOptions;
import org.iobench.compare.CompareTables;
import org.iobench.compare.Metric;
import org.iobench.compare.MultiColumnTableLayout;
import org.iobench.compare.SignificanceTest;
import org.iobench.session.ExitException;
import org.iobench.store.ResultStore;
import org.iobench.store.RunQuery;
import org.iobench.store.Sample;
import org.iobench.table.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine;

/**
 * {@code iobench compare}: saved runs side by side. With {@code --base}/{@code --new}, an A/B table (min/avg/max per
 * side, gain, p-value); with {@code --by KEY}, one column per value of a label. Rows are workloads.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare saved runs: --base SELECTOR --new SELECTOR (A/B, with significance), or --by LABEL"
                + " (one column per label value).",
                "Selectors: label:KEY=VALUE or KEY=VALUE, id:12,13, id:10-20, target:/dev/md0, since:2026-11-01,"
                        + " until:..., source:fio, rw:..., bs:..., last:N; terms joined by commas must all hold."})
final class CompareCommand implements Callable<Integer> {
    /** {@code --relative} without a value: ratios to each row's fastest cell. */
    private static final String FASTEST = "\u0000fastest";

    @Option(names = "--base", paramLabel = "SELECTOR", description = "the runs before the change")
    String base;

    @Option(names = "--new", paramLabel = "SELECTOR", description = "the runs after the change")
    String candidate;

    @Option(names = "--by", paramLabel = "LABEL", description = "one column per value of this label")
    String by;

    @Option(names = "--where", paramLabel = "SELECTOR", description = "with --by: which runs (default: all)")
    String where;

    @Option(names = "--columns", paramLabel = "V1,V2", split = ",",
            description = "with --by: these label values, in this order (default: all, in natural order)")
    List<String> columns = new ArrayList<>();

    @Option(names = "--relative", arity = "0..1", paramLabel = "VALUE", fallbackValue = FASTEST,
            description = "with --by: each cell as a ratio to its row's fastest cell (1.00 is the fastest), or with"
                    + " VALUE to the column of that label value (1.00 is that column); with one standard error")
    String relative;

    @Option(names = "--rows", paramLabel = "LABEL", description = "name the rows yourself: one row per value of this"
            + " label, pooling whatever workloads its runs have (default: one row per test; docs/compare.md)")
    String rows;

    @Option(names = "--without-sync", description = "leave each run's final sync out of its time: the kernel-dd"
            + " table's second view (the sync time is measured apart)")
    boolean withoutSync;

    @Option(names = "--stats", paramLabel = "STYLE", description = "minmax (default): n, min, avg, max per side,"
            + " as the iot sweep's table, and the gain with * (significant) or ~ beside it; benchstat: median +/- 95%%"
            + " CI, n, ~ instead of an insignificant change, Mann-Whitney U")
    String stats;

    @Option(names = "--metric", paramLabel = "METRIC", converter = MetricConverter.class,
            completionCandidates = Candidates.Metrics.class,
            description = "${COMPLETION-CANDIDATES} (default: MB/s, per repetition; micro-benchmark runs"
                    + " (source:micro): ns/op, their default, or ops/s, per sample)")
    Metric metric;

    @Option(names = "--assume", paramLabel = "normal", description = "normal: Welch's t-test on the values (default:"
            + " Welch's t-test on log values below 4 runs a side, Mann-Whitney U from 4)")
    String assume;

    @Option(names = "--alpha", paramLabel = "P", description = "significance level (default: 0.05)")
    double alpha = AbOptions.DEFAULT_ALPHA;

    @Option(names = "--base-name", paramLabel = "NAME", description = "header of the base columns (default: the selector)")
    String baseName;

    @Option(names = "--new-name", paramLabel = "NAME", description = "header of the new columns (default: the selector)")
    String newName;

    @Mixin
    DbOptions db = new DbOptions();

    @Mixin
    TableOutput output = new TableOutput();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        boolean ab = base != null || candidate != null;
        if (ab && by != null) {
            throw new ExitException(ExitException.USAGE, "--by " + by + ": use either --base/--new or --by, not both");
        }
        if (!ab && by == null) {
            throw new ExitException(ExitException.USAGE,
                    "compare needs --base SELECTOR --new SELECTOR, or --by LABEL (see iobench compare --help)");
        }
        if (ab && (base == null || candidate == null)) {
            throw new ExitException(ExitException.USAGE, (base == null ? "--new " + candidate + ": --base"
                    : "--base " + base + ": --new") + " SELECTOR is missing");
        }
        if (assume != null && !assume.equals("normal")) {
            throw new ExitException(ExitException.USAGE, "--assume " + assume + ": the only assumption is 'normal'");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new ExitException(ExitException.USAGE, "--alpha " + alpha + ": must be between 0 and 1");
        }
        if ("seed".equals(stats)) {
            stats = "minmax"; // the style's first name, still taken
        }
        if (stats != null && !stats.equals("minmax") && !stats.equals("benchstat")) {
            throw new ExitException(ExitException.USAGE, "--stats " + stats + ": not a style (minmax, benchstat)");
        }
        if (!ab && (assume != null || stats != null)) {
            throw new ExitException(ExitException.USAGE, (assume != null ? "--assume" : "--stats")
                    + " applies to --base/--new comparisons");
        }
        if (assume != null && "benchstat".equals(stats)) {
            throw new ExitException(ExitException.USAGE, "--assume normal: --stats benchstat uses Mann-Whitney U");
        }
        if (ab && (relative != null || where != null || !columns.isEmpty())) {
            throw new ExitException(ExitException.USAGE, (relative != null ? "--relative" : where != null ? "--where"
                    : "--columns") + " applies to --by comparisons");
        }
        if (relative != null && !relative.equals(FASTEST) && !columns.isEmpty() && !columns.contains(relative)) {
            throw new ExitException(ExitException.USAGE, "--relative " + relative + ": not one of --columns "
                    + String.join(",", columns));
        }
        output.check(spec.name(), spec.commandLine().getErr());
        Table table = ab ? abTable() : byTable();
        output.print(table, spec.commandLine().getOut());
        return 0;
    }

    private Table abTable() {
        RunQuery b = Selectors.parse("--base", base);
        RunQuery n = Selectors.parse("--new", candidate);
        try (ResultStore store = db.openExisting()) {
            List<Sample> bs = store.samples(b);
            List<Sample> ns = store.samples(n);
            Metrics.requireSome("--base", base, bs);
            Metrics.requireSome("--new", candidate, ns);
            List<Sample> all = new ArrayList<>(bs);
            all.addAll(ns);
            Metric chosen = Metrics.choose(metric, all);
            bs = Metrics.ofKind("--base", base, bs, chosen);
            ns = Metrics.ofKind("--new", candidate, ns, chosen);
            bs = named("--base", base, bs);
            ns = named("--new", candidate, ns);
            Set<Long> baseIds = new HashSet<>(bs.stream().map(Sample::runId).toList());
            ns.stream().map(Sample::runId).filter(baseIds::contains).findFirst().ifPresent(id -> {
                throw new ExitException(ExitException.USAGE, "--base " + base + " and --new " + candidate
                        + " both select run " + id + "; a run can be on one side only");
            });
            boolean benchstat = "benchstat".equals(stats);
            SignificanceTest test = assume != null ? SignificanceTest.WELCH_T
                    : benchstat ? SignificanceTest.MANN_WHITNEY_U : SignificanceTest.AUTOMATIC;
            AbOptions options = AbOptions.defaults(chosen.direction()).withAlpha(alpha).withTest(test);
            return CompareTables.abWithRows(bs, ns, baseName != null ? baseName : name(base),
                    newName != null ? newName : name(candidate), chosen, options, !withoutSync, benchstat, rows)
                    .table();
        }
    }

    private Table byTable() {
        RunQuery q = Selectors.parse("--where", where == null ? "" : where);
        try (ResultStore store = db.openExisting()) {
            List<Sample> samples = store.samples(q);
            String selector = where == null ? "(all)" : where;
            Metrics.requireSome("--where", selector, samples);
            // runs without the label do not decide the metric: they are left out of the table anyway
            List<Sample> labelled = samples.stream().filter(s -> s.labels().containsKey(by)).toList();
            Metric chosen = Metrics.choose(metric, labelled.isEmpty() ? samples : labelled);
            samples = Metrics.ofKind("--where", selector, samples, chosen);
            samples = named("--where", selector, samples);
            return CompareTables.byLabel(samples, by, columns, chosen, relative != null
                    ? MultiColumnTableLayout.Mode.RELATIVE : MultiColumnTableLayout.Mode.ABSOLUTE,
                    relative == null || relative.equals(FASTEST) ? null : relative, !withoutSync, rows);
        }
    }

    /**
     * With {@code --rows LABEL}: the samples whose runs have the label; the others are left out and counted on
     * stderr; none left is a selection that found nothing (exit 1).
     */
    private List<Sample> named(String option, String selector, List<Sample> samples) {
        if (rows == null) {
            return samples;
        }
        List<Sample> kept = samples.stream().filter(s -> s.labels().containsKey(rows)).toList();
        long left = samples.stream().filter(s -> !s.labels().containsKey(rows)).map(Sample::runId).distinct().count();
        if (kept.isEmpty()) {
            throw new ExitException(ExitException.IO_FAILURE, option + " " + selector + ": no selected run has the"
                    + " label " + rows + " (--rows " + rows + ")");
        }
        if (left > 0) {
            spec.commandLine().getErr().println("compare: " + option + ": " + left + (left == 1 ? " run" : " runs")
                    + " without the label " + rows + " left out (--rows " + rows + ")");
        }
        return kept;
    }

    /** {@code label:patch=with} is shown as {@code patch=with}. */
    static String name(String selector) {
        return selector.strip().replace("label:", "");
    }

    static final class MetricConverter implements ITypeConverter<Metric> {
        @Override
        public Metric convert(String value) {
            try {
                return Metric.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage().replaceFirst("^--metric: ", ""));
            }
        }
    }
}
