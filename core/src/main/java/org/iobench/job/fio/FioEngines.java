package org.iobench.job.fio;

import java.util.Optional;
import java.util.stream.Collectors;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;

/**
 * fio's engine names that have an iobench engine doing the same I/O, and that engine: each engine lists the fio
 * names it answers to in its own description ({@link EngineDescription#fioNames()}).
 */
public final class FioEngines {
    /** For messages: the fio engines iobench runs, those with several names marked with iobench's name. */
    public static final String KNOWN = EngineCatalog.installed().engines().stream()
            .filter(d -> !d.fioNames().isEmpty())
            .map(d -> String.join(", ", d.fioNames())
                    + (d.fioNames().size() > 1 ? " (iobench's " + d.name() + ")" : ""))
            .collect(Collectors.joining(", "));

    private FioEngines() {}

    /**
     * iobench's engine for fio's {@code name}: fio's synchronous one-request-per-call engines are psync
     * ({@code pread}/{@code pwrite} do the same I/O as {@code read}, {@code readv} or {@code preadv2}); empty when
     * iobench has none.
     */
    public static Optional<String> iobench(String name) {
        return describe(name).map(EngineDescription::name);
    }

    /** The description of iobench's engine for fio's {@code name}; empty when iobench has none. */
    public static Optional<EngineDescription> describe(String name) {
        return EngineCatalog.installed().byFioName(name);
    }

    /** The engine a job file without {@code ioengine=} runs: fio's default, plain positional calls. */
    public static EngineDescription standard() {
        return EngineCatalog.installed().defaultEngine();
    }
}
