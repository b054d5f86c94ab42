package org.iobench.session;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.iobench.advise.Overlapped;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.store.NewRun;
import org.iobench.store.Overlaps;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreException;
import org.iobench.store.StoreLocation;
import org.iobench.sysmon.env.Environment;
import org.iobench.sysmon.env.EnvironmentProbe;

/**
 * Saves what a command ran, with its environment and the user's labels, after the results were printed.
 *
 * <pre>
 * ResultSaver saver = new ResultSaver(db::openForSaving, Map.of("kernel", "6.1"), null);
 * saver.save(results, false, err);   // "iobench: saved as run 12 in ..." on err
 * </pre>
 */
public final class ResultSaver {
    private final Supplier<ResultStore> store;
    private final Map<String, String> labels;
    private final String note;

    /**
     * @param store   opens the result database for saving (checked writable before the runs); a failure to open
     *                is a {@link StoreException}
     * @param labels  the user's {@code --label}s, in order
     * @param note    the user's {@code --note}, or null
     */
    public ResultSaver(Supplier<ResultStore> store, Map<String, String> labels, String note) {
        this.store = store;
        this.labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels)); // in the order given
        this.note = note;
    }

    /**
     * Saves {@code results} in one transaction, reporting the ids on {@code err} (stdout may be a JSON document).
     *
     * @throws StoreException when they could not be saved; the message says so
     */
    public void save(List<BenchmarkResult> results, boolean quiet, PrintStream err) {
        if (results.isEmpty()) {
            return;
        }
        EnvironmentProbe probe = EnvironmentProbe.system();
        List<Part> parts = new ArrayList<>();
        for (BenchmarkResult b : results) {
            Path target = b.target() != null && b.target().path() != null ? Path.of(b.target().path())
                    : b.job().target();
            parts.add(new Part(b, probe.capture(target, IobenchVersion.get()), Map.of()));
        }
        saveParts(parts, quiet, err);
    }

    /**
     * One result to save with the environment it ran in and labels of its own (a host's part of a multi-host run:
     * {@code host=NAME}), added to the user's {@code --label}s.
     */
    public record Part(BenchmarkResult result, Environment environment, Map<String, String> labels) {}

    /** Saves {@code parts} in one transaction, as {@link #save} does. */
    public void saveParts(List<Part> parts, boolean quiet, PrintStream err) {
        if (parts.isEmpty()) {
            return;
        }
        try (ResultStore store = this.store.get()) {
            List<NewRun> runs = new ArrayList<>();
            for (Part p : parts) {
                Map<String, String> labels = new LinkedHashMap<>(this.labels);
                labels.putAll(p.labels());
                runs.add(new NewRun(p.result(), p.environment(), labels, note, "iobench",
                        startedAt(p.result())));
            }
            ResultStore.Saved saved = store.saveAll(runs, ResultSaver::overlapped);
            List<Long> ids = saved.ids();
            if (!quiet) {
                err.println("iobench: saved as run " + String.join(", ", ids.stream().map(String::valueOf).toList())
                        + " in " + StoreLocation.describe(store.url()) + " (iobench show ID; --no-store to skip)");
            }
            // known only now, from the stored runs: printed even with --quiet, as every warning is
            saved.overlaps().forEach((id, f) -> err.println("warning: " + f.job() + " (saved as run " + id + "): "
                    + f.line()));
            String warning = ResultStore.changePointsWarning(saved);
            if (warning != null) {
                err.println(warning);
            }
        } catch (StoreException e) {
            throw new StoreException("the results above were not saved: " + e.getMessage(), e);
        }
    }

    /** The advisor's finding about a saved run that used its device while stored runs did ({@link Overlaps}). */
    private static Finding overlapped(Overlaps.Span run, List<Overlaps.Span> others) {
        return Overlapped.finding(span(run), run.device(), others.stream().map(ResultSaver::span).toList());
    }

    private static Overlapped.Span span(Overlaps.Span s) {
        return new Overlapped.Span(s.id(), s.name(), s.start(), s.end());
    }

    public static Instant startedAt(BenchmarkResult b) {
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
