package org.iobench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.result.BenchmarkResult;
import org.iobench.store.NewRun;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreException;
import org.iobench.store.StoreLocation;
import org.iobench.sysmon.env.Environment;
import org.iobench.sysmon.env.EnvironmentProbe;

/** Saves what a command ran, with its environment and the user's labels, after the results were printed. */
final class ResultSaver {
    private final StoreOptions options;

    ResultSaver(StoreOptions options) {
        this.options = options;
    }

    /**
     * Saves {@code results} in one transaction, reporting the ids on {@code err} (stdout may be a JSON document).
     *
     * @throws StoreException when they could not be saved; the message says so
     */
    void save(List<BenchmarkResult> results, boolean quiet, PrintStream err) {
        if (options.noStore || results.isEmpty()) {
            return;
        }
        EnvironmentProbe probe = EnvironmentProbe.system();
        List<Part> parts = new ArrayList<>();
        for (BenchmarkResult b : results) {
            Path target = b.target() != null && b.target().path() != null ? Path.of(b.target().path())
                    : b.job().target();
            parts.add(new Part(b, probe.capture(target, Version.get()), Map.of()));
        }
        saveParts(parts, quiet, err);
    }

    /**
     * One result to save with the environment it ran in and labels of its own (a host's part of a multi-host run:
     * {@code host=NAME}), added to the user's {@code --label}s.
     */
    record Part(BenchmarkResult result, Environment environment, Map<String, String> labels) {}

    /** Saves {@code parts} in one transaction, as {@link #save} does. */
    void saveParts(List<Part> parts, boolean quiet, PrintStream err) {
        if (options.noStore || parts.isEmpty()) {
            return;
        }
        try (ResultStore store = options.db.openForSaving()) {
            List<NewRun> runs = new ArrayList<>();
            for (Part p : parts) {
                Map<String, String> labels = new java.util.LinkedHashMap<>(options.labelMap());
                labels.putAll(p.labels());
                runs.add(new NewRun(p.result(), p.environment(), labels, options.note, "iobench",
                        startedAt(p.result())));
            }
            List<Long> ids = store.saveAll(runs);
            if (!quiet) {
                err.println("iobench: saved as run " + String.join(", ", ids.stream().map(String::valueOf).toList())
                        + " in " + StoreLocation.describe(store.url()) + " (iobench show ID; --no-store to skip)");
            }
        } catch (StoreException e) {
            throw new StoreException("the results above were not saved: " + e.getMessage(), e);
        }
    }

    static Instant startedAt(BenchmarkResult b) {
        if (!b.runs().isEmpty() && b.runs().getFirst().startedAt() != null) {
            try {
                return Instant.parse(b.runs().getFirst().startedAt());
            } catch (DateTimeParseException e) {
                // fall through: now is close enough for a run that just finished
            }
        }
        return Instant.now();
    }
}
