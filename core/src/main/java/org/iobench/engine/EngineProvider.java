package org.iobench.engine;

import java.io.IOException;

/** Makes engines of one kind; registered in {@link Engines}. */
public interface EngineProvider {
    /** The name users type: {@code --engine NAME}. */
    String name();

    /** True when the engine can only keep one request in flight per worker. */
    boolean synchronous();

    /** Creates an engine for one worker; throws when the engine cannot work on this system, saying why. */
    IoEngine create(EngineOptions options) throws IOException;
}
