package org.iobench.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreLocation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code iobench delete ID...}: removes saved runs. */
@Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete saved runs by id.")
final class DeleteCommand implements Callable<Integer> {
    @Parameters(paramLabel = "ID", arity = "1..*", description = "ids of the runs to delete")
    List<Long> ids;

    @Mixin
    DbOptions db = new DbOptions();

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try (ResultStore store = db.openExisting()) {
            int status = 0;
            for (long id : ids) {
                if (store.delete(id)) {
                    spec.commandLine().getOut().println("deleted run " + id);
                } else {
                    spec.commandLine().getErr().println("iobench: no run " + id + " in " + StoreLocation.describe(store.url()));
                    status = ExitException.IO_FAILURE;
                }
            }
            spec.commandLine().getOut().flush();
            spec.commandLine().getErr().flush();
            return status;
        }
    }
}
