package org.iobench.engine;

import java.util.List;
import org.iobench.sys.NativeBuffer;

/**
 * What an engine is told when a worker creates it.
 *
 * @param iodepth   requests the worker keeps in flight (1 for synchronous engines)
 * @param batch     how many requests to gather before handing them to the kernel (async engines)
 * @param buffers   the request buffers, for engines that register them
 * @param fixedBuffers register buffers, and the files it opens, with the kernel where the engine can
 * @param cpu       what the cpuio engine does per request; null for the others
 * @param exec      the program the exec engine runs; null for the others
 * @param fileOps   the files of the filecreate, filestat and filedelete engines; null for the others
 */
public record EngineOptions(int iodepth, int batch, List<NativeBuffer> buffers, boolean fixedBuffers,
                            CpuWork cpu, ExecWork exec, FileOpWork fileOps) {
    public EngineOptions(int iodepth, int batch, List<NativeBuffer> buffers, boolean fixedBuffers) {
        this(iodepth, batch, buffers, fixedBuffers, null, null, null);
    }

    public EngineOptions(int iodepth, int batch, List<NativeBuffer> buffers, boolean fixedBuffers, CpuWork cpu) {
        this(iodepth, batch, buffers, fixedBuffers, cpu, null, null);
    }

    public EngineOptions(int iodepth, int batch, List<NativeBuffer> buffers, boolean fixedBuffers, CpuWork cpu,
                         ExecWork exec) {
        this(iodepth, batch, buffers, fixedBuffers, cpu, exec, null);
    }

    public EngineOptions {
        if (iodepth < 1) {
            throw new IllegalArgumentException("iodepth must be >= 1: iodepth=" + iodepth);
        }
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be >= 1: batch=" + batch);
        }
        buffers = List.copyOf(buffers);
    }
}
