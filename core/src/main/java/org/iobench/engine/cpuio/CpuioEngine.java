package org.iobench.engine.cpuio;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.CpuWork;
import org.iobench.engine.DisklessEngine;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;

/**
 * fio's {@code cpuio} engine: no I/O; each request burns the CPU, spinning for the burn's length ({@code noop}) or
 * sorting 256 Ki integers four times as fio does ({@code qsort}: ascending, descending, by byte, descending), and
 * completes having moved 0 bytes. The pause that sets the job's CPU load follows each request (the worker's
 * throttle). Its runs measure a CPU, not storage: a non-storage engine. Files are named, never opened (fio's cpuio
 * opens nothing either).
 */
public final class CpuioEngine implements DisklessEngine {
    public static final EngineProvider PROVIDER = new EngineProvider() {
        private final EngineDescription description = EngineDescription.of("cpuio", null, List.of("cpuio"),
                EngineFlag.SYNC, EngineFlag.OUTSIDE_PROC_IO, EngineFlag.DISKLESS, EngineFlag.BURNS_CPU);
        @Override public EngineDescription description() { return description; }
        /** It burns CPU: nothing to try. */
        @Override public Optional<String> unavailable() { return Optional.empty(); }
        @Override public IoEngine create(EngineOptions options) {
            return new CpuioEngine(options.input(CpuWork.class).orElseThrow(() -> new IllegalArgumentException(
                    "the cpuio engine needs what to burn (cpuload=)")), options.clock());
        }
    };

    /** fio's {@code qsort_size}: 256 Ki 32-bit integers. */
    private static final int QSORT_INTS = 256 * 1024;

    private final CpuWork burn;
    private final NanoClock clock;
    private final int[] data;
    private final Integer[] boxed;
    private final byte[] bytes;

    private CpuioEngine(CpuWork burn, NanoClock clock) {
        this.burn = burn;
        this.clock = clock;
        if (burn.qsort()) {
            data = new int[QSORT_INTS];
            long w = 521288629L;
            long z = 362436069L;
            for (int i = 0; i < data.length; i++) { // fio's multiply-with-carry entropy
                z = 36969 * (z & 65535) + (z >>> 16);
                w = 18000 * (w & 65535) + (w >>> 16);
                data[i] = (int) ((z << 16) + w);
            }
            boxed = new Integer[QSORT_INTS];
            bytes = new byte[QSORT_INTS * 4];
        } else {
            data = null;
            boxed = null;
            bytes = null;
        }
    }

    @Override
    public String name() {
        return "cpuio";
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        r.submitNanos(clock.nanoTime());
        if (burn.qsort()) {
            sorts();
        } else {
            // The spin is the work (a noop burn keeps the CPU busy for the chunk), not a wait: no idle strategy.
            long until = r.submitNanos() + burn.chunkNanos();
            while (clock.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
        r.complete(0);
        return SubmitStatus.COMPLETED;
    }

    /** fio's do_qsort: ascending, descending, by byte, descending again. */
    private void sorts() {
        Arrays.sort(data);
        for (int i = 0; i < data.length; i++) {
            boxed[i] = data[i];
        }
        Arrays.sort(boxed, (a, b) -> Integer.compare(b, a));
        for (int i = 0; i < data.length; i++) {
            int v = boxed[i];
            bytes[4 * i] = (byte) v;
            bytes[4 * i + 1] = (byte) (v >>> 8);
            bytes[4 * i + 2] = (byte) (v >>> 16);
            bytes[4 * i + 3] = (byte) (v >>> 24);
        }
        Arrays.sort(bytes);
        for (int i = 0; i < data.length; i++) {
            data[i] = (bytes[4 * i] & 0xff) | (bytes[4 * i + 1] & 0xff) << 8 | (bytes[4 * i + 2] & 0xff) << 16
                    | bytes[4 * i + 3] << 24;
        }
        for (int i = 0; i < data.length; i++) {
            boxed[i] = data[i];
        }
        Arrays.sort(boxed, (a, b) -> Integer.compare(b, a));
        for (int i = 0; i < data.length; i++) {
            data[i] = boxed[i];
        }
    }
}
