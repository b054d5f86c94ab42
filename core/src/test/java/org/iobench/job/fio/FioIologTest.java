package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFile;
import org.iobench.job.JobSpec;
import org.iobench.job.Replay;
import org.iobench.job.RwMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's {@code read_iolog} and its replay options, read as fio 3.33's {@code iolog.c} reads them. */
class FioIologTest {
    @TempDir
    Path dir;

    private Path log(String text) throws IOException {
        return Files.writeString(dir.resolve("x.iolog"), text);
    }

    private static JobFile file(String options) {
        return FioJobFile.parse("t.fio", "[j]\nioengine=null\n" + options.replace(' ', '\n') + "\n", false);
    }

    private static JobSpec job(String options) {
        return file(options).jobs().getFirst();
    }

    private static List<String> requests(Replay r) {
        List<String> out = new ArrayList<>();
        Replay.Requests q = r.requests();
        for (int i = 0; i < q.size(); i++) {
            out.add(q.op(i) + " " + q.offset(i) + " " + q.length(i) + " +" + q.delayMicros(i));
        }
        return out;
    }

    @Test
    void aVersion2LogIsReplayedOnTheFileItNamesWithTheJobsDirectionSizeAndLargestRequestItsOwn() throws IOException {
        Path f = log("fio version 2 iolog\n/data/a add\n/data/a open\n/data/a write 0 4096\n/data/a read 8192 16384\n"
                + "/data/a sync 0 0\n/data/a close\n");
        JobSpec j = job("rw=randread bs=1m size=1g read_iolog=" + f);
        assertThat(j.target()).isEqualTo(Path.of("/data/a"));
        assertThat(j.workload().rw()).as("reads and writes: fio's TD_DDIR_RW").isEqualTo(RwMode.RW);
        assertThat(j.workload().blockSize()).isEqualTo(16384);
        assertThat(j.workload().sizeBytes()).as("the end of the furthest request").isEqualTo(24576);
        assertThat(j.access().isDefault()).isTrue();
        assertThat(j.replay().version()).isEqualTo(2);
        assertThat(j.replay().bytes()).isEqualTo(20480);
        assertThat(requests(j.replay())).containsExactly("WRITE 0 4096 +0", "READ 8192 16384 +0", "SYNC 0 0 +0");
    }

    @Test
    void aVersion3LineIsDueItsTimeLessThePreviousLinesAsFioCountsIt() throws IOException {
        // fio's delay_since_ttime: nothing while the last time is 0 or when time goes back; file lines' delays go
        // on to the next request here (fio sleeps them on their own)
        Path f = log("fio version 3 iolog\n0 /d/a add\n100 /d/a open\n150 /d/a read 0 4096\n1150 /d/a read 4096 4096\n"
                + "900 /d/a read 8192 4096\n2900 /d/a write 0 512\n3000 /d/a close\n");
        JobSpec j = job("read_iolog=" + f);
        assertThat(requests(j.replay())).containsExactly("READ 0 4096 +50", "READ 4096 4096 +1000",
                "READ 8192 4096 +0", "WRITE 0 512 +2000");
        assertThat(job("read_iolog=" + f + " replay_time_scale=200").replay().requests().delayMicros(1))
                .as("twice as fast").isEqualTo(500);
        JobSpec fast = job("read_iolog=" + f + " replay_no_stall=1");
        assertThat(fast.replay().stalls()).isFalse();
        assertThat(requests(fast.replay())).allMatch(l -> l.endsWith("+0"));
    }

    @Test
    void offsetsAreScaledDownThenAlignedAsFioReadsThem() throws IOException {
        Path f = log("fio version 2 iolog\na add\na read 10000 4096\na read 5000 512\n");
        assertThat(requests(job("read_iolog=" + f + " replay_scale=2 replay_align=4k").replay()))
                .containsExactly("READ 4096 4096 +0", "READ 0 512 +0");
        assertThat(requests(job("read_iolog=" + f + " replay_align=512").replay()))
                .containsExactly("READ 9728 4096 +0", "READ 4608 512 +0");
    }

