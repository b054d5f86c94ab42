package org.iobench.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.iobench.engine.cpuio.CpuioEngine;
import org.iobench.engine.exec.ExecEngine;
import org.iobench.engine.falloc.FallocEngine;
import org.iobench.engine.fileops.FileOpEngine;
import org.iobench.engine.ftruncate.FtruncateEngine;
import org.iobench.engine.libaio.LibaioEngine;
import org.iobench.engine.nullio.NullEngine;
import org.iobench.engine.psync.PsyncEngine;
import org.iobench.engine.uring.UringEngine;

/** The registry of engines by name. */
public final class Engines {
    private static final Map<String, EngineProvider> PROVIDERS = new LinkedHashMap<>();

    static {
        register(PsyncEngine.PROVIDER);
        register(UringEngine.PROVIDER);
        register(LibaioEngine.PROVIDER);
        register(NullEngine.PROVIDER);
        register(FtruncateEngine.PROVIDER);
        register(FallocEngine.PROVIDER);
        register(CpuioEngine.PROVIDER);
        register(ExecEngine.PROVIDER);
        register(FileOpEngine.CREATE);
        register(FileOpEngine.STAT);
        register(FileOpEngine.DELETE);
    }

    private Engines() {}

    private static void register(EngineProvider provider) {
        PROVIDERS.put(provider.name(), provider);
    }

    public static Optional<EngineProvider> byName(String name) {
        return Optional.ofNullable(PROVIDERS.get(name));
    }

    /** The engine called {@code name}; every front end and runner finds engines here, with one message. */
    public static EngineProvider require(String name) {
        return byName(name).orElseThrow(() -> new UnknownEngineException(name));
    }

    /**
     * The engine of set-up and check I/O, whatever a job's engine: laying out a new file, dropping a target's cache
     * before a run, reading a target back to verify it. Plain system calls on the calling thread ({@code psync}), as
     * fio lays out files; measured I/O goes through the job's own engine.
     */
    public static EngineProvider setup() {
        return PsyncEngine.PROVIDER;
    }

    /** An engine of {@link #setup()}'s kind, one request deep, for set-up I/O on the calling thread. */
    public static IoEngine forSetup() {
        return new PsyncEngine();
    }

    public static Set<String> names() {
        return PROVIDERS.keySet();
    }
}
