package org.iobench.engine;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;

/**
 * Makes engines of one kind; registered in {@link Engines}. An engine says what it is once, in its
 * {@link #description()} (its name, flags and fio's names for it); nothing outside the engines needs its name.
 */
public interface EngineProvider {
    /** What the engine is: name, flags, fio's names. */
    EngineDescription description();

    /** The name users type: {@code --engine NAME}. */
    default String name() {
        return description().name();
    }

    default boolean has(EngineFlag flag) {
        return description().has(flag);
    }

    /**
     * Why the engine cannot work on this system, found by trying: an engine of one request is made and closed (an
     * io_uring ring, an AIO context); empty when that worked. An engine that needs the job's own inputs to be made
     * (a program, files) answers empty: it needs nothing from the kernel beyond plain calls.
     */
    default Optional<String> unavailable() {
        try (IoEngine probe = create(new EngineOptions(1, 1, List.of(), false))) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** Creates an engine for one worker; throws when the engine cannot work on this system, saying why. */
    IoEngine create(EngineOptions options) throws IOException;
}
