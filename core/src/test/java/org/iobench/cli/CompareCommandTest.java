package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.iobench.store.Databases;
import org.iobench.store.ResultStore;
import org.iobench.store.StoryRuns;
import org.iobench.table.Golden;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iobench runs} and {@code iobench compare} over the seed stories saved through the store API; every table
 * format is locked by a golden file (Locale.ROOT; fixed ids and dates).
 */
class CompareCommandTest {
    @TempDir
    static Path dir;
    static String db;

    @BeforeAll
    static void saveStories() {
        db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            StoryRuns.saveStory004(store);
            StoryRuns.saveStory002(store);
        }
    }

    static InProcess.Result ok(String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--db";
        all[args.length + 1] = db;
        InProcess.Result r = InProcess.run(all);
        assertThat(r.status()).as(r.err()).isZero();
        return r;
    }

    @Test
    void story004WithAndWithoutPatchFromStoredRunsHasBlockSizesAsRowsMinAvgMaxPerSideAndGain() {
        String text = ok("compare", "--base", "label:patch=without", "--new", "label:patch=with",
                "--metric", "KB/s", "--assume", "normal", "--base-name", "w/o patch", "--new-name", "with patch").out();

        List<String> lines = text.lines().toList();
        assertThat(lines.get(0)).isEqualTo("randwrite, 64 threads, qd1, direct, sync none; KB/s per repetition");
        assertThat(lines.get(1)).contains("w/o patch KB/s").contains("with patch KB/s");
        assertThat(lines.get(2)).startsWith("bs ").contains("min    avg    max").contains("gain %").endsWith("p");
        assertThat(lines.subList(3, 12)).extracting(l -> l.split("\\s+")[0])
                .containsExactly("4KiB", "8KiB", "16KiB", "32KiB", "64KiB", "128KiB", "256KiB", "512KiB", "1MiB");
        assertThat(lines.get(3)).contains("3    317    318    319  3    417    420    423  +32.1% *");
        assertThat(lines.get(9)).contains("-0.2% ~"); // 256K: -0.2 % is noise, and the gain is still shown
        assertThat(lines.get(12)).startsWith("geomean").contains("+19.4%");
        Golden.assertMatches(text, "store/golden/story004-welch.txt");
    }

    @Test
    void theThreeRunSweepShowsNMinAvgMaxPerSideAndANumericGainOnEveryRow() {
        String text = ok("compare", "--base", "patch=without", "--new", "patch=with", "--metric", "KB/s").out();
        List<String> rows = text.lines().skip(3).limit(9).toList();
        assertThat(rows).extracting(l -> l.split("\\s+")[0])
                .containsExactly("4KiB", "8KiB", "16KiB", "32KiB", "64KiB", "128KiB", "256KiB", "512KiB", "1MiB");
        // bs, then n min avg max for each side, the gain with its mark, p
        assertThat(rows).allSatisfy(l -> assertThat(l).matches(
                "\\S+\\s+3(\\s+\\d+){3}\\s+3(\\s+\\d+){3}\\s+[+-]\\d+\\.\\d% [*~]\\s+\\S+"));
        assertThat(rows.getFirst()).contains("+32.1% *");
        assertThat(text).contains("p: Welch's t-test on log values").doesNotContain("cannot go below");
    }

    @Test
    void benchstatsFormShowsMediansWithTheirIntervalAndHidesInsignificantChanges() {
        String text = ok("compare", "--base", "patch=without", "--new", "patch=with", "--metric", "KB/s", "--stats",
                "benchstat").out();
        List<String> lines = text.lines().toList();
        assertThat(lines.get(2)).contains("median").contains("+/-").contains("delta");
        // Mann-Whitney U with 3 + 3 runs: p >= 0.100, so every change is ~ and the table says why
        assertThat(lines.subList(3, 12)).allSatisfy(l -> assertThat(l).matches(".*\\s~\\s+\\S+$"));
        assertThat(text).contains("cannot go below 0.100");
        Golden.assertMatches(text, "store/golden/story004-benchstat.txt");
        InProcess.Result bad = InProcess.run("compare", "--base", "patch=without", "--new", "patch=with", "--stats",
                "fancy", "--db", db);
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).isEqualTo("iobench: --stats fancy: not a style (minmax, benchstat)\n");
        InProcess.Result both = InProcess.run("compare", "--base", "patch=without", "--new", "patch=with", "--stats",
                "benchstat", "--assume", "normal", "--db", db);
        assertThat(both.status()).isEqualTo(2);
        assertThat(both.err()).contains("--assume normal").hasLineCount(1);
    }

    @Test
    void story004InEveryFormat() {
        String[] args = {"compare", "--base", "patch=without", "--new", "patch=with", "--metric", "KB/s"};
        Golden.assertMatches(ok(args).out(), "store/golden/story004-mannwhitney.txt");
        for (String f : List.of("markdown", "csv", "json")) {
            Golden.assertMatches(ok(concat(args, "--format", f)).out(), "store/golden/story004-mannwhitney."
                    + (f.equals("markdown") ? "md" : f));
        }
    }

    @Test
    void kernelsAsColumnsAbsoluteAndRelativeInEveryFormat() {
        String[] abs = {"compare", "--by", "kernel"};
        String text = ok(abs).out();
        assertThat(text.lines().toList().get(1)).contains("kernel=2.6.19.2").contains("kernel=2.6.22.6")
                .contains("kernel=2.6.24-rc1");
        assertThat(text.indexOf("kernel=2.6.19.2")).isLessThan(text.indexOf("kernel=2.6.24-rc1"));
        Golden.assertMatches(text, "store/golden/kernels-absolute.txt");
        for (String f : List.of("markdown", "csv", "json")) {
            Golden.assertMatches(ok(concat(abs, "--format", f)).out(), "store/golden/kernels-absolute."
                    + (f.equals("markdown") ? "md" : f));
        }
        Golden.assertMatches(ok("compare", "--by", "kernel", "--where", "kernel=2.6.24-rc1,2.6.19.2", "--metric", "iops",
                "--columns", "2.6.24-rc1,2.6.19.2").out(), "store/golden/kernels-iops-two-columns.txt");
        String[] rel = {"compare", "--by", "kernel", "--relative"};
        Golden.assertMatches(ok(rel).out(), "store/golden/kernels-relative.txt");
        for (String f : List.of("markdown", "csv", "json")) {
            Golden.assertMatches(ok(concat(rel, "--format", f)).out(), "store/golden/kernels-relative."
                    + (f.equals("markdown") ? "md" : f));
        }
    }

    @Test
    void runsListsNewestFirstInEveryFormat() {
        String[] args = {"runs", "label:kernel=2.6.24-rc1,2.6.22.6", "since:2026-11-03"};
        String text = ok(args).out();
        assertThat(text.lines().skip(1).map(l -> l.strip().split("\\s+")[0]).toList())
                .containsExactly("36", "35", "34", "33", "32", "31", "24", "23", "22", "21", "20", "19");
        Golden.assertMatches(text, "store/golden/runs.txt");
        for (String f : List.of("markdown", "csv", "json")) {
            Golden.assertMatches(ok(concat(args, "--format", f)).out(), "store/golden/runs."
                    + (f.equals("markdown") ? "md" : f));
        }
    }

    @Test
    void badSelectorsAndEmptySelectionsEndWithOneLine() {
        InProcess.Result bad = InProcess.run("compare", "--base", "patch=without", "--new", "id:x", "--db", db);
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).isEqualTo("iobench: --new 'id:x': id:x is not an id or a range (examples: id:12,"
                + " id:10-20)\n");
        InProcess.Result none = InProcess.run("compare", "--base", "patch=nope", "--new", "patch=with", "--db", db);
        assertThat(none.status()).isEqualTo(1);
        assertThat(none.err()).contains("--base patch=nope: selects no complete runs").hasLineCount(1);
        InProcess.Result overlap = InProcess.run("compare", "--base", "id:1-10", "--new", "patch=with", "--db", db);
        assertThat(overlap.status()).isEqualTo(2);
        assertThat(overlap.err()).contains("both select run 10");
        InProcess.Result both = InProcess.run("compare", "--by", "kernel", "--base", "id:1", "--db", db);
        assertThat(both.status()).isEqualTo(2);
        InProcess.Result metric = InProcess.run("compare", "--by", "kernel", "--metric", "furlongs", "--db", db);
        assertThat(metric.status()).isEqualTo(2);
        assertThat(metric.err()).contains("--metric").contains("furlongs").hasLineCount(1);
        InProcess.Result format = InProcess.run("runs", "--format", "yaml", "--db", db);
        assertThat(format.status()).isEqualTo(2);
        assertThat(format.err()).contains("--format").contains("yaml").hasLineCount(1);
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
