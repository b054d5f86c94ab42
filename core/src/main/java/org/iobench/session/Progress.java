package org.iobench.session;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iobench.job.JobSpec;
import org.iobench.report.Units;
import org.iobench.result.RunResult;
import org.iobench.store.StoredTarget;
import org.iobench.workload.LiveView;

/**
 * What a live progress line says, computed from events and clock readings handed in: no thread, no terminal, no
 * clock of its own, so a test drives it with made-up times. {@link ProgressLine} feeds it and prints its lines.
 *
 * <p>The line names the point (run of a job; a sweep's points, the jobs of a suite) out of how many, the phase
 * (filling a new file, warm-up, measuring), elapsed time "of" the time limit or bytes "of" the size, the current
 * MB/s and IOPS (since the previous line), and an ETA: the current point's rest (time left, or bytes left at the
 * rate so far) plus every point still to come (a finished run of the same job takes what it took; else its time
 * limit and warm-up; else its bytes at the current rate). Without enough to go on the ETA is left out, never
 * guessed.
 *
 * <pre>
 * Progress p = new Progress(plan);              // the points in order, or null when unknown (saturate)
 * p.filling(spec, file, done, total, now);      // while a new file is filled
 * p.runStarted(spec, 1, live, now);
 * err.print(p.line(now));                       // as often as wanted
 * String done = p.runEnded(spec, result, now);  // a job's final line after its last run, else null
 * </pre>
 */
final class Progress {
    /** Rates are taken over at least this much time, so a line is not a single request's noise. */
    static final long RATE_WINDOW_NANOS = 200_000_000L;

    private record Point(JobSpec spec, int run) {}

    private final List<Point> plan; // null: the number of points is not known in advance
    private final Map<JobSpec, List<Long>> finishedNanos = new IdentityHashMap<>();
    private final Map<JobSpec, List<RunResult>> results = new IdentityHashMap<>();
    private final Map<JobSpec, Long> jobStartNanos = new IdentityHashMap<>();
    private int cursor = -1; // index of the current point in plan
    private int pointsDone;

    // the current phase
    private JobSpec spec;
    private int run;
    private LiveView live;
    private long runStartNanos;
    private Path fillFile;
    private boolean fillScratch;
    private long fillDone;
    private long fillTotal;
    private long fillStartNanos;

    // the rate since the previous reading
    private long lastNanos;
    private long lastBytes;
    private long lastRequests;
    private double bytesPerSecond = Double.NaN;
    private double iops = Double.NaN;

    /** @param jobs the jobs in the order they run, each with its runs; null when not known in advance */
    Progress(List<JobSpec> jobs) {
        if (jobs == null) {
            plan = null;
        } else {
            plan = new ArrayList<>();
            for (JobSpec j : jobs) {
                for (int r = 1; r <= j.timing().runs(); r++) {
                    plan.add(new Point(j, r));
                }
            }
        }
    }

    /** A new file of {@code spec} is being filled before its first run. */
    void filling(JobSpec spec, Path file, long doneBytes, long totalBytes, long nowNanos) {
        if (this.spec != spec || fillFile == null) {
            enter(spec, 1, nowNanos);
            fillFile = file;
            fillScratch = !StoredTarget.userPath(file.toString()).equals(file.toString());
            fillStartNanos = nowNanos;
        }
        fillDone = doneBytes;
        fillTotal = totalBytes;
    }

    void runStarted(JobSpec spec, int run, LiveView live, long nowNanos) {
        enter(spec, run, nowNanos);
        this.live = live;
        runStartNanos = nowNanos;
        fillFile = null;
        lastNanos = live.elapsedNanos();
        lastBytes = 0;
        lastRequests = 0;
        bytesPerSecond = Double.NaN;
        iops = Double.NaN;
    }

