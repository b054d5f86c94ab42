package org.iobench.job;

import java.util.Objects;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;

/**
 * How a job's requests are issued: by how many workers, how many in flight each, through which engine.
 *
 * @param threads      workers on the one target
 * @param iodepth      requests in flight per worker
 * @param batch        requests gathered per submission (async engines)
 * @param engine       engine name as the job gives it ({@code --engine NAME}, or a stored or imported run's)
 * @param fixedBuffers register buffers and files with the kernel ({@code --fixed-buffers})
 * @param described    what the engine is: its flags, which the layers reading a job ask instead of its name
 * @param submission   how requests go to the kernel and come back beyond depth and batch ({@link Submission})
 */
public record Queue(int threads, int iodepth, int batch, String engine, boolean fixedBuffers,
                    EngineDescription described, Submission submission) {
    public Queue {
        Objects.requireNonNull(engine, "engine");
        submission = submission == null ? Submission.DEFAULT : submission;
        described = described == null ? EngineCatalog.installed().describe(engine) : described.named(engine);
    }
}
