package org.iobench.job;

import java.util.Set;

/**
 * Which engine names stand for runs that move no data to or from storage: iobench's {@code null} engine, and the
 * engines fio marks diskless ({@code cpuio}, {@code exec}, {@code net}, {@code netsplice}, {@code rdma}), whose runs
 * arrive here through {@code iobench import}, and fio's file-operation engines ({@code filecreate}, {@code filestat},
 * {@code filedelete}: metadata calls, no data). Their figures measure a harness, a CPU, a network or metadata calls: they are kept
 * apart from storage runs (the store's workload key includes their engine) and the storage advice skips them.
 *
 * <p>This list is for the layers that only see names (job, store, advise); engines describe themselves through
 * {@code EngineProvider.storage()}, and a test keeps the two in agreement.
 */
public final class EngineKinds {
    public static final Set<String> NON_STORAGE = Set.of("null", "cpuio", "exec", "net", "netsplice", "rdma",
            "filecreate", "filestat", "filedelete");

    private EngineKinds() {}

    /** False for the engines of {@link #NON_STORAGE}. */
    public static boolean storesData(String engine) {
        return !NON_STORAGE.contains(engine);
    }
}