    private void enter(JobSpec spec, int run, long nowNanos) {
        this.spec = spec;
        this.run = run;
        jobStartNanos.putIfAbsent(spec, nowNanos);
        if (plan != null) {
            for (int i = Math.max(cursor, 0); i < plan.size(); i++) {
                if (plan.get(i).spec() == spec && plan.get(i).run() == run) {
                    cursor = i;
                    break;
                }
            }
        }
    }

    /**
     * The run ended; returns the job's final line when it was the job's last run (or it stopped early), else null.
     */
    String runEnded(JobSpec spec, RunResult result, long nowNanos) {
        pointsDone++;
        finishedNanos.computeIfAbsent(spec, k -> new ArrayList<>()).add(nowNanos - runStartNanos);
        results.computeIfAbsent(spec, k -> new ArrayList<>()).add(result);
        live = null;
        this.spec = null;
        boolean last = result.run() >= spec.timing().runs() || !result.complete();
        if (plan != null && cursor >= 0) {
            cursor++;
            if (!result.complete()) { // the job's remaining runs will not happen
                while (cursor < plan.size() && plan.get(cursor).spec() == spec) {
                    cursor++;
                }
            }
        }
        return last ? finalLine(spec, nowNanos) : null;
    }

    /** {@code seq-write: 3 runs in 31.2 s, 845 MB/s, 12.3k IOPS}. */
    private String finalLine(JobSpec spec, long nowNanos) {
        List<RunResult> runs = results.getOrDefault(spec, List.of());
        double bytes = runs.stream().mapToDouble(r -> r.totals().bytesPerSecond()).filter(Double::isFinite)
                .average().orElse(Double.NaN);
        double ops = runs.stream().mapToDouble(r -> r.totals().iops()).filter(Double::isFinite).average()
                .orElse(Double.NaN);
        boolean complete = runs.stream().allMatch(RunResult::complete);
        long took = nowNanos - jobStartNanos.getOrDefault(spec, nowNanos);
        return spec.name() + ": " + runs.size() + (runs.size() == 1 ? " run" : " runs") + " in " + seconds(took)
                + (Double.isNaN(bytes) ? "" : ", " + Units.rateDecimal(bytes) + (runs.size() > 1 ? " mean" : ""))
                + (Double.isNaN(ops) ? "" : ", " + count(ops) + " IOPS") + (complete ? "" : ", stopped early");
    }

    /** The progress line for clock reading {@code nowNanos}; empty between runs. */
    String line(long nowNanos) {
        if (spec == null) {
            return "";
        }
        StringBuilder s = new StringBuilder(prefix());
        if (fillFile != null && live == null) {
            s.append(": filling ").append(Units.sizeBinary(fillTotal)).append(fillScratch ? " scratch file"
                    : " new file").append(": ").append(fillTotal > 0 ? fillDone * 100 / fillTotal : 0).append(" %");
        } else if (live != null) {
            s.append(" run ").append(run).append('/').append(spec.timing().runs()).append(": ");
            measuring(s, nowNanos);
        }
        long eta = etaNanos(nowNanos);
        if (eta >= 0) {
            s.append(", ETA ").append(clock(eta));
        }
        return s.toString();
    }

    private String prefix() {
        String point = plan != null && plan.size() > 1 && cursor >= 0 ? "[" + (cursor + 1) + "/" + plan.size() + "] "
                : "";
        return point + spec.name();
    }

    private void measuring(StringBuilder s, long nowNanos) {
        long elapsed = live.elapsedNanos();
        long bytes = live.bytes();
        long requests = live.requests();
        if (elapsed < 0) {
            s.append("warm-up ").append(seconds(spec.timing().rampNanos() + elapsed)).append(" of ")
                    .append(seconds(spec.timing().rampNanos()));
            return;
        }
        updateRate(elapsed, bytes, requests);
        s.append(seconds(elapsed));
        if (spec.timeBased()) {
            s.append(" of ").append(seconds(spec.timing().timeNanos()));
        }
        s.append(", ").append(Units.sizeBinary(bytes));
        long planned = live.plannedBytes();
        if (!spec.timeBased() && planned > 0) {
            s.append(" of ").append(Units.sizeBinary(planned));
        }
        if (!Double.isNaN(bytesPerSecond)) {
            s.append(", ").append(Units.rateDecimal(bytesPerSecond));
        }
        if (!Double.isNaN(iops)) {
            s.append(", ").append(count(iops)).append(" IOPS");
        }
    }

