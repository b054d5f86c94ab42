package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.iobench.store.fio.FioCapturedOutput;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * iobench runs a job file as fio does: each job file of {@code src/test/resources/conformance} (written for these
 * tests) is run by fio and by {@code iobench run}, and fio's JSON is compared with iobench's — the reporting groups
 * and the jobs in each, the bytes of every job (size-based within 1 %, time-based by runtime), the average request
 * size per direction (within 2 %) and the names of the files each tool left behind. Skipped, saying so, where fio is
 * not installed.
 */
class FioConformanceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double BYTES_TOLERANCE = 0.01;
    private static final double BLOCK_SIZE_TOLERANCE = 0.02;
    /**
     * Time-based jobs: iobench's measured time is at least this share of fio's job runtime (ms granularity, a 300 ms
     * job): a job that ended by bytes or too early fails. Load only lengthens a run (a stop seen late, a job of an
     * exitall group ended a scheduling delay after the other), so the upper bound is only a sanity check that a job
     * did not ignore its time: wall-clock windows are no test here.
     */
    private static final double TIME_TOLERANCE = 0.15;
    private static final double TIME_SANITY_FACTOR = 4;
    private static final double TIME_SANITY_SLACK_MS = 2000;

    /** {@code @same-first N}: a time-based file's iologs agree on their first N events. */
    private static final Pattern SAME_FIRST = Pattern.compile("@same-first (\\d+)");

    @TempDir
    Path dir;

    static Stream<String> jobFiles() throws IOException {
        try (InputStream in = FioConformanceTest.class.getResourceAsStream("/conformance/")) {
            String listing = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            // -Dconformance=a,b: only the files whose names contain one of these (one concern while working on it)
            List<String> only = List.of(System.getProperty("conformance", "").split(",")).stream()
                    .filter(o -> !o.isBlank()).toList();
            return listing.lines().filter(n -> n.endsWith(".fio"))
                    .filter(n -> only.isEmpty() || only.stream().anyMatch(n::contains)).sorted().toList().stream();
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = FioConformanceTest.class.getResourceAsStream("/conformance/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** True when a {@code fio} is on the PATH: the tests that compare with fio's own output skip without it. */
    static boolean fioInstalled() {
        for (String p : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(p, "fio"))) {
                return true;
            }
        }
        return false;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jobFiles")
    void iobenchRunsTheJobFileAsFioDoes(String name) throws Exception {
        Assumptions.assumeTrue(fioInstalled(), "fio is not installed (Debian: apt-get install fio); the"
                + " conformance suite compares iobench with fio's own results");
        String text = resource(name);
        Path fioDir = Files.createDirectories(dir.resolve("fio"));
        Path iobDir = Files.createDirectories(dir.resolve("iobench"));
        // @DIR@ in a job file is the tool's own directory (log files are written beside the job's files)
        Path fioJob = Files.writeString(dir.resolve("fio.fio"), "[global]\ndirectory=" + fioDir + "\n"
                + text.replace("@DIR@", fioDir.toString()));
        Path iobJob = Files.writeString(dir.resolve("iobench.fio"), "[global]\ndirectory=" + iobDir + "\n"
                + text.replace("@DIR@", iobDir.toString()));

        // both at once, each in its own directory: the suite takes half the time on a machine of 2 cores
        Process fioProcess = startFio(fioJob, fioDir);
        InProcessMain.Result r = InProcessMain.run("run", "--keep", "--allow-overwrite", "--no-store",
                "--sample-interval", "0", "--format", "json", iobJob.toString());
        JsonNode fio = finishFio(fioProcess, fioJob);
        assertThat(r.status()).as("iobench on %s: %s", name, r.err()).isZero();
        JsonNode iob = org.iobench.testing.ResultSchema.assertValid(r.out()); // every part a job file can set

        Map<Integer, List<JsonNode>> fioGroups = new LinkedHashMap<>();
        for (JsonNode job : fio.path("jobs")) {
            fioGroups.computeIfAbsent(job.path("groupid").asInt(), k -> new ArrayList<>()).add(job);
        }
        if (text.contains("exit_what=all")) {
            // fio lists the jobs exitall kept from starting, with nothing done; iobench does not run them at all
            fioGroups.values().removeIf(g -> g.stream().allMatch(j -> j.path("job_runtime").asLong() == 0
                    && j.path("read").path("io_bytes").asLong() + j.path("write").path("io_bytes").asLong() == 0));
        }
        boolean exitall = text.contains("exitall");
        List<List<JsonNode>> iobGroups = groups(iob.path("benchmarks"));
        assertThat(iobGroups).as("%s: reporting groups", name).hasSize(fioGroups.size());
        int g = 0;
        for (List<JsonNode> theirs : fioGroups.values()) {
            List<JsonNode> ours = iobGroups.get(g++);
            if (theirs.size() == 1 && ours.size() > 1) {
                // group_reporting (which fio's JSON does not list among the options): one entry for the group
                assertThat(text).as("%s: one fio entry for %d iobench jobs", name, ours.size())
                        .contains("group_reporting");
                compare(name + " group " + (g - 1), theirs.getFirst(), ours, exitall);
                continue;
            }
            assertThat(ours).as("%s: jobs of group %d", name, g - 1).hasSize(theirs.size());
            for (int i = 0; i < ours.size(); i++) {
                compare(name + " job " + theirs.get(i).path("jobname").asText() + " #" + i, theirs.get(i),
                        List.of(ours.get(i)), exitall);
            }
        }
        assertThat(files(iobDir)).as("%s: the files each tool left", name).isEqualTo(files(fioDir));
        for (String f : files(fioDir)) {
            if (text.contains("@same-bytes") && !f.endsWith(".log") && !f.endsWith(".iolog")) {
                // a file that asks: every data file byte for byte as fio wrote it (fio's buffer contents)
                assertThat(Files.mismatch(iobDir.resolve(f), fioDir.resolve(f))).as("%s: first byte of %s that"
                        + " differs from fio's (-1: none)", name, f).isEqualTo(-1L);
                continue;
            }
            List<String> fioLines = f.endsWith(".log") || f.endsWith(".iolog") ? Files.readAllLines(fioDir.resolve(f))
                    : List.of();
            if (!fioLines.isEmpty() && fioLines.getFirst().equals("fio version 3 iolog")) {
                // write_iolog: the same file events and requests in the same order (times and paths aside): fio's
                // directions, sizes and offsets, request by request
                List<List<String>> ours = iologEvents(Files.readAllLines(iobDir.resolve(f)));
                List<List<String>> theirs = iologEvents(fioLines);
                Matcher first = SAME_FIRST.matcher(text);
                if (first.find()) {
                    // a time-based file: the tools make different numbers of requests in the time; the first N
                    // events of each log (its passes, resets and new loops) are fio's
                    int n = Integer.parseInt(first.group(1));
                    assertThat(ours).as("%s: logs in %s", name, f).hasSameSizeAs(theirs);
                    for (int i = 0; i < ours.size(); i++) {
                        assertThat(theirs.get(i).size()).as("%s: fio's events in %s", name, f).isGreaterThan(n);
                        assertThat(ours.get(i).size()).as("%s: iobench's events in %s", name, f).isGreaterThan(n);
                        assertThat(ours.get(i).subList(0, n)).as("%s: the first %d events in %s", name, n, f)
                                .isEqualTo(theirs.get(i).subList(0, n));
                    }
                    continue;
                }
                assertThat(ours).as("%s: requests in %s", name, f).isEqualTo(theirs);
                continue;
            }
            if (f.endsWith(".log") || f.endsWith(".log.fz")) { // fio's I/O logs: as many lines, as many columns
                // a compressed log (log_store_compressed) is read back by fio's own --inflate-log, iobench's too
                List<String> theirs = f.endsWith(".fz") ? inflate(fioDir.resolve(f)) : fioLines;
                List<String> ours = f.endsWith(".fz") ? inflate(iobDir.resolve(f))
                        : Files.readAllLines(iobDir.resolve(f));
                if (!text.contains("log_avg_msec")) {
                    assertThat(ours).as("%s: lines of %s", name, f).hasSameSizeAs(theirs);
                }
                if (!theirs.isEmpty() && !ours.isEmpty()) {
                    assertThat(ours.getFirst().split(", ").length).as("%s: columns of %s", name, f)
                            .isEqualTo(theirs.getFirst().split(", ").length);
                }
                if (text.contains("; @same-priorities")) { // a file that asks: priorities as often, per kind of I/O
                    Map<String, Double> theirShares = priorityShares(theirs);
                    Map<String, Double> ourShares = priorityShares(ours);
                    assertThat(ourShares.keySet()).as("%s: direction, size and priority in %s", name, f)
                            .isEqualTo(theirShares.keySet());
                    for (Map.Entry<String, Double> e : theirShares.entrySet()) {
                        assertThat(ourShares.get(e.getKey())).as("%s: share of %s in %s", name, e.getKey(), f)
                                .isCloseTo(e.getValue(), org.assertj.core.data.Offset.offset(0.12));
                    }
                }
                if (text.contains("; @same-offsets")) { // a file that asks: the same offsets, in the same order
                    assertThat(ours.stream().map(l -> l.split(", ")[4]).toList()).as("%s: offsets in %s", name, f)
                            .isEqualTo(theirs.stream().map(l -> l.split(", ")[4]).toList());
                }
            }
        }
    }

    /**
     * An iolog's lines without their times and files' directories ({@code j.0.1 add}, {@code j.0.1 read 4096 4096},
     * ...), one list per
     * log in the file, in order within each; the logs sorted, as clones writing one name (numjobs) append theirs
     * in the order they end.
     */
    private static List<List<String>> iologEvents(List<String> lines) {
        List<List<String>> logs = new ArrayList<>();
        for (String l : lines) {
            if (l.equals("fio version 3 iolog")) {
                logs.add(new ArrayList<>());
                continue;
            }
            String[] p = l.split(" ", 3);
            // the file's name without its directory (each tool's own): which file each event is of, fio's order
            String name = p.length < 2 ? "" : Path.of(p[1]).getFileName().toString();
            String event = p.length < 3 ? "" : p[2];
            if (event.startsWith("sync ") || event.startsWith("datasync ")) {
                // a sync's offset and length mean nothing: fio logs those its reused request slot held last
                event = event.substring(0, event.indexOf(' '));
            }
            logs.getLast().add(p.length < 3 ? String.join(" ", p) : name + " " + event);
        }
        logs.sort(java.util.Comparator.comparing(List::toString));
        return logs;
    }

    /** fio 3.33's {@code --inflate-log} of a compressed log: its text lines (none for an empty file). */
    private static List<String> inflate(Path file) throws Exception {
        if (Files.size(file) == 0) {
            return List.of(); // an empty log (a synchronous engine's slat): fio's --inflate-log calls it a short read
        }
        Process p = new ProcessBuilder("fio", "--inflate-log=" + file).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("fio --inflate-log=%s: %s", file, out).isZero();
        return out.lines().toList();
    }

    /** A log's lines by direction, block size and priority (its first, third and last columns): their shares. */
    private static Map<String, Double> priorityShares(List<String> lines) {
        Map<String, Double> out = new java.util.TreeMap<>();
        for (String line : lines) {
            String[] c = line.split(", ");
            out.merge(c[2] + " " + c[3] + " " + c[c.length - 1], 1.0 / lines.size(), Double::sum);
        }
        return out;
    }

    /** A job's {@code runtime} option in milliseconds (fio's default unit is seconds); 0 when absent. */
    private static double runtimeMs(String value) {
        Matcher m = Pattern.compile("(\\d+)(us|ms|s|m|h)?").matcher(value.trim());
        if (!m.matches()) {
            return 0;
        }
        double unit = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "us" -> 0.001;
            case "ms" -> 1;
            case "m" -> 60_000;
            case "h" -> 3_600_000;
            default -> 1000;
        };
        return Long.parseLong(m.group(1)) * unit;
    }

    /** iobench's jobs by reporting group, in order: a label shared by jobs, or a job alone. */
    private static List<List<JsonNode>> groups(JsonNode benchmarks) {
        Map<String, List<JsonNode>> out = new LinkedHashMap<>();
        int alone = 0;
        for (JsonNode b : benchmarks) {
            String label = b.path("job").path("group").asText("");
            out.computeIfAbsent(label.isEmpty() ? "\u0000" + alone++ : label, k -> new ArrayList<>()).add(b);
        }
        return new ArrayList<>(out.values());
    }

    /**
     * @param exitall the job file has exitall: a time-based job that fio itself ended well before its runtime was
     *                cut by another job's end, whose length each tool measures for itself
     */
    private static void compare(String what, JsonNode fio, List<JsonNode> ours, boolean exitall) {
        long fioRead = fio.path("read").path("io_bytes").asLong();
        long fioWrite = fio.path("write").path("io_bytes").asLong();
        long fioReads = fio.path("read").path("total_ios").asLong();
        long fioWrites = fio.path("write").path("total_ios").asLong();
        long fioTrim = fio.path("trim").path("io_bytes").asLong();
        long fioTrims = fio.path("trim").path("total_ios").asLong();
        long read = 0, write = 0, reads = 0, writes = 0, elapsedNanos = 0, trim = 0, trims = 0;
        boolean timeBased = false;
        for (JsonNode b : ours) {
            JsonNode t = b.path("runs").get(0).path("totals");
            // fio counts its verify phase among the job's reads; iobench reports the read-back apart
            JsonNode v = b.path("runs").get(0).path("verification");
            read += v.path("checkedBytes").asLong();
            reads += v.path("blocksChecked").asLong();
            read += t.path("readBytes").asLong();
            write += t.path("writeBytes").asLong();
            reads += t.path("reads").asLong();
            writes += t.path("writes").asLong();
            trim += t.path("trimBytes").asLong(); // absent (0) without trims
            trims += t.path("trims").asLong();
            elapsedNanos = Math.max(elapsedNanos, t.path("elapsedNs").asLong());
            timeBased |= b.path("job").path("loopRegion").asBoolean();
        }
        assertThat(fio.path("error").asInt()).as("%s: fio's error", what).isZero();
        if (timeBased) {
            double fioMs = Math.max(fio.path("read").path("runtime").asLong(), fio.path("write").path("runtime")
                    .asLong());
            double ownMs = runtimeMs(fio.path("job options").path("runtime").asText(""));
            if (exitall && fioMs < ownMs * (1 - TIME_TOLERANCE)) {
                // cut short by the job whose end ends its group: the floor is that job's length in each tool (a
                // thinktime under load), not fio's; iobench must have been cut short too
                assertThat(elapsedNanos / 1e6).as("%s: runtime (ms), cut short by exitall", what).isPositive()
                        .isLessThan(ownMs);
            } else {
                // fio's own job runs long under load (a 300 ms job took 357 ms at load 17): the floor is the
                // shorter of its length and the runtime the job asks
                double floorMs = ownMs > 0 ? Math.min(fioMs, ownMs) : fioMs;
                assertThat(elapsedNanos / 1e6).as("%s: runtime (ms)", what).isBetween(floorMs * (1 - TIME_TOLERANCE),
                        fioMs * TIME_SANITY_FACTOR + TIME_SANITY_SLACK_MS);
            }
        } else {
            within(what + ": bytes", read + write, fioRead + fioWrite, BYTES_TOLERANCE);
            within(what + ": bytes trimmed", trim, fioTrim, BYTES_TOLERANCE);
        }
        // a mixed job draws each request's direction at random, as fio does: the shares agree within sampling error
        // (of two samples where randrepeat=0 draws each tool's own: the difference's variance is twice one's; a
        // deterministic job's shares are the same anyway)
        long n = reads + writes;
        if (n > 0 && fioReads + fioWrites > 0) {
            double share = (double) reads / n;
            double fioShare = (double) fioReads / (fioReads + fioWrites);
            assertThat(Math.abs(share - fioShare)).as("%s: share of reads, iobench %.3f, fio %.3f", what, share,
                    fioShare).isLessThanOrEqualTo(Math.max(0.01, 4 * Math.sqrt(2 * fioShare * (1 - fioShare) / n)));
        }
        if (fioReads > 0 && reads > 0) {
            within(what + ": average read size", (double) read / reads, (double) fioRead / fioReads,
                    sizeTolerance(Math.min(reads, fioReads)));
        }
        if (fioWrites > 0 && writes > 0) {
            within(what + ": average write size", (double) write / writes, (double) fioWrite / fioWrites,
                    sizeTolerance(Math.min(writes, fioWrites)));
        }
        if (fioTrims > 0 && trims > 0) {
            within(what + ": average trim size", (double) trim / trims, (double) fioTrim / fioTrims,
                    sizeTolerance(Math.min(trims, fioTrims)));
        }
        assertThat(trims > 0).as("%s: trims happen in both", what).isEqualTo(fioTrims > 0);
        assertThat(reads > 0).as("%s: reads happen in both", what).isEqualTo(fioReads > 0);
        assertThat(writes > 0).as("%s: writes happen in both", what).isEqualTo(fioWrites > 0);
    }

    /**
     * The average request size of a drawn mix is a sample mean: 2 %, or three of its relative standard errors (a
     * split's sizes spread about as much as their mean) when fewer requests than that make it.
     */
    private static double sizeTolerance(long requests) {
        return Math.max(BLOCK_SIZE_TOLERANCE, 3 / Math.sqrt(requests));
    }

    private static void within(String what, double ours, double theirs, double tolerance) {
        if (Math.abs(ours - theirs) > tolerance * Math.max(1, Math.abs(theirs))) {
            fail(what + ": iobench " + ours + ", fio " + theirs + " (more than " + tolerance * 100 + " % apart)");
        }
    }

    /** The files a tool left; fio's saved verify state ({@code *-verify.state}) has no iobench counterpart. */
    private static TreeSet<String> files(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return new TreeSet<>(s.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith("-verify.state"))
                    .toList());
        }
    }

    private static Process startFio(Path job, Path cwd) throws IOException {
        Path out = dir(job).resolve("fio.json");
        return new ProcessBuilder("fio", "--output-format=json", "--output=" + out, job.toString())
                .directory(cwd.toFile()).redirectErrorStream(true).redirectOutput(dir(job).resolve("fio.log")
                        .toFile()).start();
    }

    private static JsonNode finishFio(Process p, Path job) throws Exception {
        Path out = dir(job).resolve("fio.json");
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("fio did not finish " + job + " in 120 s");
        }
        String log = Files.readString(dir(job).resolve("fio.log"));
        assertThat(p.exitValue()).as("fio on %s: %s", job, log).isZero();
        return JSON.readTree(FioCapturedOutput.withoutLeadingMessages(Files.readString(out)));
    }

    private static Path dir(Path job) {
        return job.getParent();
    }
}
