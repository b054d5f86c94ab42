package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.iobench.store.Databases;
import org.iobench.store.KernelDdRuns;
import org.iobench.store.ResultStore;
import org.iobench.table.Golden;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User story 002's table from stored runs of {@code suite kernel-dd}: one row per test in the suite's order, one
 * column per kernel in natural order, the per-job figure of each group ({@code 2x44.5}, {@code 17/16/16}) with the
 * group's total, with and without the final sync, as text for a mail and as Markdown for GitHub.
 */
class KernelDdCompareTest {
    @TempDir
    static Path dir;
    static String db;

    @BeforeAll
    static void saveSuiteRuns() {
        db = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(db)) {
            KernelDdRuns.save(store, 2, 0, 1); // newest kernel first: the columns still come in natural order
        }
    }

    static String ok(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--db";
        all[args.length + 1] = db;
        InProcess.Result r = InProcess.run(all);
        assertThat(r.status()).as(r.err()).isZero();
        return r.out();
    }

    @Test
    void threeKernelsGiveTheSeedsTableOneRowPerTestWithPerJobFigures() {
        String text = ok("compare", "--by", "kernel");
        List<String> lines = text.lines().toList();
        assertThat(lines.get(1)).contains("kernel=2.6.19.2").contains("kernel=2.6.22.6").contains("kernel=2.6.24-rc1");
        assertThat(lines.get(1).indexOf("2.6.19.2")).isLessThan(lines.get(1).indexOf("2.6.24-rc1"));
        assertThat(lines.get(2)).startsWith("test");
        assertThat(lines.subList(3, 11)).extracting(l -> l.split("\\s+")[0])
                .containsExactly("dd1", "dd1-dir", "dd2", "dd2-dir", "dd3", "dd3-dir", "net1", "mix3");
        assertThat(lines.get(3).split("\\s+")).containsSubsequence("dd1", "28", "28.0", "3", "50", "50.0", "3", "96",
                "96.0", "3");
        assertThat(lines.get(5).split("\\s+")).containsSubsequence("dd2", "2x16.5", "33.0", "3", "2x11", "22.0",
                "3", "2x44.5", "89.0", "3");
        // mix3: one local and two remote writers; alike within 10 % on the older kernels, unlike on 2.6.24-rc1
        assertThat(lines.get(10).split("\\s+")).containsSubsequence("mix3", "3x16.3", "3x25", "96/17.5/17.5");
        assertThat(text).doesNotContain("n=12").matches("\\p{ASCII}*");
        Golden.assertMatches(text, "store/golden/kernel-dd-3-kernels.txt");
        Golden.assertMatches(ok("compare", "--by", "kernel", "--format", "markdown"),
                "store/golden/kernel-dd-3-kernels.md");
    }

    @Test
    void theSecondViewLeavesTheFinalSyncOut() {
        String text = ok("compare", "--by", "kernel", "--without-sync");
        assertThat(text.lines().findFirst().orElseThrow()).endsWith("final sync left out");
        // dd1 on 2.6.19.2: 16 GB in 571 s with an 18 s sync is 28.0 MB/s with it and 28.9 without
        assertThat(text.lines().filter(l -> l.startsWith("dd1 ")).findFirst().orElseThrow().split("\\s+"))
                .containsSubsequence("dd1", "28.9");
        Golden.assertMatches(text, "store/golden/kernel-dd-3-kernels-without-sync.txt");
        Golden.assertMatches(ok("compare", "--by", "kernel", "--without-sync", "--format", "markdown"),
                "store/golden/kernel-dd-3-kernels-without-sync.md");
    }

    @Test
    void twoKernelsAndRatiosToANamedKernel() {
        String[] two = {"compare", "--by", "kernel", "--where", "kernel=2.6.22.6,2.6.24-rc1"};
        Golden.assertMatches(ok(two), "store/golden/kernel-dd-2-kernels.txt");
        Golden.assertMatches(ok(concat(two, "--format", "markdown")), "store/golden/kernel-dd-2-kernels.md");
        Golden.assertMatches(ok(concat(two, "--without-sync")), "store/golden/kernel-dd-2-kernels-without-sync.txt");
        Golden.assertMatches(ok(concat(two, "--without-sync", "--format", "markdown")),
                "store/golden/kernel-dd-2-kernels-without-sync.md");
        String relative = ok("compare", "--by", "kernel", "--relative", "2.6.22.6");
        assertThat(relative).contains("1.00 is kernel=2.6.22.6");
        // dd1: 50 MB/s on 2.6.22.6, 96 on 2.6.24-rc1: the newer kernel costs 0.52 of the time
        assertThat(relative.lines().filter(l -> l.startsWith("dd1 ")).findFirst().orElseThrow().split("\\s+"))
                .containsSubsequence("dd1", "1.79", "1.00", "0.00", "0.52");
        Golden.assertMatches(relative, "store/golden/kernel-dd-relative-to-2.6.22.6.txt");
    }

    @Test
    void anAbComparisonOfTwoKernelsComparesTestsNotWorkloads() {
        String text = ok("compare", "--base", "kernel=2.6.22.6", "--new", "kernel=2.6.24-rc1");
        assertThat(text.lines().skip(3).limit(8).map(l -> l.split("\\s+")[0]).toList())
                .containsExactly("dd1", "dd1-dir", "dd2", "dd2-dir", "dd3", "dd3-dir", "net1", "mix3");
        // every row has its gain, n = 3 a side
        assertThat(text.lines().skip(3).limit(8)).allSatisfy(l -> assertThat(l).matches(".*[+-]\\d+\\.\\d% [*~].*"));
    }

    @Test
    void historyAndCheckGroupByTheSameTestIdentity() {
        String check = ok("check", "kernel=2.6.24-rc1", "--against", "kernel=2.6.22.6", "--max-regression", "50");
        assertThat(check.lines().skip(3).takeWhile(l -> !l.isBlank()).map(l -> l.split("\\s+")[0]).sorted())
                .containsExactly("dd1", "dd1-dir", "dd2", "dd2-dir", "dd3", "dd3-dir", "mix3", "net1");
        // dd2 on 2.6.24-rc1: the group's total (89), not one writer's rate (44.5)
        assertThat(check.lines().filter(l -> l.startsWith("dd2 ")).findFirst().orElseThrow().split("\\s+"))
                .containsSubsequence("dd2", "22.0", "3", "89.0", "3");
        String history = ok("history", "--by", "kernel");
        assertThat(history.lines().filter(l -> l.matches("^(dd|net|mix)\\S* .*: 3 values of kernel .*")).count())
                .as(history).isEqualTo(8);
    }

    @Test
    void aNamedReferenceThatNoRunHasIsOneLine() {
        InProcess.Result r = InProcess.run("compare", "--by", "kernel", "--relative", "2.6.99", "--db", db);
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).contains("--relative 2.6.99").hasLineCount(1);
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
