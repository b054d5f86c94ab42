package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.TestId;
import org.iobench.store.Databases;
import org.iobench.store.NewMicroRun;
import org.iobench.store.NewRun;
import org.iobench.store.ResultStore;
import org.iobench.store.RunToSave;
import org.iobench.store.StoreFixtures;

/**
 * Issue 25, "one definition per figure": random stores (I/O runs on their own and as a job file's parallel group,
 * imports, micro runs with upper outliers, labels) saved through the store API; every view shows the same figure for
 * the same thing: each run's mean in {@code runs} and {@code history}, each row's means in {@code compare} and
 * {@code check}, and the same p-value in both, all equal to what was saved.
 */
class ViewsAgreePropertyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final RwMode[] RW = {RwMode.READ, RwMode.WRITE, RwMode.RANDREAD, RwMode.RANDWRITE};

    /** What was saved, per run id: its repetitions' MB/s (micro: ns/op of the samples the report used). */
    private record Saved(Map<Long, double[]> runs, Map<String, List<Double>> rowsA, Map<String, List<Double>> rowsB,
                         Map<Long, Double> groups) {}

    @Property(tries = 10, seed = "25")
    void everyViewShowsTheSavedFigure(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) throws Exception {
        Path dir = Files.createTempDirectory("views-agree");
        try {
            String db = Databases.sqlite(dir);
            Saved saved = fill(db, new Random(seed));
            checkRuns(db, saved);
            checkHistory(db, saved);
            checkCompareAndCheck(db, saved, "kind=io", 1e6);
            checkCompareAndCheck(db, saved, "kind=micro", 1);
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Saved fill(String db, Random random) {
        Map<Long, double[]> runs = new HashMap<>();
        Map<Long, Double> groups = new HashMap<>(); // a group execution's first member: the group's mean total
        List<Double> groupTotals = new ArrayList<>();
        Map<String, List<Double>> a = new HashMap<>();
        Map<String, List<Double>> b = new HashMap<>();
        List<RunToSave> toSave = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        List<String> sides = new ArrayList<>();
        int shapes = 1 + random.nextInt(3);
        int at = 0;
        for (String side : List.of("a", "b")) {
            for (int s = 0; s < shapes; s++) {
                RwMode rw = RW[s];
                long bs = 4096L << (2 * s);
                for (int run = 0, n = 1 + random.nextInt(3); run < n; run++) {
                    double[] mb = new double[1 + random.nextInt(4)];
                    for (int r = 0; r < mb.length; r++) {
                        mb[r] = 50 + random.nextInt(450) + random.nextInt(100) / 100.0;
                    }
                    BenchmarkResult result = StoreFixtures.result("/dev/md0", rw, bs, 1, true,
                            Arrays.stream(mb).map(v -> v * 1e6).toArray());
                    String source = random.nextInt(4) == 0 ? "iobench-json" : "iobench";
                    toSave.add(new NewRun(result, StoreFixtures.ENV, Map.of("side", side, "kind", "io"), null, source,
                            StoreFixtures.T0.plusSeconds(at++)));
                    values.add(mb);
                    rows.add("io " + s);
                    sides.add(side);
                }
            }
            // a job file's parallel group of two: one row, the group's total per repetition
            int reps = 1 + random.nextInt(3);
            double[] total = new double[reps];
            List<RunToSave> group = new ArrayList<>();
            for (int m = 0; m < 2; m++) {
                double[] mb = new double[reps];
                for (int r = 0; r < reps; r++) {
                    mb[r] = 20 + random.nextInt(80);
                    total[r] += mb[r];
                }
                BenchmarkResult member = StoreFixtures.result("/dev/md0", RwMode.WRITE, 1 << 20, 1, true,
                        Arrays.stream(mb).map(v -> v * 1e6).toArray())
                        .withTest(new TestId("g0", m + 1, 2, "job file x.fio"));
                group.add(new NewRun(member, StoreFixtures.ENV, Map.of("side", side, "kind", "io"), null, "iobench",
                        StoreFixtures.T0.plusSeconds(at++)));
                values.add(mb);
                rows.add(null); // a member's own figure is its run's; the row's is the group's total
                sides.add(side);
            }
            toSave.add(null); // marks where the group is saved together
            groupTotals.add(mean(total));
            toSave.addAll(group);
            (side.equals("a") ? a : b).computeIfAbsent("group", k -> new ArrayList<>())
                    .addAll(Arrays.stream(total).boxed().toList());
            // a micro variant: samples in ns/op, the slowest an upper outlier the report left out
            for (int run = 0, n = 1 + random.nextInt(2); run < n; run++) {
                double[] ns = new double[5 + random.nextInt(3)];
                for (int i = 0; i < ns.length; i++) {
                    ns[i] = 100 + random.nextInt(20);
                }
                ns[ns.length - 1] = 1000;
                toSave.add(new NewMicroRun("sums", "loop", Arrays.stream(ns).boxed().toList(), "java 25",
                        "{\"kind\":\"iobench-micro\"}", "{}", Map.of("side", side, "kind", "micro"), null,
                        StoreFixtures.T0.plusSeconds(at++), 1));
                values.add(Arrays.copyOf(ns, ns.length - 1));
                rows.add("micro");
                sides.add(side);
            }
        }
        try (ResultStore store = ResultStore.open(db)) {
            int v = 0;
            for (int i = 0; i < toSave.size(); i++) {
                if (toSave.get(i) == null) {
                    List<Long> ids = store.saveAll(List.of(toSave.get(i + 1), toSave.get(i + 2)));
                    groups.put(ids.get(0), groupTotals.remove(0));
                    runs.put(ids.get(0), values.get(v++));
                    runs.put(ids.get(1), values.get(v++));
                    i += 2;
                    continue;
                }
                long id = toSave.get(i) instanceof NewMicroRun m ? store.save(m) : store.save((NewRun) toSave.get(i));
                runs.put(id, values.get(v));
                String row = rows.get(v);
                (sides.get(v).equals("a") ? a : b).computeIfAbsent(row, k -> new ArrayList<>())
                        .addAll(Arrays.stream(values.get(v)).boxed().toList());
                v++;
            }
        }
        return new Saved(runs, a, b, groups);
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElseThrow();
    }

    private static double mean(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    private static JsonNode json(String... args) throws Exception {
        InProcess.Result r = InProcess.run(args);
        assertThat(r.status()).as(String.join(" ", args) + ": " + r.err()).isIn(0, 3, 5);
        return JSON.readTree(r.out());
    }

    /** {@code runs}: each run's MB/s (micro: its calls per second) is the mean of what was saved. */
    private static void checkRuns(String db, Saved saved) throws Exception {
        for (JsonNode row : json("runs", "--format", "json", "--db", db).path("rows")) {
            double[] v = saved.runs().get(row.path("id").asLong());
            if (row.path("source").asText().equals("micro")) {
                assertThat(row.path("iops").asDouble()).as("run %s", row.path("id"))
                        .isCloseTo(1e9 / mean(v), within(1.0)); // the column is rounded to calls per second
            } else {
                assertThat(row.path("megabytesPerSecond").asDouble()).as("run %s", row.path("id"))
                        .isCloseTo(mean(v), within(0.051)); // the column shows one decimal
            }
        }
    }

    /** {@code history}: a point per run, its mean the run's (for a group: its total). */
    private static void checkHistory(String db, Saved saved) throws Exception {
        for (String kind : List.of("kind=io", "kind=micro")) {
            for (JsonNode w : json("history", kind, "--format", "json", "--db", db).path("workloads")) {
                for (JsonNode p : w.path("points")) {
                    List<Long> ids = new ArrayList<>();
                    p.path("runIds").forEach(id -> ids.add(id.asLong()));
                    // a run's point is its mean; a group execution's, named by its first member, the group's total
                    double expected = saved.groups().containsKey(ids.getFirst()) ? saved.groups().get(ids.getFirst())
                            : mean(saved.runs().get(ids.getFirst()));
                    assertThat(p.path("mean").asDouble()).as("%s point %s", kind, ids)
                            .isCloseTo(expected, within(1e-6 * expected));
                }
            }
        }
    }

    /** {@code compare} and {@code check}: each row's means are the saved ones, and both give the same p. */
    private static void checkCompareAndCheck(String db, Saved saved, String kind, double scale) throws Exception {
        JsonNode compare = json("compare", "--base", "side=a," + kind, "--new", "side=b," + kind, "--format", "json",
                "--db", db);
        JsonNode check = json("check", "side=b," + kind, "--against", "side=a," + kind, "--format", "json",
                "--db", db);
        List<double[]> fromCompare = new ArrayList<>();
        for (JsonNode row : compare.path("rows")) {
            if (!row.path("workload").asText().equals("geomean")) {
                fromCompare.add(new double[] {row.path("baseAvg").asDouble(), row.path("newAvg").asDouble(),
                        row.path("p").isNumber() ? row.path("p").asDouble() : Double.NaN});
            }
        }
        List<double[]> fromCheck = new ArrayList<>();
        for (JsonNode w : check.path("workloads")) {
            fromCheck.add(new double[] {w.path("baseline").path("mean").asDouble(),
                    w.path("checked").path("mean").asDouble(),
                    w.path("pValue").isNumber() ? w.path("pValue").asDouble() : Double.NaN});
        }
        List<double[]> expected = new ArrayList<>();
        for (String row : saved.rowsA().keySet()) {
            boolean micro = row.equals("micro");
            if (micro != kind.equals("kind=micro") || !saved.rowsB().containsKey(row)) {
                continue;
            }
            expected.add(new double[] {mean(saved.rowsA().get(row)), mean(saved.rowsB().get(row))});
        }
        java.util.Comparator<double[]> order = java.util.Comparator.comparingDouble((double[] x) -> x[0])
                .thenComparingDouble(x -> x[1]);
        fromCompare.sort(order);
        fromCheck.sort(order);
        expected.sort(order);
        assertThat(fromCompare).hasSameSizeAs(expected);
        assertThat(fromCheck).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            double[] e = expected.get(i);
            for (double[] view : List.of(fromCompare.get(i), fromCheck.get(i))) {
                assertThat(view[0]).isCloseTo(e[0], within(1e-6 * e[0]));
                assertThat(view[1]).isCloseTo(e[1], within(1e-6 * e[1]));
            }
            double pCompare = fromCompare.get(i)[2];
            double pCheck = fromCheck.get(i)[2];
            if (Double.isNaN(pCheck)) {
                assertThat(pCompare).as("row %s: p in compare, none in check", i).isNaN();
            } else {
                assertThat(pCompare).as("row %s: the same p in compare and check", i).isEqualTo(pCheck);
            }
        }
        assertThat(scale).isPositive();
    }
}
