package org.iobench.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.iobench.report.JsonReport;
import org.iobench.report.RunText;
import org.iobench.report.Units;
import org.iobench.result.BenchmarkResult;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreLocation;
import org.iobench.store.StoredRun;
import org.iobench.sysmon.env.Environment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code iobench show ID}: one saved run, printed as when it ran, with its labels and environment. */
@Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Print a saved run as it was printed when it ran, with its labels, note and environment.")
final class ShowCommand implements Callable<Integer> {
    @Parameters(paramLabel = "ID", description = "the run's id (iobench runs lists them)")
    long id;

    @Option(names = "--output", paramLabel = "FORMAT", description = "text (default) or json")
    OutputOptions.Format output = OutputOptions.Format.text;

    @Option(names = "--vmstat", description = "also print each run's system samples as vmstat and iostat lines")
    boolean vmstat;

    @Mixin
    DbOptions db = new DbOptions();

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter writer = spec.commandLine().getOut();
        try (ResultStore store = db.openExisting()) {
            StoredRun run = store.get(id).orElseThrow(() -> new ExitException(ExitException.IO_FAILURE,
                    "no run " + id + " in " + StoreLocation.describe(store.url()) + " (iobench runs lists them)"));
            if (run.workload().isMicro()) {
                writer.print(MicroRunText.show(run, store.document(id, "result").orElseThrow(),
                        output == OutputOptions.Format.json));
                writer.flush();
                return 0;
            }
            BenchmarkResult result = store.result(id).orElseThrow();
            Environment env = store.environment(id).orElseThrow();
            java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
            PrintStream out = new PrintStream(buffer, true, java.nio.charset.StandardCharsets.UTF_8);
            if (output == OutputOptions.Format.json) {
                Map<String, Object> extra = new LinkedHashMap<>();
                extra.put("id", run.id());
                extra.put("createdAt", run.createdAt().toString());
                extra.put("source", run.source());
                extra.put("labels", run.labels());
                extra.put("note", run.note());
                extra.put("environment", env);
                out.print(JsonReport.write(List.of(result), org.iobench.cli.Version.get(), extra));
            } else {
                out.print(header(run, env));
                RunText.print(result, out, vmstat);
            }
            out.flush();
            writer.print(buffer.toString(java.nio.charset.StandardCharsets.UTF_8));
            writer.flush();
        }
        return 0;
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
