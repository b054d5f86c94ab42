package org.iobench.advise;

import java.util.Optional;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;

/**
 * The engine the advice suggests for more depth with fewer system calls per request: the first that keeps requests
 * in flight on buffered files too ({@link EngineFlag#ASYNC_BUFFERED}).
 */
final class DeepEngine {
    private DeepEngine() {}

    static Optional<String> name() {
        return EngineCatalog.installed().with(EngineFlag.ASYNC_BUFFERED).stream().map(EngineDescription::name)
                .findFirst();
    }
}
