package org.iobench.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.cpuio.CpuioEngine;
import org.iobench.engine.exec.ExecEngine;
import org.iobench.engine.falloc.FallocEngine;
import org.iobench.engine.fileops.FileOpEngine;
import org.iobench.engine.ftruncate.FtruncateEngine;
import org.iobench.engine.libaio.LibaioEngine;
import org.iobench.engine.net.NetEngine;
import org.iobench.engine.nullio.NullEngine;
import org.iobench.engine.psync.PsyncEngine;
import org.iobench.engine.uring.UringEngine;

/**
 * The registry of engines by name. A new engine is its package and one line in {@link #INSTALLED}; everything else
 * learns what it is from its {@link EngineProvider#description() description}. Tests make registries of their own
 * ({@link #of}) to stand up an engine that is registered but unavailable, or a throwaway one.
 */
public final class Engines {
    private static final Engines INSTALLED = of(
            PsyncEngine.PROVIDER,
            UringEngine.PROVIDER,
            LibaioEngine.PROVIDER,
            NullEngine.PROVIDER,
            FtruncateEngine.PROVIDER,
            FallocEngine.PROVIDER,
            CpuioEngine.PROVIDER,
            ExecEngine.PROVIDER,
            FileOpEngine.CREATE,
            FileOpEngine.STAT,
            FileOpEngine.DELETE,
            NetEngine.PROVIDER);

    /**
     * fio's engines iobench does not run whose runs are known to be diskless, so that an imported run of one is
     * kept apart from storage runs: the network engines fio marks {@code FIO_DISKLESSIO} that iobench does not run.
     */
    static final List<EngineDescription> FOREIGN = List.of(
            EngineDescription.foreign("netsplice", EngineFlag.DISKLESS),
            EngineDescription.foreign("rdma", EngineFlag.DISKLESS));

    private final Map<String, EngineProvider> providers = new LinkedHashMap<>();
    /** What trying each engine found: empty when it works here. Trying once is enough: the kernel stays the same. */
    private final Map<String, Optional<String>> tried = new ConcurrentHashMap<>();

    private Engines() {}

    /** A registry of {@code providers}, in order; the first is the default and set-up engine. */
    public static Engines of(EngineProvider... providers) {
        Engines e = new Engines();
        for (EngineProvider p : providers) {
            if (e.providers.putIfAbsent(p.name(), p) != null) {
                throw new IllegalArgumentException("two engines are named " + p.name());
            }
        }
        if (e.providers.isEmpty()) {
            throw new IllegalArgumentException("a registry needs at least one engine");
        }
        return e;
    }

    /** The engines of this build. */
    public static Engines installed() {
        return INSTALLED;
    }

    public Optional<EngineProvider> find(String name) {
        return Optional.ofNullable(providers.get(name));
    }

    /** The engine called {@code name}, with one message when there is none. */
    public EngineProvider get(String name) {
        return find(name).orElseThrow(() -> new UnknownEngineException(name));
    }

    public List<EngineProvider> all() {
        return List.copyOf(providers.values());
    }

    /** Why {@code provider} cannot work here, tried once ({@link EngineProvider#unavailable()}); empty: it works. */
    public Optional<String> unavailable(EngineProvider provider) {
        return tried.computeIfAbsent(provider.name(), n -> provider.unavailable());
    }

    public boolean available(EngineProvider provider) {
        return unavailable(provider).isEmpty();
    }

    /** The first engine, in registration order, whose description fits and that works here. */
    public Optional<EngineProvider> firstAvailable(Predicate<EngineDescription> fits) {
        return providers.values().stream().filter(p -> fits.test(p.description())).filter(this::available)
                .findFirst();
    }

    /** The descriptions, in order. */
    public List<EngineDescription> descriptions() {
        List<EngineDescription> out = new ArrayList<>();
        providers.values().forEach(p -> out.add(p.description()));
        return out;
    }

    // ---- the installed registry, for the callers that have no other

    public static Optional<EngineProvider> byName(String name) {
        return INSTALLED.find(name);
    }

    /** The engine called {@code name}; every front end and runner finds engines here, with one message. */
    public static EngineProvider require(String name) {
        return INSTALLED.get(name);
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
        return INSTALLED.providers.keySet();
    }
}
