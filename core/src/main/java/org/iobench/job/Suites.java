package org.iobench.job;

import java.nio.file.Path;
import java.util.List;

/** Named sets of jobs. */
public final class Suites {
    private Suites() {}

    /**
     * The default suite of {@code iobench} without arguments, on one scratch file of {@code size} bytes: 1 MiB
     * sequential write with a final fdatasync (creates the file), 1 MiB sequential read with the cache dropped,
     * then 4 KiB random read and 4 KiB random write with O_DIRECT (buffered with the cache dropped and a final
     * fdatasync where O_DIRECT is refused), each capped in time so the suite takes about 20-30 s. The later jobs
     * use the file as the write left it.
     */
    public static List<JobSpec> quick(Path file, long size, boolean direct) {
        JobSpec.Builder base = JobSpec.builder(file).sizeBytes(size);
        long seconds = 1_000_000_000L;
        JobSpec write = base.name("seq-write-1m").rw(RwMode.WRITE).blockSize(1 << 20).sync(SyncMode.FDATASYNC)
                .keep(true).build();
        // explicit sizes: a time cap then ends a job early on a slow disk but never makes it re-read the file
        // from the cache the first pass filled
        JobSpec read = JobSpec.builder(file).name("seq-read-1m").rw(RwMode.READ).blockSize(1 << 20)
                .sizeBytes(size).dropCache(true).timeNanos(10 * seconds).build();
        JobSpec randRead = JobSpec.builder(file).name("rand-read-4k").rw(RwMode.RANDREAD).blockSize(4096)
                .sizeBytes(size).direct(direct).dropCache(!direct).timeNanos(6 * seconds).build();
        JobSpec randWrite = JobSpec.builder(file).name("rand-write-4k").rw(RwMode.RANDWRITE).blockSize(4096)
                .sizeBytes(size).direct(direct).sync(SyncMode.FDATASYNC)
                .timeNanos(6 * seconds).build();
        return List.of(write, read, randRead, randWrite);
    }

    /**
     * What the quick suite does on purpose: its 4 KiB random jobs keep one request in flight, to show the device's
     * latency at queue depth 1 next to the sequential throughput.
     */
    public static List<Deliberate> quickDeliberate() {
        String why = "one request in flight on purpose: this job measures latency at queue depth 1";
        return List.of(new Deliberate("rand-read-4k", "not-saturated", why),
                new Deliberate("rand-write-4k", "not-saturated", why));
    }
}
