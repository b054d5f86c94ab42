package org.iobench.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import org.iobench.format.Format;
import org.iobench.report.MetricsText;
import org.iobench.session.ExitException;
import org.iobench.store.ResultStore;
import org.iobench.store.StoredRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code iobench export [--format openmetrics|prometheus] SELECTOR... [-o FILE]}: stored runs as metrics, one sample
 * per run and figure with the run's labels as labels. {@code -o DIR/iobench.prom} writes node_exporter's textfile
 * collector form (no sample timestamps), atomically: a temporary file beside it, renamed into place, so the
 * collector never reads half a file.
 */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Export stored runs as metrics for Prometheus and Grafana: one sample per run and figure"
                + " (MB/s, IOPS, latency quantiles), the run's labels as labels.",
                "openmetrics (default on stdout): OpenMetrics text with each run's time as the samples' timestamp.",
                "prometheus (default for -o FILE.prom): Prometheus's text format without timestamps, for"
                        + " node_exporter's textfile collector (-o /var/lib/node_exporter/iobench.prom --force);"
                        + " written atomically."})
final class ExportCommand implements Callable<Integer> {
    static final OutputFormats FORMATS = OutputFormats.of("export", Format.OPENMETRICS, Format.PROMETHEUS);

    @Parameters(paramLabel = "SELECTOR", arity = "0..*",
            description = "which stored runs, as for 'iobench runs' (default: all)")
    List<String> selector = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", description = "openmetrics (default) or prometheus")
    String format;

    @Mixin
    Output output = new Output();

    @Mixin
    DbOptions db = new DbOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Output.Choice choice = output.choose(FORMATS, format, null, spec.commandLine().getErr());
        var query = Selectors.parse("export", selector);
        List<MetricsText.Run> runs = new ArrayList<>();
        try (ResultStore store = db.openExisting()) {
            List<StoredRun> found = new ArrayList<>(store.find(query));
            Collections.reverse(found); // oldest first
            for (StoredRun run : found) {
                if (run.workload().isMicro()) {
                    continue; // a micro-benchmark's variants are not storage figures
                }
                store.result(run.id()).ifPresent(r -> runs.add(new MetricsText.Run(run, r)));
            }
        }
        if (runs.isEmpty() && !selector.isEmpty()) {
            throw new ExitException(ExitException.IO_FAILURE, "export: no I/O runs selected by "
                    + String.join(" ", selector) + " (iobench runs SELECTOR shows what it matches)");
        }
        choice.write(MetricsText.render(runs, choice.is(Format.PROMETHEUS) ? MetricsText.Form.PROMETHEUS
                : MetricsText.Form.OPENMETRICS), spec.commandLine().getOut());
        return 0;
    }
}
