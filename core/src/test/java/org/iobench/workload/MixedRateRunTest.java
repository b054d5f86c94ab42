package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.job.JobSpec;
import org.iobench.job.fio.FioJobFile;
import org.iobench.result.RunResult;
import org.iobench.testing.TickingClock;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio job files with rates on mixed jobs, run for real on a cached file, on a clock that moves only by the run's own
 * readings and sleeps ({@link TickingClock}): the counts are what fio 3.33's rate_ddir lets through in the run's
 * time, whatever the machine's load.
 */
@Timeout(120)
class MixedRateRunTest {
    @TempDir
    Path dir;

    private RunResult run(String options) throws IOException {
        Path file = Files.write(dir.resolve("data"), new byte[1 << 20]);
        JobSpec spec = FioJobFile.parse("t.fio", "[j]\nsize=1m\nbs=4k\nioengine=psync\ntime_based\nruntime=2s\n"
                + options.replace(' ', '\n') + "\n", false).jobs().getFirst().toBuilder().target(file)
                .allowOverwrite(true).build();
        return new Benchmark(TargetPreparer.system(), TickingClock.standard(), 1_000_000_000L, 0)
                .execute(spec, new RunControl(), RunListener.NONE).runs().getFirst();
    }

    @Test
    void eachDirectionRunsAtItsOwnRateWhateverTheMix() throws IOException {
        // fio 3.33: 200 reads and 200 writes in 2 s (iobench before: 200 and 50, the mix's 80:20 under the read cap)
        RunResult r = run("rw=randrw rwmixread=80 rate_iops=100");
        assertThat(r.totals().reads()).isBetween(195L, 201L);
        assertThat(r.totals().writes()).isBetween(195L, 201L);
    }

    @Test
    void withARateOnWritesOnlyTheReadsRunUnthrottled() throws IOException {
        // fio 3.33: 100 writes and as many reads as the device does (iobench before: about 100 of each)
        RunResult r = run("rw=randrw rwmixread=50 rate_iops=,50");
        assertThat(r.totals().writes()).isBetween(95L, 101L);
        assertThat(r.totals().reads()).isGreaterThan(10 * r.totals().writes());
    }

    @Test
    void aByteRateOnASizeMixCountsBytesPerDirection() throws IOException {
        // fio 3.33: rate_iops=100,50 with bsrange=4k-16k is 400 KiB/s of reads and 200 KiB/s of writes
        RunResult r = run("rw=randrw rwmixread=30 bsrange=4k-16k rate_iops=100,50");
        assertThat(r.totals().bytesRead()).isBetween(784L << 10, 816L << 10);
        assertThat(r.totals().bytesWritten()).isBetween(384L << 10, 416L << 10);
    }
}
