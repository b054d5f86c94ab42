package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the advisor prints, end to end: every line once, every finding line naming its job or group, and nothing
 * about the warm-up in a ramped run's figures.
 */
class AdvisorOutputTest {
    @TempDir
    Path dir;

    private static List<String> findingLines(String text) {
        return text.lines().filter(l -> l.matches("(warning|context|note): .*")).toList();
    }

    @Test
    void aGroupOfFourPrintsEachFindingOnceNamingItsJobOrGroup() throws Exception {
        Path old = dir.resolve("old");
        Files.write(old, new byte[4 << 20]);
        Path jobs = Files.writeString(dir.resolve("g.fio"), """
                [global]
                size=4m
                [overwrite]
                filename=%s
                rw=write
                bs=512
                [a]
                filename=%s
                rw=write
                bs=1m
                [b]
                filename=%s
                rw=write
                bs=1m
                [c]
                filename=%s
                rw=read
                bs=1m
                """.formatted(old, dir.resolve("a"), dir.resolve("b"), dir.resolve("c")));
        InProcessMain.Result r = InProcessMain.run("run", jobs.toString(), "--allow-overwrite", "--no-store");
        assertThat(r.status()).as(r.err()).isZero();
        List<String> lines = r.out().lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines).doesNotHaveDuplicates();
        assertThat(findingLines(r.out())).isNotEmpty() // at least the unsynced buffered writers
                .allMatch(l -> l.matches("(warning|context|note): (group g0|overwrite|a|b|c)(, (group g0|overwrite|a|b|c))*"
                        + "( runs? [0-9, ]+)?: \\[.*"));
    }

    @Test
    void aRampedRunJudgesOnlyItsMeasuredSecond() throws Exception {
        Path jobs = Files.writeString(dir.resolve("ramp.fio"), """
                [ramped]
                filename=%s
                rw=randread
                bs=4k
                size=8m
                ramp_time=1s
                runtime=300ms
                time_based=1
                """.formatted(dir.resolve("f")));
        InProcessMain.Result r = InProcessMain.run("run", jobs.toString(), "--no-store", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        var run = org.iobench.report.JsonReport.read(r.out()).path("benchmarks").get(0).path("runs").get(0);
        long window = run.path("evidence").path("windowNs").asLong();
        assertThat(window).as("the workers' window holds no warm-up").isPositive().isLessThan(1_000_000_000L);
        assertThat(run.path("accounting").path("mismatch").asBoolean()).isFalse();
        assertThat(run.path("warnings")).isEmpty();
    }
}
