package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.junit.jupiter.api.Test;

/** A fio command line made into jobs with the job-file reader's one meaning of every option. */
class FioInvocationTest {
    private static final Map<String, String> FILES = Map.of(
            "a.fio", "[global]\nbs=64k\n[fa]\nrw=read\nsize=1m\nfilename=fa.dat\n",
            "b.fio", "[fb]\nrw=read\nsize=1m\nfilename=fb.dat\nnumjobs=2\n");

    private static FioInvocation read(String... args) {
        return FioInvocation.read(FioArguments.parse(List.of(args)), FioHost.PLAIN, name -> {
            String text = FILES.get(name);
            if (text == null) {
                throw new InvalidJobException("fio: unable to open '" + name + "' job file");
            }
            return text;
        });
    }

    @Test
    void commandLineJobsComeFirstAndTheirDefaultsApplyToTheFirstJobFileOnly() {
        FioInvocation i = read("--size=2m", "--name=cl", "--rw=write", "--filename=cl.dat", "a.fio", "b.fio");
        List<JobSpec> jobs = i.specs();
        assertThat(jobs).extracting(JobSpec::name).containsExactly("cl", "fa", "fb.0", "fb.1");
        assertThat(jobs.get(0).workload().sizeBytes()).isEqualTo(2 << 20);
        assertThat(jobs.get(0).workload().blockSize()).isEqualTo(4096);
        assertThat(jobs.get(1).workload().blockSize()).isEqualTo(64 << 10); // its own [global]
        assertThat(jobs.get(1).workload().sizeBytes()).isEqualTo(1 << 20); // its own size wins
        assertThat(jobs.get(2).workload().blockSize()).isEqualTo(4096); // b.fio starts from fio's defaults
        assertThat(i.described()).extracting(FioJobDescription::name).containsExactly("cl", "fa", "fb", "fb");
    }

    @Test
    void aNameBeginningWithGlobalOnTheCommandLineSetsDefaultsAndIsNoJob() {
        FioInvocation i = read("--name=global-big", "--bs=64k", "--name=w", "--rw=write", "--size=1m",
                "--filename=w.dat", "--section=w");
        assertThat(i.specs()).extracting(JobSpec::name).containsExactly("w");
        assertThat(i.specs().getFirst().workload().blockSize()).isEqualTo(64 << 10);
    }

    @Test
    void theLatencyReportSettingsAreTheJobsOwnOverItsGlobalsAsFioReadsThem() {
        FioInvocation i = read("--lat_percentiles=1", "--percentile_list=99.95:5:50:0:20", "--name=x",
                "--size=1m", "--filename=x.dat", "--clat_percentiles=0", "--unified_rw_reporting=both", "--name=y",
                "--size=1m", "--filename=y.dat");
        FioLatencyReport x = i.described().get(0).report();
        assertThat(x.lat()).isTrue();
        assertThat(x.clat()).isFalse();
        assertThat(x.slat()).isFalse();
        assertThat(x.percentiles()).containsExactly(5.0, 50.0, 99.95); // sorted; fio's list ends at its first 0
        assertThat(x.precision()).isEqualTo(2);
        assertThat(x.unified()).isEqualTo(FioLatencyReport.Unified.BOTH);
        FioLatencyReport y = i.described().get(1).report();
        assertThat(y.clat()).isTrue(); // fio's default again: the option was y's neighbour's, not a global
        assertThat(y.lat()).isTrue();
        assertThat(y.unified()).isEqualTo(FioLatencyReport.Unified.SPLIT);
        assertThat(read("--name=d", "--size=1m", "--filename=d.dat").described().getFirst().report())
                .isEqualTo(FioLatencyReport.DEFAULT);
        assertThatThrownBy(() -> read("--name=b", "--size=1m", "--filename=b.dat",
                "--unified_rw_reporting=3")).hasMessageContaining("unified_rw_reporting=3");
        assertThatThrownBy(() -> read("--name=b", "--size=1m", "--filename=b.dat",
                "--percentile_list=" + "1:".repeat(20) + "2")).hasMessageContaining("more than 20 percentiles");
    }

    @Test
    void theOptionsAreKeptAsGivenForFiosJobOptionsAndGlobalOptions() {
        FioInvocation i = read("--blocksize=8k", "--name=x", "--readwrite=randread", "--size=1m",
                "--filename=x.dat", "--group_reporting");
        assertThat(i.globalOptions()).containsExactly(new FioJobDescription.Option("bs", "8k"));
        assertThat(i.described().getFirst().options()).containsExactly(new FioJobDescription.Option("name", "x"),
                new FioJobDescription.Option("rw", "randread"), new FioJobDescription.Option("size", "1m"),
                new FioJobDescription.Option("filename", "x.dat"),
                new FioJobDescription.Option("group_reporting", ""));
        assertThat(i.described().getFirst().groupReporting()).isTrue();
        assertThat(i.specs().getFirst().workload().blockSize()).isEqualTo(8192);
    }

    @Test
    void sectionKeepsOnlyTheNamedJobsOfEverySource() {
        FioInvocation i = read("--section=fb", "--name=cl", "--size=1m", "--filename=c", "a.fio", "b.fio");
        assertThat(i.specs()).extracting(JobSpec::name).containsExactly("fb.0", "fb.1");
    }

    @Test
    void readonlyRefusesWritesAndMaxJobsCountsClonesAndNoJobIsFiosMessage() {
        assertThatThrownBy(() -> read("--readonly", "--name=w", "--rw=write", "--size=1m", "--filename=w"))
                .hasMessage("fio: trim and write operations are not allowed with the --readonly parameter.");
        assertThat(read("--readonly", "a.fio").specs()).hasSize(1);
        assertThatThrownBy(() -> read("--max-jobs=1", "b.fio")).hasMessageContaining("--max-jobs=1");
        assertThatThrownBy(() -> read("--bs=4k")).hasMessage("No job(s) defined");
        assertThatThrownBy(() -> read("missing.fio")).hasMessageContaining("unable to open 'missing.fio'");
    }

    @Test
    void aCommandLineOptionMeansWhatTheSameLineMeansInAJobFile() {
        JobSpec cl = read("--name=j", "--rw=randrw", "--rwmixread=70", "--bs=16k", "--size=4m", "--filename=j.dat",
                "--iodepth=8", "--ioengine=libaio", "--direct=1").specs().getFirst();
        JobSpec file = FioJobFile.parse("j.fio", "[j]\nrw=randrw\nrwmixread=70\nbs=16k\nsize=4m\nfilename=j.dat\n"
                + "iodepth=8\nioengine=libaio\ndirect=1\n", false).jobs().getFirst();
        assertThat(cl.toBuilder().build()).isEqualTo(file);
    }

    @Test
    void showcmdTurnsEachJobFileIntoTheCommandLineThatMakesItsJobs() {
        assertThat(FioInvocation.showCommand(FioArguments.parse(List.of("--showcmd", "a.fio", "b.fio")),
                FioHost.PLAIN, FILES::get)).isEqualTo("fio --bs=64k --name=fa --rw=read --size=1m --filename=fa.dat \n"
                + "fio --name=fb --rw=read --size=1m --filename=fb.dat --numjobs=2 \n");
    }
}
