package org.iobench.job;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The dd test matrix of the 2.6.24-rc1 thread on LKML (user story 002), scaled to {@code size}: dd1 writes
 * {@code size} bytes from /dev/zero with 1 MiB blocks, dd2 two writers of half that in parallel, dd3 three of a
 * third; each also with O_DIRECT ({@code -dir}). With a second directory ({@code remote}, an NFS mount in the
 * story): net1 copies a third of {@code size} from a file there to the local directory, mix3 runs three writers of a
 * third at once, one local and two remote. Every writer ends with an fdatasync inside its time, as the story's
 * "final sync" asked. Files are new and removed after each test.
 */
public final class KernelDdSuite {
    private static final long MIB = 1 << 20;
    /** The name of net1's source file in the remote directory, which the suite writes before the tests. */
    public static final String NET1_SOURCE = "iobench-net1.src";

    private KernelDdSuite() {}

    /**
     * The stages in the story's order: dd1, dd1-dir, dd2, dd2-dir, dd3, dd3-dir, then net1 and mix3 when
     * {@code remote} is given (else null).
     */
    public static List<List<JobSpec>> stages(Path directory, Path remote, long size, int runs) {
        if (size < 3 * MIB) {
            throw new InvalidJobException("--size", Sizes.binary(size), "the kernel-dd suite needs at least 3MiB"
                    + " (dd3 writes three thirds of it in 1MiB blocks)");
        }
        List<List<JobSpec>> stages = new ArrayList<>();
        for (int writers = 1; writers <= 3; writers++) {
            for (boolean direct : new boolean[] {false, true}) {
                String test = "dd" + writers + (direct ? "-dir" : "");
                List<JobSpec> stage = new ArrayList<>();
                for (int w = 1; w <= writers; w++) {
                    stage.add(writer(directory, test, w, writers, each(size, writers), direct, runs));
                }
                stages.add(stage);
            }
        }
        if (remote != null) {
            long third = each(size, 3);
            stages.add(List.of(JobSpec.builder(directory.resolve("iobench-net1")).name("net1").rw(RwMode.COPY)
                    .source(net1Source(remote)).blockSize(MIB).sizeBytes(third).sync(SyncMode.FDATASYNC).runs(runs)
                    .build()));
            stages.add(List.of(writer(directory, "mix3", 1, 3, third, false, runs),
                    writer(remote, "mix3", 2, 3, third, false, runs),
                    writer(remote, "mix3", 3, 3, third, false, runs)));
        }
        return stages;
    }

    /**
     * Every job keeps one request in flight on purpose: the story's tests are dd, one writer per file, so their
     * figures are what dd gives at queue depth 1; the advisor says so in a note instead of a warning.
     */
    public static List<Deliberate> deliberate() {
        String why = "one request in flight on purpose: the story's dd (one writer per file, queue depth 1)";
        List<Deliberate> d = new ArrayList<>();
        for (int writers = 1; writers <= 3; writers++) {
            for (String suffix : List.of("", "-dir")) {
                String test = "dd" + writers + suffix;
                for (int w = 1; w <= writers; w++) {
                    d.add(new Deliberate(writers == 1 ? test : test + "." + w, "not-saturated", why));
                }
            }
        }
        d.add(new Deliberate("net1", "not-saturated", why));
        for (int w = 1; w <= 3; w++) {
            d.add(new Deliberate("mix3." + w, "not-saturated", why));
        }
        return d;
    }

    /** The file net1 copies from: {@link #NET1_SOURCE} in {@code remote}, a third of the suite's size. */
    public static Path net1Source(Path remote) {
        return remote.resolve(NET1_SOURCE);
    }

    /** Bytes per writer of a test with {@code writers} writers: whole MiB, at least one. */
    public static long each(long size, int writers) {
        return Math.max(MIB, size / writers / MIB * MIB);
    }

    private static JobSpec writer(Path dir, String test, int w, int writers, long bytes, boolean direct, int runs) {
        String name = writers == 1 ? test : test + "." + w;
        return JobSpec.builder(dir.resolve("iobench-" + name)).name(name).rw(RwMode.WRITE).blockSize(MIB)
                .sizeBytes(bytes).direct(direct).sync(SyncMode.FDATASYNC).runs(runs)
                .group(writers == 1 ? "" : test).build();
    }
}
