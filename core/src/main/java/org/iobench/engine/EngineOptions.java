package org.iobench.engine;

import java.util.List;
import java.util.Optional;
import org.iobench.clock.NanoClock;
import org.iobench.sys.NativeBuffer;

/**
 * What an engine is told when a worker creates it.
 *
 * @param iodepth      requests the worker keeps in flight (1 for synchronous engines)
 * @param batch        how many requests to gather before handing them to the kernel (async engines)
 * @param buffers      the request buffers, for engines that register them
 * @param fixedBuffers register buffers, and the files it opens, with the kernel where the engine can
 * @param input        the engine's own input ({@link EngineInput}); null for engines that take none
 * @param clock        the run's clock: engines stamp submission times ({@link IoRequest#submitNanos}) with it, on the
 *                     time base of the worker's issue and completion times
 * @param setup        how the kernel queue is set up (registered files, a submission thread, polled completions)
 */
public record EngineOptions(int iodepth, int batch, List<NativeBuffer> buffers, boolean fixedBuffers,
                            EngineInput input, NanoClock clock, QueueSetup setup) {
    /** Options on the system clock, without an input of the engine's own. */
    public EngineOptions(int iodepth, int batch, List<NativeBuffer> buffers, boolean fixedBuffers) {
        this(iodepth, batch, buffers, fixedBuffers, null, NanoClock.SYSTEM);
    }

    /** Options with the engine's own queue set-up ({@link QueueSetup#NONE}). */
    public EngineOptions(int iodepth, int batch, List<NativeBuffer> buffers, boolean fixedBuffers,
                         EngineInput input, NanoClock clock) {
        this(iodepth, batch, buffers, fixedBuffers, input, clock, QueueSetup.NONE);
    }

    public EngineOptions {
        if (iodepth < 1) {
            throw new IllegalArgumentException("iodepth must be >= 1: iodepth=" + iodepth);
        }
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be >= 1: batch=" + batch);
        }
        buffers = List.copyOf(buffers);
        clock = clock == null ? NanoClock.SYSTEM : clock;
        setup = setup == null ? QueueSetup.NONE : setup;
    }

    /** The engine's own input of {@code type}; empty when the worker gave none or one of another engine. */
    public <T extends EngineInput> Optional<T> input(Class<T> type) {
        return type.isInstance(input) ? Optional.of(type.cast(input)) : Optional.empty();
    }
}
