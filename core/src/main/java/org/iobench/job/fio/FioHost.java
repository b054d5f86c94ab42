package org.iobench.job.fio;

import java.util.Map;
import java.util.Objects;

/**
 * What fio substitutes into a job file from the machine it runs on: {@code $pagesize} (bytes), {@code $mb_memory}
 * (physical memory in MiB), {@code $ncpus} (CPUs configured) and the environment for {@code ${VAR}}. The command
 * line fills it from the running system; tests give fixed values.
 */
public record FioHost(long pageSize, long memoryMib, int cpus, Map<String, String> environment) {
    public FioHost {
        environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
    }

    /** A fixed host for tests and for parsing without a machine: 4 KiB pages, 1 GiB, 1 CPU, no variables. */
    public static final FioHost PLAIN = new FioHost(4096, 1024, 1, Map.of());
}
