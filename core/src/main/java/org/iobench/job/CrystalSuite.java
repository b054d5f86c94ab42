package org.iobench.job;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * CrystalDiskMark's default set on one scratch file: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1 and RND4K Q1T1, reads
 * first, then writes, with O_DIRECT where the filesystem allows it. Queue depth needs an asynchronous engine;
 * without one each queue slot becomes a thread (Q8T1 runs as 8 psync threads), which loads the device alike but
 * is not the same thing, so callers say so.
 */
public final class CrystalSuite {
    /** One test of the set: its label, block size and queue depth. */
    public record Test(String label, long blockSize, int queueDepth, boolean random) {}

    public static final List<Test> TESTS = List.of(
            new Test("SEQ1M Q8T1", 1 << 20, 8, false),
            new Test("SEQ1M Q1T1", 1 << 20, 1, false),
            new Test("RND4K Q32T1", 4096, 32, true),
            new Test("RND4K Q1T1", 4096, 1, true));

    private CrystalSuite() {}

    /**
     * @param file      a scratch file that does not exist yet: the first read creates and fills it and keeps it
     *                  for the other tests, which rewrite it as the file this process made (no consent is granted:
     *                  a file found at that name is never written); the caller removes it at the end
     * @param asyncEngine the engine that can keep {@code Q} requests in flight, or null to use threads
     */
    public static List<JobSpec> jobs(Path file, long size, long timeNanos, boolean direct, String asyncEngine,
                                     int runs) {
        List<JobSpec> jobs = new ArrayList<>();
        for (boolean write : new boolean[] {false, true}) {
            for (Test t : TESTS) {
                JobSpec.Builder b = JobSpec.builder(file).name(t.label() + (write ? " write" : " read"))
                        .rw(t.random() ? (write ? RwMode.RANDWRITE : RwMode.RANDREAD)
                                : (write ? RwMode.WRITE : RwMode.READ))
                        .blockSize(t.blockSize()).sizeBytes(size).timeNanos(timeNanos).direct(direct)
                        .dropCache(!direct && !write).runs(runs).keep(true);
                if (t.queueDepth() > 1 && asyncEngine != null) {
                    b.engine(asyncEngine).iodepth(t.queueDepth()).batch(1);
                } else {
                    b.threads(t.queueDepth());
                }
                jobs.add(b.build());
            }
        }
        return jobs;
    }

    /** Its Q1T1 tests keep one request in flight on purpose: CrystalDiskMark shows latency-bound figures there. */
    public static List<Deliberate> deliberate() {
        List<Deliberate> d = new ArrayList<>();
        for (String op : List.of(" read", " write")) {
            for (Test t : TESTS) {
                if (t.queueDepth() == 1) {
                    d.add(new Deliberate(t.label() + op, "not-saturated",
                            "one request in flight on purpose: CrystalDiskMark's Q1T1 shows latency at queue depth 1"));
                }
            }
        }
        return d;
    }
}
