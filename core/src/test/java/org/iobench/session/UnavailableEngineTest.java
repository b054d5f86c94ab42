package org.iobench.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.nullio.NullEngine;
import org.iobench.engine.psync.PsyncEngine;
import org.iobench.job.CrystalSuite;
import org.iobench.job.JobSpec;
import org.junit.jupiter.api.Test;

/**
 * An engine that is registered is not for that available: io_uring may be off in the kernel
 * ({@code kernel.io_uring_disabled}), refused by a seccomp filter or missing. Availability is found by trying, so the
 * crystal suite falls back to threads and messages stop suggesting an engine that cannot run.
 */
class UnavailableEngineTest {
    private final AtomicInteger tries = new AtomicInteger();

    /** Described as io_uring is, but io_uring_setup fails as on a kernel that has it disabled. */
    private final EngineProvider disabledRing = new EngineProvider() {
        @Override public EngineDescription description() {
            return EngineDescription.of("ring", "a ring", List.of("ring"), EngineFlag.ASYNC_BUFFERED,
                    EngineFlag.PER_REQUEST_PRIORITY, EngineFlag.REGISTERED_BUFFERS);
        }
        @Override public IoEngine create(EngineOptions options) throws IOException {
            tries.incrementAndGet();
            throw new IOException("io_uring is not available: it is disabled on this system"
                    + " (sysctl kernel.io_uring_disabled=2); use --engine psync");
        }
    };

    /** Described the same and working (null's queue behind it). */
    private final EngineProvider workingRing = new EngineProvider() {
        @Override public EngineDescription description() {
            return EngineDescription.of("ring", "a ring", List.of("ring"), EngineFlag.ASYNC_BUFFERED);
        }
        @Override public IoEngine create(EngineOptions options) throws IOException {
            return NullEngine.PROVIDER.create(options);
        }
    };

    @Test
    void aRegisteredEngineThatCannotBeMadeIsUnavailableAndSaysWhy() {
        Engines engines = Engines.of(PsyncEngine.PROVIDER, disabledRing);
        assertThat(engines.find("ring")).isPresent(); // registered: what the old check looked at
        assertThat(engines.available(disabledRing)).isFalse();
        assertThat(engines.unavailable(disabledRing)).hasValueSatisfying(why ->
                assertThat(why).contains("kernel.io_uring_disabled=2"));
        engines.available(disabledRing);
        assertThat(tries).as("tried once").hasValue(1);
    }

    @Test
    void theCrystalSuiteRunsItsQueueDepthsAsThreadsWhenTheRingEngineIsUnavailable() {
        assertThat(EngineChecks.deeper(Engines.of(PsyncEngine.PROVIDER, disabledRing))).isEmpty();
        assertThat(EngineChecks.deeper(Engines.of(PsyncEngine.PROVIDER, workingRing)))
                .hasValueSatisfying(d -> assertThat(d.name()).isEqualTo("ring"));

        List<JobSpec> jobs = CrystalSuite.jobs(Path.of("/tmp/x"), 1 << 20, 1_000_000_000L, false, null, 1);
        JobSpec q8 = jobs.getFirst();
        assertThat(q8.queue().threads()).isEqualTo(8);
        assertThat(q8.queue().iodepth()).isEqualTo(1);
        assertThat(q8.engine().has(EngineFlag.SYNC)).isTrue();
    }

    @Test
    void aDepthOnASynchronousEngineSuggestsOnlyAnEngineThatWorksHere() {
        JobSpec deep = JobSpec.builder(Path.of("/tmp/x")).iodepth(4).build();
        assertThatThrownBy(() -> EngineChecks.check(deep, Engines.of(PsyncEngine.PROVIDER, disabledRing)))
                .hasMessageEndingWith("use --threads N for parallelism");
        assertThatThrownBy(() -> EngineChecks.check(deep, Engines.of(PsyncEngine.PROVIDER, workingRing)))
                .hasMessageEndingWith("use --threads N for parallelism or --engine ring");
    }
}
