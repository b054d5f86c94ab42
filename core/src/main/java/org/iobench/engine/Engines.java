package org.iobench.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

    public static Set<String> names() {
        return PROVIDERS.keySet();
    }
}
