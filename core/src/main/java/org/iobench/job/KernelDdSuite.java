package org.iobench.job;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The dd test matrix of the 2.6.24-rc1 thread on LKML (user story 002), scaled to {@code size}: dd1 writes
 * {@code size} bytes from /dev/zero with 1 MiB blocks, dd2 two writers of half that in parallel, dd3 three of a
 * third; each also with O_DIRECT ({@code -dir}). Every writer ends with an fdatasync inside its time, as the
 * story's "final sync" asked. Files are new in {@code directory} and removed after each test.
 */
public final class KernelDdSuite {
    private static final long MIB = 1 << 20;

    private KernelDdSuite() {}

    /** The stages in the story's order: dd1, dd1-dir, dd2, dd2-dir, dd3, dd3-dir. */
    public static List<List<JobSpec>> stages(Path directory, long size, int runs) {
        if (size < 3 * MIB) {
            throw new InvalidJobException("--size", Sizes.binary(size), "the kernel-dd suite needs at least 3MiB"
                    + " (dd3 writes three thirds of it in 1MiB blocks)");
        }
        List<List<JobSpec>> stages = new ArrayList<>();
        for (int writers = 1; writers <= 3; writers++) {
            for (boolean direct : new boolean[] {false, true}) {
                String test = "dd" + writers + (direct ? "-dir" : "");
                long each = Math.max(MIB, size / writers / MIB * MIB);
                List<JobSpec> stage = new ArrayList<>();
                for (int w = 1; w <= writers; w++) {
                    String name = writers == 1 ? test : test + "." + w;
                    stage.add(JobSpec.builder(directory.resolve("iobench-" + name)).name(name).rw(RwMode.WRITE)
                            .blockSize(MIB).sizeBytes(each).direct(direct).sync(SyncMode.FDATASYNC).runs(runs)
                            .group(writers == 1 ? "" : test).build());
                }
                stages.add(stage);
            }
        }
        return stages;
    }
}
