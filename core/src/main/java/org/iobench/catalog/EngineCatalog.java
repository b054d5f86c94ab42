package org.iobench.catalog;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The engines iobench has, as descriptions: what the layers above the engines (job, result, advise, store, report)
 * read instead of engine names. The engine package provides the one in use ({@link #installed()}, found with
 * {@link ServiceLoader} so that nothing upstream depends on the engines); tests may make their own.
 */
public interface EngineCatalog {
    /** The engines iobench runs, in the order help lists them; the first is the default ({@code --engine}'s). */
    List<EngineDescription> engines();

    /** Engines of fio that iobench does not run, known so that imported runs of them are classified. */
    default List<EngineDescription> foreign() {
        return List.of();
    }

    default Optional<EngineDescription> byName(String name) {
        return engines().stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /** The engine iobench runs for fio's {@code ioengine=fioName}; empty when iobench has none. */
    default Optional<EngineDescription> byFioName(String fioName) {
        return engines().stream().filter(d -> d.answersTo(fioName)).findFirst();
    }

    /**
     * What a recorded engine name is (a job's, a stored run's, an imported fio run's): iobench's engine of that name,
     * else the engine fio's name means, else a foreign fio engine, else {@link EngineDescription#unknown unknown}; it
     * keeps the recorded name.
     */
    default EngineDescription describe(String recorded) {
        return byName(recorded)
                .or(() -> byFioName(recorded))
                .or(() -> foreign().stream().filter(d -> d.answersTo(recorded)).findFirst())
                .map(d -> d.named(recorded))
                .orElseGet(() -> EngineDescription.unknown(recorded));
    }

    /** The engine a job runs when it names none: plain positional system calls, as fio's default. */
    default EngineDescription defaultEngine() {
        return engines().getFirst();
    }

    /** The engines with {@code flag}, in order. */
    default List<EngineDescription> with(EngineFlag flag) {
        return engines().stream().filter(d -> d.has(flag)).toList();
    }

    /** Their names for a message: {@code "libaio or uring"} with {@code "or"}. */
    static String names(List<EngineDescription> engines, String conjunction) {
        List<String> names = engines.stream().map(EngineDescription::name).toList();
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return names.subList(0, names.size() - 1).stream().collect(Collectors.joining(", "))
                + " " + conjunction + " " + names.getLast();
    }

    /** The catalog of the engines in this build. */
    static EngineCatalog installed() {
        return Installed.CATALOG;
    }

    /** Loaded once: the engines do not change while iobench runs. */
    final class Installed {
        private static final EngineCatalog CATALOG = ServiceLoader.load(EngineCatalog.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no engine catalog on the class path"));

        private Installed() {}
    }
}
