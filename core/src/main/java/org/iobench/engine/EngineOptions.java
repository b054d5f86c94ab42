package org.iobench.engine;

import java.util.List;
import java.util.Optional;
import org.iobench.sys.NativeBuffer;

/**
 * What an engine is told when a worker creates it.
 *
 * @param iodepth      requests the worker keeps in flight (1 for synchronous engines)
 * @param batch        how many requests to gather before handing them to the kernel (async engines)
 * @param buffers      the request buffers, for engines that register them
 * @param fixedBuffers register buffers, and the files it opens, with the kernel where the engine can
 * @param input        the engine's own input ({@link EngineInput}); null for engines that take none
 */
public record EngineOptions(int iodepth, int batch, List<NativeBuffer> buffers, boolean fixedBuffers,
                            EngineInput input) {
    public EngineOptions(int iodepth, int batch, List<NativeBuffer> buffers, boolean fixedBuffers) {
        this(iodepth, batch, buffers, fixedBuffers, null);
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

    /** The engine's own input of {@code type}; empty when the worker gave none or one of another engine. */
    public <T extends EngineInput> Optional<T> input(Class<T> type) {
        return type.isInstance(input) ? Optional.of(type.cast(input)) : Optional.empty();
    }
}