    @Test
    void replayRedirectSendsEveryRequestToOneFile() throws IOException {
        Path f = log("fio version 2 iolog\n/x/a add\n/x/b add\n/x/a write 0 4096\n/x/b write 4096 4096\n");
        JobSpec j = job("read_iolog=" + f + " replay_redirect=/tmp/t/target");
        assertThat(j.target()).isEqualTo(Path.of("/tmp/t/target"));
        assertThat(j.workload().rw()).isEqualTo(RwMode.WRITE);
        assertThat(j.replay().redirect()).isEqualTo(Path.of("/tmp/t/target"));
        assertThatThrownBy(() -> job("read_iolog=" + f)).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("names 2 files (/x/a, /x/b)").hasMessageContaining("replay_redirect=");
    }

    @Test
    void underLenientAJobReplayingSeveralFilesIsSkippedAndTheOthersRun() throws IOException {
        Path f = log("fio version 2 iolog\n/x/a write 0 4096\n/x/b write 4096 4096\n");
        JobFile jf = FioJobFile.parse("t.fio", "[r]\nioengine=null\nread_iolog=" + f + "\n[plain]\nioengine=null\n"
                + "size=64k\n", true);
        assertThat(jf.jobs()).extracting(JobSpec::name).containsExactly("plain");
        assertThat(jf.skipped()).anyMatch(w -> w.contains("names 2 files"));
    }

    @Test
    void aDirectoryWithAReplayIsRefusedSinceFioCrashesOnIt() throws IOException {
        // fio 3.33: add_file stores DIR/NAME, get_fileno looks up NAME: td->files[-1], signal 11
        Path f = log("fio version 2 iolog\ntarget add\ntarget read 0 4096\n");
        assertThatThrownBy(() -> job("directory=/tmp/t read_iolog=" + f)).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("read_iolog=" + f).hasMessageContaining("directory=/tmp/t")
                .hasMessageContaining("signal 11");
    }

    @Test
    void eachCloneReplaysItsOwnLogOfAListAndRoundAgain() throws IOException {
        Path a = Files.writeString(dir.resolve("a.iolog"), "fio version 2 iolog\nfa read 0 4096\n");
        Path b = Files.writeString(dir.resolve("b.iolog"), "fio version 2 iolog\nfb write 0 8192\n");
        List<JobSpec> jobs = file("numjobs=3 read_iolog=" + a + ":" + b).jobs();
        assertThat(jobs).extracting(j -> j.target().toString()).containsExactly("fa", "fb", "fa");
    }

    @Test
    void writeIologIsDroppedWithAWarningWhenTheJobReplaysAsFioDropsIt() throws IOException {
        Path f = log("fio version 2 iolog\na read 0 4096\n");
        JobFile jf = file("read_iolog=" + f + " write_iolog=" + dir.resolve("out.iolog"));
        assertThat(jf.jobs().getFirst().logs()).isNull();
        assertThat(jf.warnings()).anyMatch(w -> w.contains("read iolog overrides write_iolog"));
    }

    @Test
    void aMissingLogAWrongFirstLineOrAMalformedLineIsRefusedNamingTheOptionAndTheLine() throws IOException {
        assertThatThrownBy(() -> job("read_iolog=" + dir.resolve("none"))).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("read_iolog=" + dir.resolve("none")).hasMessageContaining("no such file");
        Path v1 = log("/d/a read 0 4096\n");
        assertThatThrownBy(() -> job("read_iolog=" + v1)).hasMessageContaining("not a fio iolog of version 2 or 3")
                .hasMessageContaining("'/d/a read 0 4096'");
        Path bad = log("fio version 3 iolog\n0 a add\n5 a read 0\n");
        assertThatThrownBy(() -> job("read_iolog=" + bad)).hasMessageContaining("line 3: '5 a read 0'")
                .hasMessageContaining("TIME FILE ACTION OFFSET LENGTH");
        Path action = log("fio version 2 iolog\na add\na copy 0 4096\n");
        assertThatThrownBy(() -> job("read_iolog=" + action)).hasMessageContaining("line 3")
                .hasMessageContaining("'copy' is not a request");
        Path letters = log("fio version 2 iolog\na read 4k 4096\n");
        assertThatThrownBy(() -> job("read_iolog=" + letters)).hasMessageContaining("line 2");
        Path none = log("fio version 2 iolog\na add\na open\na close\n");
        assertThatThrownBy(() -> job("read_iolog=" + none)).hasMessageContaining("no reads, writes or waits");
    }

