package org.iobench.engine;

import java.util.List;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;

/**
 * The installed engines' descriptions for the layers that may not depend on the engines (job, store, advise): found
 * by {@link EngineCatalog#installed()} through {@code META-INF/services}.
 */
public final class InstalledCatalog implements EngineCatalog {
    private final List<EngineDescription> engines = Engines.installed().descriptions();

    @Override
    public List<EngineDescription> engines() {
        return engines;
    }

    @Override
    public List<EngineDescription> foreign() {
        return Engines.FOREIGN;
    }
}
