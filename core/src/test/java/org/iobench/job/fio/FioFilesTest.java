package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFiles;
import org.iobench.job.JobSpec;
import org.iobench.job.UnsupportedJobException;
import org.junit.jupiter.api.Test;

/** A data job over several files in a job file, sized and served as fio 3.33's setup_files and get_next_file. */
class FioFilesTest {
    private static JobSpec job(String text) {
        return FioJobFile.parse("t.fio", "[global]\nbs=4k\nioengine=psync\n[j]\n" + text, false).jobs().getFirst();
    }

    @Test
    void nrfilesSplitsSizeOverFilesNamedJobnameJobnumFilenum() {
        JobSpec j = job("rw=read\nnrfiles=4\nsize=1m\n");
        JobFiles f = j.files();
        assertThat(f.paths()).containsExactly(Path.of("j.0.0"), Path.of("j.0.1"), Path.of("j.0.2"), Path.of("j.0.3"));
        assertThat(f.sizes()).containsExactly(262144L, 262144L, 262144L, 262144L);
        assertThat(j.target()).isEqualTo(Path.of("j.0.0"));
        assertThat(j.workload().sizeBytes()).isEqualTo(1L << 20);
        assertThat(f.openFiles()).as("fio's openfiles default: nrfiles").isEqualTo(4);
        assertThat(f.service()).isEqualTo(JobFiles.Service.ROUNDROBIN);
    }

    @Test
    void aJobOfOneFileHasNoFilesPart() {
        assertThat(job("rw=read\nsize=1m\n").files()).isNull();
        assertThat(job("rw=read\nnrfiles=1\nsize=1m\n").files()).isNull();
    }

    @Test
    void filenameListsTheFilesInItsOrderUnderTheDirectory() {
        JobSpec j = job("rw=write\ndirectory=/tmp/d\nfilename=c:a:b\nsize=96k\n");
        assertThat(j.files().paths()).containsExactly(Path.of("/tmp/d/c"), Path.of("/tmp/d/a"), Path.of("/tmp/d/b"));
        assertThat(j.files().sizes()).containsExactly(32768L, 32768L, 32768L);
    }

    @Test
    void aFilesizeRangeIsDrawnPerFileAsFioDrawsIt() {
        // the sizes fio 3.33 gave these files here (fio --name=j --rw=write --bs=4k --nrfiles=5 --filesize=64k-1m)
        assertThat(job("rw=write\nnrfiles=5\nfilesize=64k-1m\n").files().sizes())
                .containsExactly(204800L, 368640L, 356352L, 942080L, 819200L);
        // ... and with --nrfiles=3 --randseed=7
        JobSpec seeded = job("rw=write\nnrfiles=3\nfilesize=64k-1m\nrandseed=7\n");
        assertThat(seeded.files().sizes()).containsExactly(1032192L, 135168L, 589824L);
        assertThat(seeded.workload().sizeBytes()).as("no size=: the files' total").isEqualTo(1032192L + 135168L
                + 589824L);
        assertThat(job("rw=write\nnrfiles=5\nfilesize=64k-1m\nsize=512k\n").workload().sizeBytes())
                .as("a smaller size= ends the job first").isEqualTo(512L * 1024);
    }

    @Test
    void fileServiceTypesWithTheirPostfixes() {
        assertThat(job("rw=read\nnrfiles=4\nsize=1m\nfile_service_type=random:3\n").files().service())
                .satisfies(s -> {
                    assertThat(s.kind()).isEqualTo(JobFiles.Kind.RANDOM);
                    assertThat(s.perPick()).isEqualTo(3);
                });
        assertThat(job("rw=read\nnrfiles=4\nsize=1m\nfile_service_type=sequential\n").files().service().kind())
                .isEqualTo(JobFiles.Kind.SEQUENTIAL);
        JobFiles.Service zipf = job("rw=read\nnrfiles=4\nsize=1m\nfile_service_type=zipf:1.1\n").files().service();
        assertThat(zipf.kind()).isEqualTo(JobFiles.Kind.ZIPF);
        assertThat(zipf.value()).isEqualTo(1.1);
        assertThat(job("rw=read\nnrfiles=4\nsize=1m\nfile_service_type=pareto\n").files().service().value())
                .as("fio's default h").isEqualTo(0.2);
        JobFiles.Service gauss = job("rw=read\nnrfiles=4\nsize=1m\nfile_service_type=gauss:10:0.25\n").files()
                .service();
        assertThat(gauss.kind()).isEqualTo(JobFiles.Kind.NORMAL);
        assertThat(gauss.center()).isEqualTo(0.25);
    }

