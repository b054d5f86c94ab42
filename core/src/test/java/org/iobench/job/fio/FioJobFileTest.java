package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.iobench.job.AccessAdvice;
import org.iobench.job.FioSizes;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFile;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.junit.jupiter.api.Test;

class FioJobFileTest {
    static String fixture(String name) throws IOException {
        try (InputStream in = FioJobFileTest.class.getResourceAsStream("/jobfiles/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static JobFile parse(String text) {
        return FioJobFile.parse("t.fio", text, false);
    }

    private static JobFile lenient(String text) {
        return FioJobFile.parse("t.fio", text, true);
    }

    @Test
    void theTiobenchLayoutRunsFourStagesOfTwoClonesEachOnTheirOwnFiles() throws IOException {
        JobFile f = parse(fixture("tiobench-like.fio"));
        assertThat(f.stages()).hasSize(4).allSatisfy(stage -> assertThat(stage).hasSize(2));
        assertThat(f.jobs()).extracting(j -> j.workload().rw()).containsExactly(RwMode.WRITE, RwMode.WRITE, RwMode.RANDWRITE,
                RwMode.RANDWRITE, RwMode.READ, RwMode.READ, RwMode.RANDREAD, RwMode.RANDREAD);
        assertThat(f.jobs()).extracting(JobSpec::name).startsWith("f1.0", "f1.1", "f2.0");
        assertThat(f.jobs()).extracting(JobSpec::target).startsWith(Path.of("f1.0.0"), Path.of("f1.1.0"));
        for (JobSpec j : f.jobs()) {
            assertThat(j.queue().threads()).as("a clone is one job of one thread, as in fio").isEqualTo(1);
            assertThat(j.durability().direct()).isTrue();
            assertThat(j.workload().blockSize()).isEqualTo(4096);
            assertThat(j.workload().sizeBytes()).as("each clone does the whole size").isEqualTo(2 << 20);
            assertThat(j.timing().timeNanos()).isEqualTo(5_000_000_000L);
            assertThat(j.timing().loopRegion()).as("timeout without time_based caps a size-based job").isFalse();
            assertThat(j.durability().dropCache()).as("fio's invalidate=1").isTrue();
        }
        assertThat(f.stages()).extracting(s -> s.getFirst().grouping().group()).containsExactly("g0", "g1", "g2", "g3");
        assertThat(f.warnings()).isEmpty();
    }

    @Test
    void jobsWithoutStonewallFormOneParallelGroup() throws IOException {
        JobFile f = parse(fixture("two-writers.fio"));
        assertThat(f.stages()).hasSize(2);
        assertThat(f.stages().getFirst()).extracting(JobSpec::name).containsExactly("writer1", "writer2");
        assertThat(f.stages().getFirst()).extracting(j -> j.grouping().group()).containsOnly("g0");
        assertThat(f.stages().getFirst()).extracting(j -> j.durability().sync()).containsOnly(SyncMode.FSYNC);
        assertThat(f.stages().get(1)).extracting(JobSpec::target).containsExactly(Path.of("r.dat"));
        assertThat(f.stages().get(1).getFirst().grouping().group()).as("a job alone is no group").isEmpty();
    }

    @Test
    void everySectionWhoseNameBeginsWithGlobalHoldsDefaultsAsInFio() {
        // what fio 3.33 made of this file: two jobs, Global (rw=read) and j (rw=write from [globalx]), bs=8k
        JobFile f = parse("[global-defaults]\nbs=8k\nsize=1m\n[globalx]\nrw=write\n[Global]\nrw=read\n[j]\n");
        assertThat(f.jobs()).extracting(JobSpec::name).containsExactly("Global", "j");
        assertThat(f.jobs()).extracting(j -> j.workload().rw()).containsExactly(RwMode.READ, RwMode.WRITE);
        assertThat(f.jobs()).extracting(j -> j.workload().blockSize()).containsOnly(8192L);
    }

    @Test
    void fiosDefaultsAndNamesHold() {
        JobFile f = parse("[global]\nname=renames-nothing\nsize=1m\nsync=1\n[a]\nrw=read\n[b]\nname=bee\n"
                + "rw=write\n");
        assertThat(f.jobs()).extracting(JobSpec::name).containsExactly("a", "bee");
        assertThat(f.jobs()).extracting(j -> j.workload().blockSize()).containsOnly(4096L);
        assertThat(f.jobs()).extracting(JobSpec::target).containsExactly(Path.of("a.0.0"), Path.of("bee.0.0"));
        assertThat(f.jobs().get(0).durability().sync()).as("sync=1 changes nothing for a reader").isEqualTo(SyncMode.NONE);
        assertThat(f.jobs().get(1).durability().sync()).as("fio's sync=1 is O_SYNC").isEqualTo(SyncMode.SYNC);
    }

    @Test
    void clonesShareANamedFileAndGroupReportingIsKept() {
        JobFile f = parse("[global]\nfilename=shared\nsize=1m\nnumjobs=3\ngroup_reporting\n[j]\nrw=randread\n");
        assertThat(f.jobs()).hasSize(3).extracting(JobSpec::target).containsOnly(Path.of("shared"));
        assertThat(f.groupReporting()).containsExactly("g0");
    }

    /** Generates job files: per job a stonewall flag and a numjobs value; the stages follow from the flags. */
    @Property
    void stagesStartAtEveryStonewallAndNumjobsMakesClones(
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
                expectedStageSizes.add(numjobs);
            } else {
                expectedStageSizes.set(expectedStageSizes.size() - 1, expectedStageSizes.getLast() + numjobs);
            }
        }
        JobFile f = parse(text.toString());
        assertThat(f.stages().stream().map(List::size).toList()).isEqualTo(expectedStageSizes);
        int k = 0;
        for (int i = 0; i < jobs.size(); i++) {
            int numjobs = jobs.get(i) / 3 + 1;
            for (int c = 0; c < numjobs; c++) {
                JobSpec j = f.jobs().get(k++);
                assertThat(j.name()).isEqualTo(numjobs == 1 ? "job" + i : "job" + i + "." + c);
                assertThat(j.queue().threads()).isEqualTo(1);
                assertThat(j.workload().rw()).isEqualTo(RwMode.RANDREAD);
            }
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
    void strictRefusesNamingFileLineOptionAndEveryOtherUnsupportedOptionAtOnce() {
        String text = "[global]\nbs=4k\nwrite_hist_log=h\n\n[j]\nrw=read\nlockfile=exclusive\nioengine=mmap\n";
        assertThatThrownBy(() -> parse(text)).isInstanceOf(InvalidJobException.class)
                .hasMessageStartingWith("t.fio:3: write_hist_log=h: changes only what fio reports")
                .hasMessageContaining("also not supported: t.fio:7: lockfile=exclusive, t.fio:8: ioengine=mmap")
                .hasMessageContaining("--lenient");
    }

    @Test
    void lenientIgnoresReportingOptionsAndSkipsJobsWhoseIoWouldChange() {
        String text = "[global]\nsize=1m\nlog_entries=1024\n[a]\nrw=read\n[b]\nstonewall\nlockfile=exclusive\n"
                + "[d]\nrw=read\nwait_for=b\n[c]\nrw=randread\nstonewall\n";
        JobFile f = lenient(text);
        assertThat(f.jobs()).extracting(JobSpec::name).containsExactly("a", "c");
        assertThat(f.stages()).hasSize(2);
        assertThat(f.warnings()).singleElement().asString().startsWith("t.fio:3: log_entries=1024")
                .endsWith("ignored (--lenient)");
        assertThat(f.skipped()).hasSize(2);
        assertThat(f.skipped().get(0)).startsWith("t.fio:6: job [b] skipped: t.fio:8: lockfile=exclusive");
        assertThat(f.skipped().get(1)).contains("job [d] skipped").contains("waits for [b]");
        assertThatThrownBy(() -> lenient("[j]\nrw=read\nlockfile=exclusive\n")).hasMessageContaining("every job was"
                + " skipped");
    }

    @Test
    void loopsOfATimeBasedJobWithoutASizeAskNothing() {
        // fio's keep_running: a time-based job runs until its runtime, whatever loops says (t/zbd test 30 runs
        // loops=2 time_based on a whole device); without time_based the size is still needed
        assertThat(parse("[j]\nfilename=/tmp/iobench-never-made\nrw=randread\ntime_based\nruntime=1\nloops=2\n")
                .jobs()).hasSize(1);
        assertThatThrownBy(() -> parse("[j]\nfilename=/tmp/iobench-never-made\nrw=randread\nloops=2\n"))
                .hasMessageContaining("loops=2");
    }

    @Test
    void anOptionFioDoesNotKnowIsAnErrorInBothModes() {
        assertThatThrownBy(() -> lenient("[j]\nrw=read\nblocksise=4k\n"))
                .hasMessageStartingWith("t.fio:3: 'blocksise' is not a fio option");
    }

    @Test
    void optionsThatRestateFiosDefaultsAskForNothing() {
        JobFile f = parse("[j]\nrw=read\nsize=1m\nloops=1\nnorandommap=0\nunlink=0\nrandrepeat=1\nthread\n"
                + "threads=1\n");
        assertThat(f.jobs()).hasSize(1);
    }

    @Test
    void environmentVariablesAndFiosKeywordsAreSubstituted() {
        FioHost host = new FioHost(4096, 2000, 8, Map.of("BS", "16k", "DIR", "/data"));
        JobFile f = FioJobFile.parse("t.fio", "[j]\nrw=read\nbs=${BS}\nsize=$mb_memory/2*1024\nnumjobs=$ncpus/4\n"
                + "directory=${DIR}\noffset=$pagesize\n", false, host, n -> "");
        JobSpec j = f.jobs().getFirst();
        assertThat(j.workload().blockSize()).isEqualTo(16384);
        assertThat(j.workload().sizeBytes()).isEqualTo(1000 * 1024);
        assertThat(f.jobs()).hasSize(2);
        assertThat(j.workload().offsetBytes()).isEqualTo(4096);
        assertThat(j.target()).isEqualTo(Path.of("/data/j.0.0"));
        assertThatThrownBy(() -> FioJobFile.parse("t.fio", "[j]\nrw=${RW}\n", false, host, n -> ""))
                .hasMessage("t.fio:2: rw=: not an access pattern fio knows (read, write, randread, randwrite, rw,"
                        + " readwrite, randrw, trim, randtrim, trimwrite, randtrimwrite) (${RW} is not set)");
    }

    @Test
    void includedFilesAddOptionsToTheSection() {
        JobFile f = FioJobFile.parse("t.fio", "[j]\ninclude common.fio\nrw=write\n", false, FioHost.PLAIN,
                n -> n.equals("common.fio") ? "; shared\nbs=64k\nsize=2m\n" : "");
        assertThat(f.jobs().getFirst().workload().blockSize()).isEqualTo(65536);
        assertThat(f.jobs().getFirst().workload().sizeBytes()).isEqualTo(2 << 20);
    }

    @Test
    void waitForTheWholeStageBeforeIsAStageBoundaryAndOtherwiseRefused() {
        JobFile f = parse("[global]\nsize=1m\nfilename=d\n[w]\nrw=write\nnumjobs=2\n[r]\nnew_group\nwait_for=w\n"
                + "rw=read\n");
        assertThat(f.stages()).hasSize(2);
        assertThat(f.stages().get(1)).extracting(JobSpec::name).containsExactly("r");
        assertThatThrownBy(() -> parse("[global]\nsize=1m\n[a]\nrw=read\n[b]\nrw=read\n[c]\nwait_for=a\n"))
                .hasMessageContaining("wait_for=a: [a] runs together with other jobs")
                .as("fio runs it: iobench's own refusal (iobench fio exits 2, not fio's 1)")
                .isInstanceOf(org.iobench.job.UnsupportedJobException.class);
    }

    @Test
    void jobsWaitingForTheSameJobStartTogetherAfterIt() {
        // t/zbd test 58: [wjob] and [trimjob] both wait_for=precondition; fio starts both once it ended
        JobFile f = parse("[global]\nsize=1m\nfilename=d\n[pre]\nrw=write\n[a]\nwait_for=pre\nrw=randwrite\n"
                + "[b]\nwait_for=pre\nrw=randread\n");
        assertThat(f.stages()).hasSize(2);
        assertThat(f.stages().get(1)).extracting(JobSpec::name).containsExactly("a", "b");
        assertThatThrownBy(() -> parse("[global]\nsize=1m\n[p]\nrw=read\n[a]\nwait_for=p\n[b]\nwait_for=a\n"
                + "[c]\nwait_for=p\n")).as("[c] waits for [p], but [b] for [a]: not a stage of its own")
                .isInstanceOf(org.iobench.job.UnsupportedJobException.class)
                .hasMessageContaining("wait_for=p: [p] runs together with other jobs");
    }

    @Test
    void fsyncEveryNWithAQueueOfRequestsInFlightIsRefusedUntilItIsFiosSequence() {
        // fio syncs after N writes issued, beside those in flight; iobench's worker after N completed
        assertThatThrownBy(() -> parse("[j]\nrw=write\nsize=1m\nioengine=libaio\niodepth=8\nfsync=4\n"))
                .isInstanceOf(org.iobench.job.UnsupportedJobException.class)
                .hasMessageContaining("fsync=4: with iodepth=8 on an engine that queues");
        assertThat(parse("[j]\nrw=write\nsize=1m\nioengine=libaio\niodepth=1\nfsync=4\n").jobs().getFirst()
                .durability().fsyncEvery()).as("one request at a time: issued and completed are the same").isEqualTo(4);
        assertThat(parse("[j]\nrw=read\nsize=1m\nioengine=io_uring\niodepth=8\nfsync=4\n").jobs().getFirst()
                .durability().fsyncEvery()).as("a job that writes nothing syncs nothing").isZero();
    }

    @Test
    void aTimeBasedVerifyInZonesOnAnEngineThatQueuesIsRefusedUntilItsLoopsAreFios() {
        // fio's do_io ends such a job's loop once its size is queued; iobench's zones start no loop there yet
        String job = "[j]\nrw=write\nsize=1m\nbs=64k\nverify=md5\ntime_based\nruntime=1\nzonemode=strided\n"
                + "zonesize=256k\nzonerange=512k\n";
        assertThatThrownBy(() -> parse(job + "ioengine=libaio\n"))
                .isInstanceOf(org.iobench.job.UnsupportedJobException.class)
                .hasMessageContaining("time_based: with verify in zones (zonemode=strided) on an engine that queues");
        assertThat(parse(job + "ioengine=psync\n").jobs()).as("a synchronous engine's loop never ends there")
                .hasSize(1);
    }

    @Test
    void commentsAreCutAtTheFirstSemicolonOrHashAsFioDoes() {
        JobFile f = parse("[j] ; the job\nrw=read\nsize=1m\nfilename=data;file\n");
        assertThat(f.jobs().getFirst().target()).isEqualTo(Path.of("data"));
    }

    @Test
    void badValuesAreErrorsEvenWhenLenient() {
        assertThatThrownBy(() -> lenient("[j]\nbs=3q\n")).hasMessageStartingWith("t.fio:2: bs=3q:");
        assertThatThrownBy(() -> parse("bs=4k\n[j]\n")).hasMessageStartingWith("t.fio:1: option 'bs=4k' outside");
        assertThatThrownBy(() -> parse("[global]\nbs=4k\n")).hasMessageContaining("no job section");
        assertThatThrownBy(() -> parse("[j]\nnumjobs=two\n")).hasMessageStartingWith("t.fio:2: numjobs=two");
    }

    @Test
    void fadviseHintAnnouncesTheJobsPatternAsFio33sDefaultOrTheOneNamed() {
        // ioengines.c td_io_open_file: 1 (the default) advises RANDOM when td_random (randread, randwrite, randrw,
        // randtrim...), else SEQUENTIAL (read, write, rw, trimwrite); 0 nothing; random and sequential as named
        Map<String, AccessAdvice> byDefault = Map.of("read", AccessAdvice.SEQUENTIAL, "write", AccessAdvice.SEQUENTIAL,
                "rw", AccessAdvice.SEQUENTIAL, "randread", AccessAdvice.RANDOM, "randwrite", AccessAdvice.RANDOM,
                "randrw", AccessAdvice.RANDOM);
        byDefault.forEach((rw, advice) -> assertThat(parse("[j]\nsize=1m\nrw=" + rw + "\n").jobs().getFirst()
                .durability().advice()).as(rw).isEqualTo(advice));
        assertThat(parse("[j]\nsize=1m\nrw=randread\nfadvise_hint=1\n").jobs().getFirst().durability().advice())
                .isEqualTo(AccessAdvice.RANDOM);
        assertThat(parse("[j]\nsize=1m\nrw=randread\nfadvise_hint=0\n").jobs().getFirst().durability().advice())
                .isNull();
        assertThat(parse("[j]\nsize=1m\nrw=randread\nfadvise_hint=sequential\n").jobs().getFirst().durability()
                .advice()).isEqualTo(AccessAdvice.SEQUENTIAL);
        assertThat(parse("[global]\nfadvise_hint=random\n[j]\nsize=1m\nrw=write\n").jobs().getFirst()
                .durability().advice()).isEqualTo(AccessAdvice.RANDOM);
        // fio 3.33: "fio: failed parsing fadvise_hint=normal" (3.33 has no normal; its match is case-sensitive)
        for (String v : List.of("normal", "RANDOM", "2")) {
            assertThatThrownBy(() -> lenient("[j]\nsize=1m\nfadvise_hint=" + v + "\n"))
                    .isInstanceOf(InvalidJobException.class)
                    .hasMessageStartingWith("t.fio:3: fadvise_hint=" + v + ": failed parsing");
        }
    }

    @Test
    void theDirectoryGoesInFrontOfTheNameAsFioWritesItAndItsHashSeesThatName() {
        // fio's add_file: the directory as written, '/', the name (filesetup.c, set_name_idx)
        JobSpec slash = parse("[j]\nsize=1m\nrw=randread\nrandom_distribution=zipf:1.2\ndirectory=/tmp/\n")
                .jobs().getFirst();
        assertThat(slash.target()).isEqualTo(Path.of("/tmp/j.0.0"));
        assertThat(slash.access().draws().fileName()).isEqualTo("/tmp//j.0.0");
        JobSpec dot = parse("[j]\nsize=1m\nrw=randread\ndirectory=./\n").jobs().getFirst();
        assertThat(dot.access().draws().fileName()).isEqualTo(".//j.0.0");
        assertThat(parse("[j]\nsize=1m\nrw=randread\n").jobs().getFirst().access().draws().fileName())
                .isEqualTo("j.0.0");
        // an absolute filename goes under the directory too (fio 3.33 made sub/tmp/x/abs for these)
        JobSpec abs = parse("[j]\nsize=1m\nrw=read\ndirectory=/d/sub\nfilename=/tmp/x/abs\n").jobs().getFirst();
        assertThat(abs.target()).isEqualTo(Path.of("/d/sub/tmp/x/abs"));
        JobSpec many = parse("[j]\nsize=1m\nrw=randread\nrandom_distribution=pareto:0.9\ndirectory=/d/\n"
                + "filename=a:b\n").jobs().getFirst();
        assertThat(many.files().paths()).containsExactly(Path.of("/d/a"), Path.of("/d/b"));
        assertThat(many.access().draws().fileNames()).containsExactly("/d//a", "/d//b");
        assertThat(many.files().fileSpec(many, 1).access().draws().fileName()).isEqualTo("/d//b");
    }

    @Test
    void fioSemanticsOfTimeEnginesAndSync() {
        JobSpec tb = parse("[j]\nrw=randread\nsize=1m\nruntime=3\ntime_based\nramp_time=500ms\n").jobs().getFirst();
        assertThat(tb.timing().loopRegion()).isTrue();
        assertThat(tb.timing().timeNanos()).isEqualTo(3_000_000_000L);
        assertThat(tb.timing().rampNanos()).isEqualTo(500_000_000L);
        JobFile untimed = parse("[j]\nrw=read\nsize=1m\ntime_based\n");
        assertThat(untimed.jobs().getFirst().timing().loopRegion()).isFalse();
        assertThat(untimed.warnings()).singleElement().asString().contains("time_based without runtime");
        JobFile sync = parse("[j]\nrw=write\nioengine=sync\niodepth=16\nfsync=8\n");
        JobSpec s = sync.jobs().getFirst();
        assertThat(s.queue().engine()).isEqualTo("psync");
        assertThat(s.queue().iodepth()).isEqualTo(1);
        assertThat(sync.warnings()).singleElement().asString().contains("iodepth=16").contains("capped at 1");
        assertThat(s.durability().fsyncEvery()).isEqualTo(8);
        JobSpec uring = parse("[j]\nioengine=io_uring\niodepth=32\nrw=randrw\nrwmixwrite=30\n").jobs().getFirst();
        assertThat(uring.queue().engine()).isEqualTo("uring");
        assertThat(uring.queue().iodepth()).isEqualTo(32);
        assertThat(uring.workload().mixReadPercent()).isEqualTo(70);
        JobSpec both = parse("[j]\nrw=randrw\nrwmixread=60\nrwmixwrite=30\n").jobs().getFirst();
        assertThat(both.workload().mixReadPercent()).as("the later one wins").isEqualTo(70);
        JobSpec file = parse("[j]\nrw=read\ndirectory=/tmp\nfilename=x.dat\nbuffered=0\n").jobs().getFirst();
        assertThat(file.target()).isEqualTo(Path.of("/tmp/x.dat"));
        assertThat(file.durability().direct()).isTrue();
        JobSpec aio = parse("[j]\nioengine=libaio\niodepth=32\ndirect=1\nrw=randread\n").jobs().getFirst();
        assertThat(aio.queue().engine()).isEqualTo("libaio");
        JobSpec nul = parse("[j]\nioengine=null\nrw=randread\nsize=1g\n").jobs().getFirst();
        assertThat(nul.storesData()).isFalse();
    }

    @Test
    void cpuioJobsBurnAsCpuloadCpumodeAndCpuchunksSayAndNeedCpuload() {
        JobSpec burn = parse("[b]\nioengine=cpuio\ncpuload=150\ncpumode=qsort\ncpuchunks=2000\niodepth=4\n"
                + "runtime=1\ntime_based\n").jobs().getFirst();
        assertThat(burn.queue().engine()).isEqualTo("cpuio");
        assertThat(burn.queue().iodepth()).isEqualTo(1);
        assertThat(burn.storesData()).isFalse();
        assertThat(burn.burn()).isEqualTo(new org.iobench.job.CpuBurn(true, 2_000_000, 100));
        assertThat(parse("[b]\nioengine=cpuio\ncpuload=30\n").jobs().getFirst().burn())
                .isEqualTo(new org.iobench.job.CpuBurn(false, 50_000_000, 30));
        assertThatThrownBy(() -> parse("[b]\nioengine=cpuio\n")).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("t.fio:2").hasMessageContaining("cpuload=");
        assertThatThrownBy(() -> parse("[b]\nioengine=cpuio\ncpuload=5\ncpumode=fft\n"))
                .hasMessageContaining("cpumode").hasMessageContaining("noop or qsort");
        assertThatThrownBy(() -> parse("[b]\nrw=read\nsize=1m\ncpuload=5\n"))
                .hasMessageContaining("cpuload").hasMessageContaining("cpuio engine");
    }

    @Test
    void perDirectionListsFollowFiosRules() {
        assertThat(FioJobOptions.perDirection("8k,32k", "4k")).containsExactly("8k", "32k", "32k");
        assertThat(FioJobOptions.perDirection("8k,32k,", "4k")).containsExactly("8k", "32k", "4k");
        assertThat(FioJobOptions.perDirection(",8k", "4k")).containsExactly("4k", "8k", "8k");
        assertThat(FioJobOptions.perDirection("256k", "4k")).containsExactly("256k", "256k", "256k");
        JobSpec w = parse("[j]\nrw=write\nbs=512,64k\n").jobs().getFirst();
        assertThat(w.workload().blockSize()).as("a writer uses the write size").isEqualTo(65536);
    }
}