    private void updateRate(long elapsed, long bytes, long requests) {
        long span = elapsed - Math.max(0, lastNanos);
        if (span >= RATE_WINDOW_NANOS) {
            bytesPerSecond = (bytes - lastBytes) * 1e9 / span;
            iops = requests < 0 ? Double.NaN : (requests - lastRequests) * 1e9 / span;
            lastNanos = elapsed;
            lastBytes = bytes;
            lastRequests = Math.max(0, requests);
        }
    }

    /** Nanoseconds until the last point ends, or -1 when something is not known well enough to say. */
    long etaNanos(long nowNanos) {
        if (spec == null) {
            return -1;
        }
        long rest = currentRest(nowNanos);
        if (rest < 0) {
            return -1;
        }
        if (plan == null) {
            return rest;
        }
        for (int i = cursor + 1; i < plan.size(); i++) {
            long e = estimate(plan.get(i).spec());
            if (e < 0) {
                return -1;
            }
            rest += e;
        }
        return rest;
    }

    /** What is left of the current point: the fill and the whole run, or the run's rest. */
    private long currentRest(long nowNanos) {
        if (live == null) {
            long run = estimate(spec);
            if (fillFile == null || run < 0) {
                return run;
            }
            long spent = nowNanos - fillStartNanos;
            if (fillDone <= 0 || spent <= 0) {
                return -1;
            }
            return run + (long) ((fillTotal - fillDone) * (double) spent / fillDone);
        }
        long elapsed = live.elapsedNanos();
        if (elapsed < 0) { // warm-up: its rest, then the measured phase
            return spec.timeBased() ? -elapsed + spec.timing().timeNanos() : -1;
        }
        if (spec.timeBased()) {
            return Math.max(0, spec.timing().timeNanos() - elapsed);
        }
        long planned = live.plannedBytes();
        long bytes = live.bytes();
        if (planned <= 0 || bytes <= 0 || elapsed <= 0) {
            return -1;
        }
        return (long) (Math.max(0, planned - bytes) * (double) elapsed / bytes);
    }

    /** A whole run of {@code job}: as long as its finished runs took, else its limits; -1 when unknown. */
    private long estimate(JobSpec job) {
        List<Long> took = finishedNanos.get(job);
        if (took != null && !took.isEmpty()) {
            return (long) took.stream().mapToLong(Long::longValue).average().orElse(0);
        }
        if (job.timeBased()) {
            return job.timing().timeNanos() + job.timing().rampNanos();
        }
        if (job == spec && live != null) { // the current job's first run: its bytes at the rate so far
            long planned = live.plannedBytes();
            long bytes = live.bytes();
            long elapsed = live.elapsedNanos();
            if (planned > 0 && bytes > 0 && elapsed > 0) {
                return (long) (planned * (double) elapsed / bytes) + job.timing().rampNanos();
            }
        }
        return -1;
    }

    /** {@code 4.1 s}, {@code 12 s}. */
    static String seconds(long nanos) {
        double s = nanos / 1e9;
        return String.format(Locale.ROOT, s < 10 ? "%.1f s" : "%.0f s", s);
    }

    /** {@code 0:07}, {@code 3:05}, {@code 1:02:03}: an ETA, rounded up to the second. */
    static String clock(long nanos) {
        long s = (nanos + 999_999_999L) / 1_000_000_000L;
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    /** {@code 850}, {@code 12.3k}, {@code 1.25M}: a count per second, three significant digits. */
    static String count(double v) {
        if (v < 1_000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v < 1_000_000) {
            return Units.sig3(v / 1e3) + "k";
        }
        return Units.sig3(v / 1e6) + "M";
    }
}