    @Test
    void badReplayOptionsAreRefusedAsFioRefusesThem() throws IOException {
        Path f = log("fio version 2 iolog\na read 0 4096\n");
        assertThatThrownBy(() -> job("read_iolog=" + f + " replay_align=3000")).hasMessageContaining("replay_align")
                .hasMessageContaining("power of 2");
        assertThatThrownBy(() -> job("read_iolog=" + f + " replay_time_scale=0"))
                .hasMessageContaining("replay_time_scale");
        assertThatThrownBy(() -> job("read_iolog=" + f + " replay_skip=bogus")).hasMessageContaining("bogus");
        // fio 3.33 reads replay_skip but applies it to blktrace replays only: an iolog replays every request
        assertThat(job("read_iolog=" + f + " replay_skip=read").replay().count()).isEqualTo(1);
    }

    @Test
    void aLogAnEarlierJobOfTheFileWritesIsRefusedSinceIobenchReadsItBeforeAnyJobStarts() throws IOException {
        Path f = log("fio version 2 iolog\na read 0 4096\n");
        assertThatThrownBy(() -> FioJobFile.parse("t.fio", "[w]\nioengine=null\nsize=64k\nwrite_iolog=" + f
                + "\n[r]\nstonewall\nioengine=null\nread_iolog=" + f + "\n", false))
                .hasMessageContaining("written by an earlier job");
    }

    @Test
    void aLogAppendedToByASecondRunOrJobIsReplayedWhole() throws IOException {
        // write_iolog appends, each job its own version line: fio replays the requests of both, passing the line;
        // the close (4 us) and the write (6 - 2 us: time went back at the add) delay the write, as fio sleeps both
        Path f = log("fio version 3 iolog\n1 a add\n5 a read 0 4096\n9 a close\nfio version 3 iolog\n2 a add\n"
                + "6 a write 4096 4096\n");
        assertThat(requests(job("read_iolog=" + f).replay())).containsExactly("READ 0 4096 +4", "WRITE 4096 4096 +8");
    }

    @Test
    void trimsAreLeftOutWithAWarningAsFio333LeavesThemOut() throws IOException {
        // fio 3.33's read_iolog: "bad ddir: 2" for each trim, and goes on (t0038's log of fio's master)
        Path f = log("fio version 3 iolog\n1 a add\n2 a open\n3 a trim 0 2147483648\n10 a write 0 4096\n"
                + "20 a trim 4096 4096\n40 a write 4096 4096\n");
        JobFile jf = file("read_iolog=" + f);
        JobSpec j = jf.jobs().getFirst();
        assertThat(requests(j.replay())).as("a skipped line's delay is lost, as in fio")
                .containsExactly("WRITE 0 4096 +8", "WRITE 4096 4096 +20");
        assertThat(j.workload().rw()).isEqualTo(RwMode.WRITE);
        assertThat(j.workload().blockSize()).isEqualTo(4096);
        assertThat(jf.warnings()).anyMatch(w -> w.contains("its 2 trims are not replayed"));
    }

    @Test
    void aVersion2WaitHoldsTheNextRequestAndAVersion3WaitIsIgnoredWithAWarning() throws IOException {
        Path v2 = log("fio version 2 iolog\na read 0 4096\na wait 250 0\na read 4096 4096\n");
        assertThat(requests(job("read_iolog=" + v2).replay())).containsExactly("READ 0 4096 +0", "WAIT 250 0 +0",
                "READ 4096 4096 +0");
        assertThat(requests(job("read_iolog=" + v2 + " replay_no_stall=1").replay())).hasSize(2);
        Path v3 = Files.writeString(dir.resolve("v3.iolog"), "fio version 3 iolog\n1 a read 0 4096\n2 a wait 9 0\n");
        JobFile jf = file("read_iolog=" + v3);
        assertThat(jf.jobs().getFirst().replay().count()).isEqualTo(1);
        assertThat(jf.warnings()).anyMatch(w -> w.contains("wait lines of a version 3 log are ignored"));
    }
}
