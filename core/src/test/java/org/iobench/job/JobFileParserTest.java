package org.iobench.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class JobFileParserTest {
    static String fixture(String name) throws IOException {
        try (InputStream in = JobFileParserTest.class.getResourceAsStream("/jobfiles/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static JobFile parse(String text) {
        return JobFileParser.parse("t.fio", text, false);
    }

    @Test
    void theTiobenchLayoutRunsFourStagesOfTwoThreadsEach() throws IOException {
        JobFile f = parse(fixture("tiobench-like.fio"));
        assertThat(f.stages()).hasSize(4);
        assertThat(f.jobs()).extracting(s -> s.workload().rw())
                .containsExactly(RwMode.WRITE, RwMode.RANDWRITE, RwMode.READ, RwMode.RANDREAD);
        for (JobSpec j : f.jobs()) {
            assertThat(j.queue().threads()).isEqualTo(2);
            assertThat(j.durability().direct()).isTrue();
            assertThat(j.workload().blockSize()).isEqualTo(4096);
            assertThat(j.workload().sizeBytes()).isEqualTo(2 << 20);
            assertThat(j.timing().timeNanos()).isEqualTo(5_000_000_000L);
            assertThat(j.timing().loopRegion()).as("timeout without time_based caps a size-based job").isFalse();
            assertThat(j.target()).isEqualTo(Path.of("."));
            assertThat(j.grouping().group()).isEmpty();
        }
        assertThat(f.warnings()).isEmpty();
    }

    @Test
    void jobsWithoutStonewallFormOneParallelGroup() throws IOException {
        JobFile f = parse(fixture("two-writers.fio"));
        assertThat(f.stages()).hasSize(2);
        assertThat(f.stages().getFirst()).extracting(JobSpec::name).containsExactly("writer1", "writer2");
        assertThat(f.stages().getFirst()).extracting(s -> s.grouping().group()).containsOnly("g0");
        assertThat(f.stages().getFirst()).extracting(s -> s.durability().sync()).containsOnly(SyncMode.FSYNC);
        assertThat(f.stages().get(1)).extracting(JobSpec::target).containsExactly(Path.of("r.dat"));
        assertThat(f.stages().get(1).getFirst().grouping().group()).as("a job alone is no group").isEmpty();
    }

    /** Generates job files: per job a stonewall flag and a numjobs value; the stages follow from the flags. */
    @Property
    void stagesStartAtEveryStonewallAndNumjobsBecomesThreads(
            @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 9) Integer> jobs,
            @ForAll boolean commentsAndBlanks) {
        StringBuilder text = new StringBuilder("[global]\nbs=4k\nsize=1m\n");
        List<Integer> expectedStageSizes = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            int v = jobs.get(i);
            boolean wall = v % 3 == 0;
            int numjobs = v / 3 + 1;
            text.append(commentsAndBlanks ? "\n; job " + i + "\n" : "").append("[job").append(i).append("]\n");
            text.append(commentsAndBlanks ? "  rw = randread  # random\n" : "rw=randread\n");
            text.append("numjobs=").append(numjobs).append('\n');
            if (wall) {
                text.append("stonewall\n");
            }
            if (i == 0 || wall) {
                expectedStageSizes.add(1);
            } else {
                expectedStageSizes.set(expectedStageSizes.size() - 1, expectedStageSizes.getLast() + 1);
            }
        }
        JobFile f = parse(text.toString());
        assertThat(f.stages().stream().map(List::size).toList()).isEqualTo(expectedStageSizes);
        for (int i = 0; i < jobs.size(); i++) {
            JobSpec j = f.jobs().get(i);
            assertThat(j.name()).isEqualTo("job" + i);
            assertThat(j.queue().threads()).isEqualTo(jobs.get(i) / 3 + 1);
            assertThat(j.workload().rw()).isEqualTo(RwMode.RANDREAD);
        }
    }

    @Property
    void sizesFollowKbBaseIncludingFiosInvertedIecUnits(@ForAll @IntRange(min = 1, max = 100_000) int n,
                                                          @ForAll("units") String unit) {
        long pow = switch (unit.toLowerCase().charAt(0)) {
            case 'k' -> 1;
            case 'm' -> 2;
            default -> 3;
        };
        boolean iec = unit.toLowerCase().endsWith("ib");
        long base1024 = (long) Math.pow(iec ? 1000 : 1024, pow);
        long base1000 = (long) Math.pow(iec ? 1024 : 1000, pow);
        assertThat(FioSizes.parse(n + unit, 1024)).isEqualTo(n * base1024);
        assertThat(FioSizes.parse(n + unit, 1000)).isEqualTo(n * base1000);
        JobSpec j = parse("[global]\nkb_base=1000\n[j]\nrw=write\nbs=512\nsize=" + n + unit + "\n").jobs()
                .getFirst();
        assertThat(j.workload().sizeBytes()).isEqualTo(n * base1000);
    }

    @Provide
    Arbitrary<String> units() {
        return Arbitraries.of("k", "K", "kb", "KB", "KiB", "kib", "m", "M", "mb", "MiB", "g");
    }

    @Test
    void anUnsupportedOptionNamesFileLineAndOptionUnlessLenient() {
        String text = "[global]\nbs=4k\n\n[j]\nrw=read\nverify=md5\nioengine=mmap\n";
        assertThatThrownBy(() -> parse(text)).isInstanceOf(InvalidJobException.class)
                .hasMessageStartingWith("t.fio:6: option 'verify' is not supported by iobench")
                .hasMessageContaining("--lenient");
        JobFile lenient = JobFileParser.parse("t.fio", text, true);
        assertThat(lenient.warnings()).hasSize(2);
        assertThat(lenient.warnings().get(0)).startsWith("t.fio:6: option 'verify'").endsWith("ignored (--lenient)");
        assertThat(lenient.warnings().get(1)).startsWith("t.fio:7: ioengine=mmap is not supported");
        assertThat(lenient.jobs().getFirst().queue().engine()).isEqualTo("psync");
    }

    @Test
    void ioengineLibaioAndNullRunOnIobenchsEnginesOfTheSameName() {
        JobSpec aio = parse("[j]\nioengine=libaio\niodepth=32\ndirect=1\nrw=randread\n").jobs().getFirst();
        assertThat(aio.queue().engine()).isEqualTo("libaio");
        assertThat(aio.queue().iodepth()).isEqualTo(32);
        JobSpec nul = parse("[j]\nioengine=null\nrw=randread\nsize=1g\n").jobs().getFirst();
        assertThat(nul.queue().engine()).isEqualTo("null");
        assertThat(nul.storesData()).isFalse();
    }

    @Test
    void badValuesAreErrorsEvenWhenLenient() {
        assertThatThrownBy(() -> JobFileParser.parse("t.fio", "[j]\nbs=3q\n", true))
                .hasMessageStartingWith("t.fio:2: bs=3q:");
        assertThatThrownBy(() -> parse("bs=4k\n[j]\n")).hasMessageStartingWith("t.fio:1: option 'bs=4k' outside");
        assertThatThrownBy(() -> parse("[global]\nbs=4k\n")).hasMessageContaining("no job section");
        assertThatThrownBy(() -> parse("[j]\nnumjobs=two\n")).hasMessageStartingWith("t.fio:2: numjobs=two");
        assertThatThrownBy(() -> parse("[j]\ntime_based\n")).hasMessageContaining("time_based needs runtime=");
    }

    @Test
    void fioSemanticsOfTimeEnginesAndSync() {
        JobSpec tb = parse("[j]\nrw=randread\nsize=1m\nruntime=3\ntime_based\nramp_time=500ms\n").jobs().getFirst();
        assertThat(tb.timing().loopRegion()).isTrue();
        assertThat(tb.timing().timeNanos()).isEqualTo(3_000_000_000L);
        assertThat(tb.timing().rampNanos()).isEqualTo(500_000_000L);
        JobFile sync = parse("[j]\nrw=write\nioengine=sync\niodepth=16\nfdatasync=8\n");
        JobSpec s = sync.jobs().getFirst();
        assertThat(s.queue().engine()).isEqualTo("psync");
        assertThat(s.queue().iodepth()).isEqualTo(1);
        assertThat(sync.warnings()).singleElement().asString().contains("iodepth=16 has no effect");
        assertThat(s.durability().fsyncEvery()).isEqualTo(8);
        JobSpec uring = parse("[j]\nioengine=io_uring\niodepth=32\nrw=randrw\nrwmixwrite=30\n").jobs().getFirst();
        assertThat(uring.queue().engine()).isEqualTo("uring");
        assertThat(uring.queue().iodepth()).isEqualTo(32);
        assertThat(uring.workload().mixReadPercent()).isEqualTo(70);
        JobSpec file = parse("[j]\nrw=read\ndirectory=/tmp\nfilename=x.dat\nbuffered=0\n").jobs().getFirst();
        assertThat(file.target()).isEqualTo(Path.of("/tmp/x.dat"));
        assertThat(file.durability().direct()).isTrue();
    }
}
