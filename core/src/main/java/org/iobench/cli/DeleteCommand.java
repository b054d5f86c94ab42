package org.iobench.cli;

import java.io.PrintWriter;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.iobench.session.ExitException;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreLocation;
import org.iobench.store.StoredRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code iobench delete SELECTOR...}: removes saved runs (with their labels and samples) and prints each one it
 * removed. Selecting more than one run asks for confirmation when a person is at the terminal (stdin and stderr
 * are terminals), unless {@code --yes}; scripts are never asked. An id given alone that selects nothing is
 * reported (exit 1), as with {@code rm} of a missing file.
 */
@Command(name = "delete", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Delete saved runs: by id (12 13), last, or any selector as for 'iobench runs'.",
                "Prints each deleted run. More than one run is confirmed first when stdin is a terminal (--yes"
                        + " skips the question)."})
final class DeleteCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SELECTOR", arity = "1..*",
            description = "which runs: ids (iobench runs lists them), last, last:N, KEY=VALUE, id:10-20...")
    List<String> selector = new ArrayList<>();

    @Option(names = {"-y", "--yes"}, description = "do not ask before deleting several runs at a terminal")
    boolean yes;

    @Option(names = "--dry-run", description = "print the runs that would be deleted; delete nothing")
    boolean dryRun;

    @Mixin
    DbOptions db = new DbOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Tests replace the terminal; null: the real one. */
    Confirmation confirmation;

    @Override
    public Integer call() {
        var query = Selectors.parse("delete", selector);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (ResultStore store = db.openExisting()) {
            List<StoredRun> runs = store.find(query);
            String where = StoreLocation.describe(store.url());
            int status = reportMissingIds(runs, where, err);
            if (runs.isEmpty()) {
                if (status == 0) {
                    throw new ExitException(ExitException.IO_FAILURE, "delete: no run selected by "
                            + String.join(" ", selector) + " in " + where + " (iobench runs lists them)");
                }
                return status;
            }
            if (dryRun) {
                runs.forEach(r -> out.println("would delete " + describe(r)));
                out.flush();
                return status;
            }
            Confirmation terminal = confirmation != null ? confirmation : Confirmation.system(err);
            if (runs.size() > 1 && !yes && terminal.interactive()) {
                runs.forEach(r -> err.println("  " + describe(r)));
                if (!terminal.ask("delete these " + runs.size() + " runs from " + where + "?")) {
                    err.println("iobench: delete: nothing deleted");
                    err.flush();
                    return ExitException.IO_FAILURE;
                }
            }
            // one transaction a run; the change points of their shapes are found again once, at the end
            Map<Long, StoredRun> byId = new LinkedHashMap<>();
            runs.forEach(r -> byId.put(r.id(), r));
            store.delete(List.copyOf(byId.keySet()), id -> out.println("deleted " + describe(byId.get(id))));
            out.flush();
            err.flush();
            return status;
        }
    }

    /** Each id given alone ({@code 13}) that selected no run is named on stderr; returns 1 if any. */
    private int reportMissingIds(List<StoredRun> runs, String where, PrintWriter err) {
        Set<Long> found = runs.stream().map(StoredRun::id).collect(Collectors.toSet());
        int status = 0;
        for (String word : selector) {
            if (word.matches("#?\\d+") && !found.contains(Long.parseLong(word.replace("#", "")))) {
                err.println("iobench: delete: no run " + word.replace("#", "") + " in " + where);
                status = ExitException.IO_FAILURE;
            }
        }
        err.flush();
        return status;
    }

    /** {@code run 12 (seq-write, write 1MiB 1 thread..., /data, 2026-11-02T10:00:00Z)}. */
    static String describe(StoredRun r) {
        return "run " + r.id() + " (" + r.name() + ", " + r.workload().label() + ", " + r.target() + ", "
                + DateTimeFormatter.ISO_INSTANT.format(r.createdAt()) + ")";
    }
}
