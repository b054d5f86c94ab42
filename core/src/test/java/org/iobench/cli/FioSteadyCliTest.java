package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's steady state through iobench's command lines, as fio 3.33's {@code t/steadystate_tests.py} checks it: the
 * thresholds fio accepts and its {@code --debug=parse} lines, the group's rates judged together with
 * {@code group_reporting}, and fio's JSON {@code steadystate} whose criterion follows from its own data.
 */
class FioSteadyCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void parseOnlyTracesTheThresholdsAsFioDoes() {
        String[][] cases = {{"iops:10", "set steady state IOPS threshold to 10.000000"},
            {"iops:10%", "set steady state threshold to 10.000000%"},
            {"iops:.1%", "set steady state threshold to 0.100000%"},
            {"bw:.1%", "set steady state threshold to 0.100000%"},
            {"bw:12", "set steady state BW threshold to 12"},
            {"bw_slope:1m", "set steady state BW threshold to 1048576"}};
        for (String[] c : cases) {
            InProcessMain.Result r = InProcessMain.run("fio", "--parse-only", "--debug=parse", "--ss_dur=10s",
                    "--ss=" + c[0], "--ss_ramp=5");
            assertThat(r.status()).as(c[0] + ": " + r.err()).isZero();
            assertThat(r.out()).as(c[0]).contains(c[1]).contains("handle_option=steadystate_duration, ptr=10s");
        }
        InProcessMain.Result bad = InProcessMain.run("fio", "--parse-only", "--ss_dur=10s", "--ss=lat:1%");
        assertThat(bad.status()).isEqualTo(1);
        assertThat(bad.err().strip().lines()).hasSize(1).first().asString().contains("ss=lat:1%");
        assertThat(InProcessMain.run("fio", "--debug=io", "--parse-only").status()).as("iobench's refusal of what"
                + " fio would do").isEqualTo(2);
    }

    @Test
    void aGroupIsJudgedOnItsJobsSummedRatesAndEveryJobCarriesTheGroupsOutcome() throws Exception {
        Path job = Files.writeString(dir.resolve("ss.fio"), """
                [global]
                ioengine=null
                size=64m
                bs=4k
                rw=read
                time_based
                runtime=3
                group_reporting
                ss=iops:90%
                ss_dur=2
                [pair]
                numjobs=2
                """);
        InProcessMain.Result r = InProcessMain.run("run", "--no-store", "--sample-interval", "0", "--format",
                "json", "--allow-overwrite", job.toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode benchmarks = org.iobench.testing.ResultSchema.assertValid(r.out()).path("benchmarks");
        assertThat(benchmarks).hasSize(2);
        JsonNode a = benchmarks.get(0).path("runs").get(0).path("steady");
        JsonNode b = benchmarks.get(1).path("runs").get(0).path("steady");
        assertThat(a.path("criterion").path("group").asBoolean()).isTrue();
        assertThat(b).as("one judgment for the group, not one per clone").isEqualTo(a);
        assertThat(a.path("window").size()).isLessThanOrEqualTo(2);
        assertThat(a.path("otherWindow").size()).isEqualTo(a.path("window").size());
        // bytes/s of 4 KiB requests: 4096 times the IOPS, each clone's rate a whole number (cut, as fio's) before
        // the group adds them up, and the two counts read a moment apart: within a few requests per clone
        for (int i = 0; i < a.path("window").size(); i++) {
            assertThat(a.path("otherWindow").get(i).asDouble() / 4096).isCloseTo(a.path("window").get(i).asDouble(),
                    org.assertj.core.data.Offset.offset(0.001 * a.path("window").get(i).asDouble() + 4));
        }
    }

    @Test
    void fiosJsonCriterionFollowsFromItsOwnDataAsFiosTestRecomputesIt() throws Exception {
        InProcessMain.Result r = InProcessMain.run("fio", "--name=s", "--ioengine=null", "--size=64m",
                "--rw=randrw", "--rwmixread=100", "--time_based", "--runtime=3", "--numjobs=2", "--group_reporting",
                "--ss_dur=2", "--ss=iops:90%", "--output-format=json", "--filename=" + dir.resolve("s"));
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode jobs = JSON.readTree(r.out()).path("jobs");
        assertThat(jobs).hasSize(1);
        JsonNode ss = jobs.get(0).path("steadystate");
        assertThat(ss.path("ss").asText()).isEqualTo("iops:90.000000%");
        assertThat(ss.path("duration").asInt()).isEqualTo(2);
        JsonNode iops = ss.path("data").path("iops");
        assertThat(iops).hasSize(2);
        assertThat(ss.path("data").path("bw")).hasSize(2);
        double mean = (iops.get(0).asDouble() + iops.get(1).asDouble()) / 2;
        double criterion = Double.parseDouble(ss.path("criterion").asText().replace("%", ""));
        if (mean > 0 && iops.get(0).asLong() > 0) { // a full window: fio's max deviation over the mean, in percent
            double dev = Math.max(Math.abs(iops.get(0).asDouble() - mean), Math.abs(iops.get(1).asDouble() - mean));
            assertThat(criterion).isCloseTo(100 * dev / mean, org.assertj.core.data.Offset.offset(1e-3));
            assertThat(ss.path("attained").asInt()).isEqualTo(criterion < 90 ? 1 : 0);
        }
        assertThat(ss.path("data").path("iops_mean").asLong()).isEqualTo((iops.get(0).asLong() + iops.get(1)
                .asLong()) / 2);
    }

    @Test
    void aWindowLongerThanTheRuntimeRunsAndIsReportedNotAttainedAsFioReportsIt() throws Exception {
        Path job = Files.writeString(dir.resolve("long-window.fio"), """
                [w]
                ioengine=null
                size=16m
                rw=read
                time_based
                runtime=1
                ss=iops:10%
                ss_dur=10s
                filename=FILE
                """.replace("FILE", dir.resolve("w").toString()));
        InProcessMain.Result fio = InProcessMain.run("fio", "--output-format=json", job.toString());
        assertThat(fio.status()).as(fio.err()).isZero();
        JsonNode ss = JSON.readTree(fio.out()).path("jobs").get(0).path("steadystate");
        assertThat(ss.path("ss").asText()).isEqualTo("iops:10.000000%");
        assertThat(ss.path("duration").asInt()).isEqualTo(10);
        assertThat(ss.path("attained").asInt()).isZero();
        assertThat(ss.path("criterion").asText()).as("fio's criterion of a window never filled")
                .isEqualTo("0.000000%");
        JsonNode iops = ss.path("data").path("iops");
        assertThat(iops).as("fio's ring: the window's seconds, those never reached 0").hasSize(10);
        for (int i = 3; i < 10; i++) {
            assertThat(iops.get(i).asLong()).as("second " + i + " of a 1 s run").isZero();
        }
        InProcessMain.Result run = InProcessMain.run("run", "--no-store", "--allow-overwrite", job.toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out() + run.err()).contains("steady state (iops:10% over 10s) NOT reached: the run ended"
                + " before a full window");
    }
}
