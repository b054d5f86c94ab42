package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iobench.job.FioBuffers;
import org.iobench.job.JobSpec;
import org.junit.jupiter.api.Test;

class FioBufferOptionsTest {
    private static List<JobSpec> jobs(String text) {
        return FioJobFile.parse("t.fio", text, false).jobs();
    }

    private static FioBuffers buffers(String text) {
        return jobs(text).getFirst().buffers();
    }

    @Test
    void aPlainWriteJobIsFilledOnceAndScrambledAsFiosDefault() {
        FioBuffers b = buffers("[w]\nrw=write\n");
        assertThat(b.fill()).isEqualTo(FioBuffers.Fill.RANDOM);
        assertThat(b.refill()).isFalse();
        assertThat(b.scramble()).isTrue();
        assertThat(b.chunked()).isFalse();
    }

    @Test
    void compressionAndDedupeRefillAndDoNotScramble() {
        FioBuffers b = buffers("[w]\nrw=write\nbuffer_compress_percentage=40\n");
        assertThat(b.refill()).isTrue();
        assertThat(b.scramble()).isFalse();
        assertThat(buffers("[w]\nrw=write\nbuffer_compress_percentage=40\nrefill_buffers=0\n").refill()).isFalse();
        assertThat(buffers("[w]\nrw=write\ndedupe_percentage=10\n").refill()).isTrue();
    }

    @Test
    void fullyCompressibleMeansZerosAsInFio() {
        FioBuffers b = buffers("[w]\nrw=write\nbuffer_compress_percentage=100\n");
        assertThat(b.fill()).isEqualTo(FioBuffers.Fill.ZERO);
        assertThat(b.compressPercent()).isZero();
        assertThat(b.refill()).isFalse();
        assertThat(b.scramble()).isFalse(); // fio's TD_F_COMPRESS stays set
    }

    @Test
    void aPatternRefillsOnlyAJobThatReadsAndNeverScrambles() {
        FioBuffers w = buffers("[w]\nrw=write\nbuffer_pattern=0xdeadbeef\n");
        assertThat(w.fill()).isEqualTo(FioBuffers.Fill.PATTERN);
        assertThat(w.patternHex()).isEqualTo("deadbeef");
        assertThat(w.refill()).isFalse();
        assertThat(w.scramble()).isFalse();
        assertThat(buffers("[w]\nrw=randrw\nbuffer_pattern=\"ab\"\n").refill()).isTrue();
        // fio fills with the pattern before it looks at zero_buffers, whatever their order
        assertThat(buffers("[w]\nrw=write\nbuffer_pattern=0x01\nzero_buffers\n").fill())
                .isEqualTo(FioBuffers.Fill.PATTERN);
    }

    @Test
    void explicitZeroBuffersTurnsTheScrambleOffUnlessItIsAskedFor() {
        assertThat(buffers("[w]\nrw=write\nzero_buffers\n").scramble()).isFalse();
        assertThat(buffers("[w]\nrw=write\nzero_buffers\nscramble_buffers=1\n").scramble()).isTrue();
    }

    @Test
    void eachCloneStartsItsGeneratorsWhereFioStartsThem() {
        List<JobSpec> clones = jobs("[w]\nrw=write\nnumjobs=2\nrandom_generator=tausworthe64\n");
        long seed = 0x89;
        for (int i = 0; i < 4 + 9; i++) {
            seed *= 0x9e370001L;
        }
        assertThat(clones.get(0).buffers().buffer()).isEqualTo(new FioBuffers.Seed(seed + 9, true));
        assertThat(clones.get(1).buffers().buffer()).isEqualTo(new FioBuffers.Seed(seed * 2 + 9, true));
        assertThat(clones.get(1).buffers().threadNumber()).isEqualTo(2);
    }

    @Test
    void theWorkingSetIsAShareOfSizeInPagesOfTheSmallestWrite() {
        FioBuffers b = buffers("[w]\nrw=write\nsize=1m\nbs=4k\ndedupe_percentage=30\ndedupe_mode=working_set\n"
                + "dedupe_working_set_percentage=50\n");
        assertThat(b.workingSet()).isTrue();
        assertThat(b.workingSetPages()).isEqualTo(128);
    }

    @Test
    void globalDedupeLearnsEveryJobsGenerators() {
        List<JobSpec> all = jobs("[global]\nrw=write\nsize=1m\n[a]\ndedupe_percentage=30\ndedupe_mode=working_set\n"
                + "dedupe_global=1\n[plain]\n[b]\ndedupe_percentage=30\ndedupe_mode=working_set\ndedupe_global=1\n");
        List<FioBuffers.Seed> seeds = all.stream().map(j -> j.buffers().buffer()).toList();
        assertThat(all.get(0).buffers().shared()).isEqualTo(seeds);
        assertThat(all.get(1).buffers().shared()).isEmpty();
        assertThat(all.get(2).buffers().shared()).isEqualTo(seeds);
    }

    @Test
    void badValuesNameTheOptionBeforeAnyIo() {
        assertThatThrownBy(() -> jobs("[w]\nrw=write\nbuffer_compress_percentage=101\n"))
                .hasMessageContaining("buffer_compress_percentage=101: must be a percentage, 0 to 100");
        assertThatThrownBy(() -> jobs("[w]\nrw=write\ndedupe_percentage=10\ndedupe_mode=often\n"))
                .hasMessageContaining("dedupe_mode=often: must be repeat or working_set");
        assertThatThrownBy(() -> jobs("[w]\nrw=write\ndedupe_percentage=10\ndedupe_mode=working_set\n"))
                .hasMessageContaining("dedupe_mode=working_set: needs size= in bytes");
        assertThatThrownBy(() -> jobs("[w]\nrw=write\nsize=1m\ndedupe_percentage=60\ndedupe_mode=working_set\n"
                + "dedupe_working_set_percentage=50\n")).hasMessageContaining("more than 100%");
        assertThatThrownBy(() -> jobs("[w]\nrw=write\nbuffer_pattern='/etc/passwd'\n"))
                .hasMessageContaining("buffer_pattern='/etc/passwd': a file's contents");
    }

    @Test
    void compressedVerifyDataIsRefusedByName() {
        assertThatThrownBy(() -> jobs("[w]\nrw=write\nverify=crc32c\nbuffer_compress_percentage=50\n"))
                .hasMessageContaining("buffer_compress_percentage=50");
    }
}