    @Test
    void openfilesAboveNrfilesIsNrfiles() {
        assertThat(job("rw=read\nnrfiles=4\nsize=1m\nopenfiles=2\n").files().openFiles()).isEqualTo(2);
        assertThat(job("rw=read\nnrfiles=4\nsize=1m\nopenfiles=64\n").files().openFiles()).isEqualTo(4);
    }

    @Test
    void badValuesAreRefusedByName() {
        for (String[] bad : List.of(
                new String[] {"nrfiles=4\nsize=1m\nfile_service_type=bogus\n", "file_service_type"},
                new String[] {"nrfiles=4\nsize=1m\nfile_service_type=zipf:1.0\n", "file_service_type"},
                new String[] {"nrfiles=4\nsize=1m\nfile_service_type=pareto:1.5\n", "file_service_type"},
                new String[] {"nrfiles=4\nsize=1m\nfile_service_type=roundrobin:0\n", "file_service_type"},
                new String[] {"filename=a:b:a\nsize=1m\n", "filename"},
                new String[] {"nrfiles=4\nsize=8k\n", "size"},
                new String[] {"nrfiles=4\nsize=1m\nioengine=io_uring\nregisterfiles\nopenfiles=2\n", "openfiles"})) {
            assertThatThrownBy(() -> job("rw=write\n" + bad[0])).as(bad[0])
                    .isInstanceOf(InvalidJobException.class).hasMessageContaining(bad[1]);
        }
    }

    @Test
    void whatFioRunsOverSeveralFilesAndIobenchCannotYetIsIobenchsOwnRefusal() {
        // fio runs each of these; iobench refuses it (iobench fio's exit 2, not fio's 1 for a job fio refuses)
        for (String[] refused : List.of(
                new String[] {"nrfiles=4\nsize=1m\nfsync=4\nioengine=libaio\n", "fsync="},
                new String[] {"nrfiles=4\nsize=1m\nfsync=4\nverify=md5\n", "verify"},
                new String[] {"nrfiles=4\nsize=1m\noffset=64k\n", "offset="},
                new String[] {"filename=a:b\nsize=1m\nfill_device=1\n", "fill_device"},
                new String[] {"nrfiles=2\nsize=64k\nruntime=1\ntime_based\n", "time_based"},
                new String[] {"filename=a:b\nsize=64k\nrw=rw\nruntime=1\ntime_based\n", "time_based"})) {
            assertThatThrownBy(() -> job("rw=write\n" + refused[0])).as(refused[0])
                    .isInstanceOf(UnsupportedJobException.class).hasMessageContaining(refused[1]);
        }
        assertThatThrownBy(() -> job("rw=write\nnrfiles=4\nsize=1m\nfsync_on_close=1\n"))
                .hasMessageContaining("fsync_on_close=1: with several files");
    }

    @Test
    void aTimeBasedRandomJobOverSeveralFilesRuns() {
        assertThat(job("rw=randwrite\nnrfiles=2\nsize=64k\nruntime=1\ntime_based\n").files().count()).isEqualTo(2);
    }

    @Test
    void fsyncEveryNOverSeveralFilesRunsWithAnEngineThatCompletesEachRequestInItsCall() {
        assertThat(job("rw=write\nnrfiles=3\nsize=96k\nfsync=4\n").durability().fsyncEvery()).isEqualTo(4);
    }

    @Test
    void endFsyncOverSeveralFilesSyncsThemAtTheEnd() {
        JobSpec j = job("rw=write\nnrfiles=3\nsize=96k\nend_fsync=1\n");
        assertThat(j.files().count()).isEqualTo(3);
        assertThat(j.durability().sync().syncsAtEnd()).as("fio's end_fsync: every file synced at the end").isTrue();
    }
}
