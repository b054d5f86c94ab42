package org.iobench.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.iobench.format.Format;
import org.iobench.report.HdrLog;
import org.iobench.report.JsonReport;
import org.iobench.report.RunText;
import org.iobench.report.SeriesCsv;
import org.iobench.report.Units;
import org.iobench.result.BenchmarkResult;
import org.iobench.session.ExitException;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreLocation;
import org.iobench.store.StoredRun;
import org.iobench.sysmon.env.Environment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code iobench show SELECTOR...}: saved runs (one with {@code show 12} or {@code show last}), each printed as
 * when it ran, with its labels and environment; oldest first. JSON: one document per run, one after the other (a
 * stream {@code jq} reads as it is; {@code jq -s} makes it one array).
 */
@Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print saved runs as they were printed when they ran, with their labels, note and environment.",
                "SELECTOR as for 'iobench runs': an id (12), last, last:3, KEY=VALUE, id:10-20, target:..."})
final class ShowCommand implements Callable<Integer> {
    static final OutputFormats FORMATS = OutputFormats.of("show", Format.TEXT, Format.JSON, Format.HDR, Format.CSV);

    @Parameters(paramLabel = "SELECTOR", arity = "1..*",
            description = "which runs: an id (iobench runs lists them), last, or any selector")
    List<String> selector = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "text (default), json; hdr: the runs' latency histograms as HdrHistogram's log"
                    + " (HistogramLogReader and HistogramLogProcessor read it; tags ID/REPETITION/NAME); csv: the"
                    + " runs' series, a row per interval with its rate and latency over time (p50, p99, max)")
    String format;

    @Mixin
    Output output = new Output();

    @Option(names = "--vmstat", description = "also print each run's system samples as vmstat and iostat lines")
    boolean vmstat;

    @Mixin
    DbOptions db = new DbOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Output.Choice choice = output.choose(FORMATS, format, null, spec.commandLine().getErr());
        boolean json = choice.is(Format.JSON);
        var query = Selectors.parse("show", selector);
        StringBuilder text = new StringBuilder();
        try (ResultStore store = db.openExisting()) {
            List<StoredRun> runs = new ArrayList<>(store.find(query));
            if (runs.isEmpty()) {
                throw new ExitException(ExitException.IO_FAILURE, (isId(selector) ? "no run " + selector.getFirst().replace("#", "")
                        : "show: no run selected by " + String.join(" ", selector)) + " in " + StoreLocation.describe(store.url())
                        + " (iobench runs lists them)");
            }
            Collections.reverse(runs); // oldest first, as they ran
            if (choice.is(Format.HDR)) {
                choice.write(hdr(store, runs), spec.commandLine().getOut());
                return 0;
            }
            if (choice.is(Format.CSV)) {
                choice.write(SeriesCsv.render(runs.stream().filter(r -> !r.workload().isMicro())
                        .map(r -> new HdrLog.Entry(Long.toString(r.id()), store.result(r.id()).orElseThrow()))
                        .toList()), spec.commandLine().getOut());
                return 0;
            }
            for (StoredRun run : runs) {
                if (!text.isEmpty() && !json) {
                    text.append("\n");
                }
                text.append(show(store, run, json));
            }
        }
        choice.write(text.toString(), spec.commandLine().getOut());
        return 0;
    }

    /** The selected runs' histograms as one HdrHistogram log; runs without any are named on standard error. */
    private String hdr(ResultStore store, List<StoredRun> runs) {
        List<HdrLog.Entry> entries = new ArrayList<>();
        List<String> micro = new ArrayList<>();
        for (StoredRun run : runs) {
            if (run.workload().isMicro()) {
                micro.add(Long.toString(run.id()));
                continue;
            }
            entries.add(new HdrLog.Entry(Long.toString(run.id()), store.result(run.id()).orElseThrow()));
        }
        HdrLog.Log log = HdrLog.write(entries);
        List<String> without = new ArrayList<>(log.without());
        without.addAll(micro);
        if (log.histograms() == 0) {
            throw new ExitException(ExitException.IO_FAILURE, "show: no latency histograms in run"
                    + (without.size() == 1 ? " " : "s ") + String.join(", ", without)
                    + " (runs imported or stored before iobench kept histograms, and micro-benchmarks, have none)");
        }
        if (!without.isEmpty()) {
            spec.commandLine().getErr().println("show: no latency histograms in " + String.join(", ", without)
                    + " (imported, stored before iobench kept them, or a micro-benchmark); left out");
        }
        return log.text();
    }

    private static boolean isId(List<String> selector) {
        return selector.size() == 1 && selector.getFirst().matches("#?\\d+");
    }

    private String show(ResultStore store, StoredRun run, boolean json) {
        long id = run.id();
        if (run.workload().isMicro()) {
            return MicroRunText.show(run, store.document(id, "result").orElseThrow(), json);
        }
        BenchmarkResult result = store.result(id).orElseThrow();
        Environment env = store.environment(id).orElseThrow();
        if (json) {
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("id", run.id());
            extra.put("createdAt", run.createdAt().toString());
            extra.put("source", run.source());
            extra.put("labels", run.labels());
            extra.put("note", run.note());
            extra.put("environment", env);
            return JsonReport.write(List.of(result), Version.get(), extra);
        }
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8);
        out.print(header(run, env));
        RunText.print(result, out, vmstat);
        out.flush();
        return buffer.toString(StandardCharsets.UTF_8);
    }

    static String header(StoredRun run, Environment env) {
        StringWriter s = new StringWriter();
        PrintWriter w = new PrintWriter(s);
        w.println("run " + run.id() + ", " + DateTimeFormatter.ISO_INSTANT.format(run.createdAt())
                + (run.source().equals("iobench") ? "" : ", imported from " + run.source())
                + (run.labels().isEmpty() ? "" : ", labels " + String.join(" ", run.labels().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue()).toList())));
        if (run.note() != null) {
            w.println("note: " + run.note());
        }
        if (env.kernelRelease() != null || env.cpuModel() != null) {
            w.println("machine: " + nz(env.hostname()) + ", Linux " + nz(env.kernelRelease()) + ", " + env.cpuCount()
                    + " x " + nz(env.cpuModel()) + ", " + (env.memTotalBytes() < 0 ? "?" : Units.sizeBinary(
                    env.memTotalBytes())) + " memory");
        }
        if (env.filesystem() != null) {
            Environment.Filesystem f = env.filesystem();
            w.println("filesystem: " + f.type() + " on " + f.source() + " at " + f.mountPoint() + " ("
                    + String.join(",", f.mountOptions()) + ")");
        }
        if (env.device() != null) {
            Environment.Device d = env.device();
            w.println("device: " + d.name() + (d.name().equals(d.wholeDisk()) ? "" : " on " + d.wholeDisk())
                    + (d.model() == null ? "" : " " + d.model()) + ", " + (d.sizeBytes() < 0 ? "?"
                    : Units.sizeBinary(d.sizeBytes())) + ", " + (d.rotational() ? "rotational" : "non-rotational")
                    + ", scheduler " + nz(d.scheduler()) + ", logical/physical block " + d.logicalBlockSize() + "/"
                    + d.physicalBlockSize());
        }
        if (env.iobenchVersion() != null) {
            w.println("iobench " + env.iobenchVersion() + (env.gitCommit() == null ? "" : " (" + env.gitCommit() + ")")
                    + (env.javaVersion() == null ? "" : ", Java " + env.javaVersion()));
        }
        if (env.kernelCmdline() != null) {
            w.println("kernel command line: " + env.kernelCmdline());
        }
        w.println();
        w.flush();
        return s.toString();
    }

    private static String nz(String s) {
        return s == null ? "?" : s;
    }
}
