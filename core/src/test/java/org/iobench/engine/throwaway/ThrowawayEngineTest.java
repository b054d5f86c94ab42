package org.iobench.engine.throwaway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.engine.psync.PsyncEngine;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.report.RunText;
import org.iobench.result.RunResult;
import org.iobench.result.TargetInfo;
import org.iobench.workload.JobRunner;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.iobench.workload.files.PreparedTarget;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A new engine is its package and one registration line: the rest of iobench learns it from its description. */
class ThrowawayEngineTest {
    @TempDir
    Path dir;

    @Test
    void anEngineOfItsOwnPackageRunsAJobAfterOneRegistrationLine() throws IOException {
        Engines engines = Engines.of(PsyncEngine.PROVIDER,
                ThrowawayEngine.PROVIDER); // the one line
        EngineProvider throwaway = engines.get("throwaway");
        assertThat(engines.available(throwaway)).isTrue();
        assertThat(engines.firstAvailable(d -> d.answersTo("throwaway-fio"))).contains(throwaway);

        JobSpec spec = JobSpec.builder(dir.resolve("f")).rw(RwMode.WRITE).blockSize(4096).sizeBytes(1 << 20)
                .engine(throwaway.description()).build();
        assertThat(spec.engine().has(EngineFlag.SYNC)).isTrue();
        assertThat(spec.storesData()).isTrue();
        RunResult r;
        try (PreparedTarget target = TargetPreparer.system().prepare(spec)) {
            r = new JobRunner(NanoClock.SYSTEM, 1_000_000_000L, 0).run(spec, target, 1, new RunControl(),
                    RunListener.NONE, throwaway);
        }
        assertThat(r.complete()).isTrue();
        assertThat(r.totals().bytesWritten()).isEqualTo(1 << 20);
        assertThat(r.totals().writes()).isEqualTo(256);
        assertThat(RunText.heading(spec, new TargetInfo("file", "f", true, 1 << 20, 512, 4096, null, null)))
                .contains(", throwaway,");
    }
}
