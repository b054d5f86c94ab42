package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iobench.testing.DiskDirs;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each finding's fix is written in the words of the command that ran (dd operands for {@code iobench dd}, fio
 * options in a job file, flags for {@code run}), and running the command with the fix as given clears the finding:
 * read-modify-write, unsynced writes and the page cache, the three traps of the users' stories. The files live
 * where their cached pages can be evicted (not tmpfs); an O_DIRECT rewrite leaves a file uncached.
 */
class FixesRunAsGivenTest {
    private static final Pattern DD_OPERAND = Pattern.compile("\\b[a-z_]+=[^\\s,;()]+");
    private static final Pattern RUN_FLAG = Pattern.compile("--[a-z][a-z-]*(?: (?!--)[^\\s,;()]+)?");

    @TempDir
    Path tmp;
    Path dir;

    @BeforeEach
    void aDirectoryWithADevice() throws IOException {
        dir = DiskDirs.withDroppableCache(tmp);
    }

    private static InProcessMain.Result ok(String... args) {
        InProcessMain.Result r = InProcessMain.run(args);
        assertThat(r.status()).as(String.join(" ", args) + "\n" + r.out() + r.err()).isZero();
        return r;
    }

    private static InProcessMain.Result ok(List<String> args) {
        return ok(args.toArray(String[]::new));
    }

    /** The fix of the finding {@code id} in {@code text}, its first alternative (before ", or "). */
    private static String fixOf(String text, String id) {
        String line = text.lines().filter(l -> l.contains("[" + id + "]")).findFirst()
                .orElseThrow(() -> new AssertionError("no [" + id + "] finding in:\n" + text));
        assertThat(line).contains("; fix: ");
        String fix = line.substring(line.indexOf("; fix: ") + 7);
        return fix.split(", or ")[0];
    }

    private static List<String> tokens(Pattern p, String fix) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(fix);
        while (m.find()) {
            out.addAll(Arrays.asList(m.group().split(" ")));
        }
        assertThat(out).as("the fix names something to type: " + fix).isNotEmpty();
        return out;
    }

    private static List<String> with(List<String> command, List<String> more) {
        List<String> all = new ArrayList<>(command);
        all.addAll(more);
        return all;
    }

    /** {@code command} with the fix's flags: a flag it has already takes the fix's value. */
    private static List<String> withFlags(List<String> command, String fix) {
        List<String> all = new ArrayList<>(command);
        Matcher m = RUN_FLAG.matcher(fix);
        int found = 0;
        while (m.find()) {
            found++;
            List<String> flag = Arrays.asList(m.group().split(" "));
            int at = all.indexOf(flag.getFirst());
            if (at >= 0 && flag.size() == 2) {
                all.set(at + 1, flag.get(1));
            } else if (at < 0) {
                all.addAll(flag);
            }
        }
        assertThat(found).as("the fix names a flag: " + fix).isPositive();
        return all;
    }

    /** Rewrites {@code f} with O_DIRECT writes: its data on the device, none of its pages cached. */
    private static void uncached(Path f, int mib) {
        ok("dd", "if=/dev/zero", "of=" + f, "bs=1M", "count=" + mib, "oflag=direct", "conv=notrunc",
                "--allow-overwrite", "--no-store", "-q");
    }

    @Test
    void ddWithoutABlockSizeOverAnUncachedFileIsToldBsInDdsWordsAndTheFixClearsIt() {
        Path lv = dir.resolve("lv");
        uncached(lv, 4);
        List<String> dd = List.of("dd", "if=/dev/zero", "of=" + lv, "count=8192", "conv=notrunc,fdatasync",
                "--allow-overwrite", "--no-store", "-q");
        String fix = fixOf(ok(dd).err(), "read-modify-write");
        assertThat(fix).contains("bs=1M count=4").doesNotContain("--");
        uncached(lv, 4);
        InProcessMain.Result fixed = ok(with(dd, tokens(DD_OPERAND, fix)));
        assertThat(fixed.err()).contains("4194304 bytes").doesNotContain("[read-modify-write]");
    }

    @Test
    void anUnsyncedDdIsToldConvFdatasyncAndTheFixClearsIt() {
        List<String> dd = List.of("dd", "if=/dev/zero", "of=" + dir.resolve("new"), "bs=1M", "count=64",
                "--allow-overwrite", "--no-store", "-q");
        String fix = fixOf(ok(dd).err(), "unsynced-writes");
        assertThat(fix).contains("conv=fdatasync").doesNotContain("--sync");
        assertThat(ok(with(dd, tokens(DD_OPERAND, fix))).err()).doesNotContain("[unsynced-writes]");
    }

    @Test
    void aDdReadOfACachedFileIsToldIflagDirectAndTheFixClearsIt() {
        Path f = dir.resolve("cached");
        ok("dd", "if=/dev/zero", "of=" + f, "bs=1M", "count=16", "conv=fdatasync", "--no-store", "-q");
        List<String> dd = List.of("dd", "if=" + f, "of=/dev/null", "bs=1M", "--no-store", "-q");
        String fix = fixOf(ok(dd).err(), "page-cache");
        assertThat(fix).contains("iflag=direct").doesNotContain("--direct");
        assertThat(ok(with(dd, tokens(DD_OPERAND, fix))).err()).doesNotContain("[page-cache]");
    }

    @Test
    void runFlagsForRunReadModifyWriteAndPageCache() {
        Path f = dir.resolve("f");
        uncached(f, 4);
        List<String> write = List.of("run", f.toString(), "--rw", "write", "--bs", "512", "--size", "4m", "--sync",
                "fdatasync", "--allow-overwrite", "--no-store", "-q");
        String fix = fixOf(ok(write).out(), "read-modify-write");
        assertThat(fix).contains("--bs 1m").doesNotContain("bs=");
        uncached(f, 4);
        assertThat(ok(withFlags(write, fix)).out()).doesNotContain("[read-modify-write]");

        List<String> read = List.of("run", f.toString(), "--rw", "read", "--bs", "1m", "--no-store", "-q");
        String cache = fixOf(ok(read).out(), "page-cache");
        assertThat(cache).contains("--direct");
        assertThat(ok(withFlags(read, cache)).out()).doesNotContain("[page-cache]");
    }

    @Test
    void aJobFileIsToldFioOptionsAndTheFixClearsIt() throws IOException {
        String job = """
                [w]
                filename=%s
                rw=write
                bs=1m
                size=64m
                """.formatted(dir.resolve("w"));
        Path file = Files.writeString(dir.resolve("w.fio"), job);
        String fix = fixOf(ok("run", file.toString(), "--allow-overwrite", "--no-store", "-q").out(),
                "unsynced-writes");
        assertThat(fix).contains("end_fsync=1").doesNotContain("--");
        Files.writeString(file, job + String.join("\n", tokens(DD_OPERAND, fix)) + "\n");
        assertThat(ok("run", file.toString(), "--allow-overwrite", "--no-store", "-q").out())
                .doesNotContain("[unsynced-writes]");
    }

    @Test
    void ddsOverwriteRefusalOffersWhatDdAccepts() throws IOException {
        Path old = Files.write(dir.resolve("old"), new byte[4096]);
        InProcessMain.Result r = InProcessMain.run("dd", "if=/dev/zero", "of=" + old, "count=8", "--no-store");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("directory").contains("--allow-overwrite")
                .contains("IOBENCH_ALLOW_OVERWRITE=1").contains("name a new file in of=");
        ok("dd", "if=/dev/zero", "of=" + dir.resolve("new-file"), "count=8", "--no-store", "-q");
    }
}
