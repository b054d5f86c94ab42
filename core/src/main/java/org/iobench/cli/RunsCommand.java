package org.iobench.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.iobench.report.RunsTable;
import org.iobench.session.ExitException;
import org.iobench.store.ResultStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code iobench runs [SELECTOR...]}: the saved runs, newest first. */
@Command(name = "runs", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"List saved runs, newest first.",
                "SELECTOR terms (all must hold): label:KEY=VALUE or KEY=VALUE, id:12, id:10-20, target:/dev/md0,"
                        + " since:2026-11-01, until:2026-11-30, since:7d, source:fio, name:NAME, rw:randwrite,"
                        + " bs:4k, last:20. See docs/store.md."})
final class RunsCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SELECTOR", arity = "0..*", description = "which runs (default: all)")
    List<String> selector = new ArrayList<>();

    @Mixin
    DbOptions db = new DbOptions();

    @Mixin
    TableOutput output = new TableOutput();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        var query = Selectors.parse("runs", selector);
        output.check(spec.name(), spec.commandLine().getErr());
        try (ResultStore store = db.openExisting()) {
            var runs = store.find(query);
            if (runs.isEmpty() && !selector.isEmpty()) {
                // as show, compare and report: a selector that finds nothing is a query that failed (README, exit 1)
                throw new ExitException(ExitException.IO_FAILURE, "runs " + String.join(" ", selector)
                        + ": selects no runs (iobench runs lists them all)");
            }
            output.print(RunsTable.of(runs), spec.commandLine().getOut());
        }
        return 0;
    }
}
