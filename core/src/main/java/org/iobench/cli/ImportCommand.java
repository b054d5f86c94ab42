package org.iobench.cli;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.iobench.report.JsonReportReader;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.result.Totals;
import org.iobench.session.ExitException;
import org.iobench.session.ResultSaver;
import org.iobench.session.IoReasons;
import org.iobench.store.NewRun;
import org.iobench.store.ResultStore;
import org.iobench.store.RunToSave;
import org.iobench.store.StoreException;
import org.iobench.store.StoreLocation;
import org.iobench.store.fio.FioImport;
import org.iobench.store.fio.FioImported;
import org.iobench.store.fio.FioCapturedOutput;
import org.iobench.store.micro.MicroImport;
import org.iobench.sysmon.env.Environment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code iobench import FILE...}: saves fio JSON output ({@code json} or {@code json+}), iobench's own JSON results
 * ({@code -o FILE}, {@code --format json}) or {@code iobench micro -o FILE} reports as runs, with the labels given,
 * so they compare with iobench runs (micro-benchmarks: one run per suite and variant, compared with each other).
 */
@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Save results made elsewhere: fio --output-format=json or json+ output, iobench's JSON"
                + " results (-o FILE.json, --format json), or iobench micro -o FILE.json reports. Each fio job"
                + " becomes a run of one repetition; each variant of a micro suite a run whose repetitions are its"
                + " samples."})
final class ImportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", arity = "1..*",
            description = "fio JSON output, iobench JSON results (-o, --format json) or iobench micro -o files")
    List<Path> files;

    @Mixin
    StoreOptions store = new StoreOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (store.noStore) {
            throw ExitException.usage("--no-store: import only stores; nothing to do");
        }
        store.check();
        Map<String, String> labels = store.labelMap();
        List<RunToSave> runs = new ArrayList<>();
        List<Integer> perFile = new ArrayList<>();
        for (Path f : files) {
            List<RunToSave> fromFile = read(f, labels);
            runs.addAll(fromFile);
            perFile.add(fromFile.size());
        }
        PrintWriter out = spec.commandLine().getOut();
        try (ResultStore s = store.db.openForSaving()) {
            ResultStore.Saved saved = s.saveAll(runs, null);
            List<Long> ids = saved.ids();
            int i = 0;
            for (int f = 0; f < files.size(); f++) {
                int n = perFile.get(f);
                List<Long> mine = ids.subList(i, i + n);
                i += n;
                out.println("imported " + files.get(f) + " as run " + String.join(", ",
                        mine.stream().map(String::valueOf).toList()));
            }
            out.flush();
            spec.commandLine().getErr().println("iobench: saved in " + StoreLocation.describe(s.url()));
            String warning = ResultStore.changePointsWarning(saved);
            if (warning != null) {
                spec.commandLine().getErr().println(warning);
            }
        } catch (StoreException e) {
            throw new StoreException("nothing imported: " + e.getMessage(), e);
        }
        return 0;
    }

    private List<RunToSave> read(Path file, Map<String, String> labels) {
        // fio's stdout may hold its "note:" lines (and "fio:" ones with 2>&1) before the document
        JsonNode doc = InputFile.readJson("FILE", file, FioCapturedOutput::withoutLeadingMessages);
        if (!doc.isObject()) {
            throw ExitException.usage("FILE " + file + ": not a JSON object (fio, iobench or iobench micro"
                    + " output)");
        }
        try {
            if (MicroImport.isMicro(doc)) {
                List<RunToSave> variants = new ArrayList<>(MicroImport.read(doc, labels, store.note));
                if (variants.isEmpty()) {
                    throw ExitException.usage("FILE " + file + ": holds no results (no suite in \"suites\")");
                }
                return variants;
            }
            List<BenchmarkResult> results;
            String source;
            List<String> skipped = List.of();
            if (FioImport.isFio(doc)) {
                FioImported fio = FioImport.read(doc);
                results = fio.results();
                skipped = fio.skipped();
                source = "fio";
            } else if (doc.has("formatVersion")) {
                results = JsonReportReader.benchmarks(doc);
                source = "iobench-json";
            } else {
                throw ExitException.usage("FILE " + file + ": neither fio JSON output (\"fio version\"), an"
                        + " iobench result file (\"formatVersion\") nor an iobench micro report file"
                        + " (\"kind\": \"iobench-micro\")");
            }
            if (results.isEmpty()) {
                throw ExitException.usage("FILE " + file + ": holds no results (" + (!skipped.isEmpty()
                        ? String.join("; ", skipped) : source.equals("fio") ? "no fio job in \"jobs\""
                        : "no benchmark in \"benchmarks\"") + ")");
            }
            checkFigures(file, results);
            skipped.forEach(s -> spec.commandLine().getErr().println("iobench: " + file + ": " + s));
            Environment env = Environment.unknown(Version.get());
            List<RunToSave> out = new ArrayList<>();
            for (BenchmarkResult b : results) {
                out.add(new NewRun(b, env, labels, store.note, source, startedAt(b)));
            }
            return out;
        } catch (JsonMappingException e) {
            String at = jsonPath(e).isEmpty() ? "" : " at " + jsonPath(e);
            throw new ExitException(ExitException.USAGE, "FILE " + file + ": JSON that does not fit the format"
                    + at + " (" + IoReasons.firstLine(e.getOriginalMessage()) + ")", e);
        } catch (IOException e) {
            throw new ExitException(ExitException.USAGE, "FILE " + file + ": " + IoReasons.firstLine(e.getMessage()),
                    e);
        }
    }

    /**
     * Refuses a file with a figure no run can have: a count, a byte total or a time below 0, or a complete run that
     * took no time (its rates would be infinite or 0). Nothing of the file is imported.
     */
    private static void checkFigures(Path file, List<BenchmarkResult> results) {
        for (BenchmarkResult b : results) {
            for (RunResult r : b.runs()) {
                Totals t = r.totals();
                String where = "FILE " + file + ": " + b.job().name() + " run " + r.run() + ": ";
                long[] figures = {t.bytesRead(), t.bytesWritten(), t.reads(), t.writes(), t.elapsedNanos(),
                        t.syncNanos(), t.syncs(), t.bytesTrimmed(), t.trims(), t.zoneResets()};
                String[] names = {"readBytes", "writeBytes", "reads", "writes", "elapsedNs", "syncNs", "syncs",
                        "trimBytes", "trims", "zoneResets"}; // as the document names them
                for (int i = 0; i < figures.length; i++) {
                    if (figures[i] < 0) {
                        throw ExitException.usage(where + names[i] + " is " + figures[i] + "; no run has a negative"
                                + " figure (nothing imported)");
                    }
                }
                if (r.complete() && t.elapsedNanos() == 0) {
                    throw ExitException.usage(where + "elapsedNs is 0 in a complete run; its rates cannot be"
                            + " stored (nothing imported)");
                }
            }
        }
    }

    private static Instant startedAt(BenchmarkResult b) {
        return ResultSaver.startedAt(b);
    }


    /** Where in the document a mapping failed: {@code benchmarks[0].job}. */
    private static String jsonPath(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                b.append(b.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }
}
