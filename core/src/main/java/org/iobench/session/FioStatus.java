package org.iobench.session;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.job.DirectionRates;
import org.iobench.job.JobSpec;
import org.iobench.job.RateLimit;
import org.iobench.job.RwMode;
import org.iobench.job.Schedule;
import org.iobench.report.fio.FioEtaLine;
import org.iobench.report.fio.FioJson;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.workload.LiveView;
import org.iobench.workload.RunListener;

/**
 * fio 3.33's helper thread for {@code iobench fio} ({@code helper_thread.c}): wakes every 250 ms
 * ({@code DISK_UTIL_MSEC}) and at each {@code --status-interval}; at each wake prints fio's ETA line on stdout when
 * fio would ({@code --eta}; {@code eta.c}'s {@code print_thread_status}: a line once {@code --eta-interval} has
 * passed, within fio's 95 % slack), and at each status interval hands every job's figures so far to {@link Reports}
 * (fio's {@code __show_running_run_stats}: a running job's from its live workers' counters, an ended job's final
 * ones, a job not started yet with nothing).
 *
 * <p>Runs on the injected clock; every figure of the line comes from the runs' live views (the workers' release
 * stores) and the jobs' settings, as fio's {@code calc_thread_status} takes them from its {@code thread_data}. The run
 * states are fio's letters: {@code P} not started, {@code I} setting up (its file laid out, its workers made),
 * {@code /} ramp time, the job's direction while it runs ({@code R}, {@code W}, {@code M} sequential; {@code r},
 * {@code w}, {@code m} random; {@code D}/{@code d} trims), {@code V} verifying, {@code F} its final sync
 * ({@code end_fsync}, {@code fsync_on_close}), {@code f} finishing (its requests done: logs written, files closed),
 * {@code _} done, {@code X} failed, {@code K} stopped by a signal. fio's {@code p} (pre-reading) never shows:
 * {@code pre_read} is refused; nor does its {@code E} (a thread exited, not yet reaped by fio's main loop): a job's
 * own thread reaps its workers and reports the job ended at once.
 */
public final class FioStatus implements RunListener {
    /** fio's helper's period ({@code DISK_UTIL_MSEC}). */
    static final long TICK_NANOS = 250_000_000L;
    private static final long SECOND = 1_000_000_000L;

    /** What fio's command line asks of the helper. */
    public record Settings(boolean eta, long etaIntervalMillis, long etaNewlineMillis, long statusIntervalMillis) {}

    /**
     * Writes fio's full report of the jobs so far, in job order (a job not started yet: no runs), with fio's
     * {@code eta} and {@code elapsed} of that moment.
     */
    @FunctionalInterface
    public interface Reports {
        void write(List<BenchmarkResult> soFar, FioJson.Eta eta);
    }

    private enum State { NOT_CREATED, SETTING_UP, RUNNING, ENDED }

    private final NanoClock clock;
    private final List<JobSpec> jobs;
    private final Map<JobSpec, Integer> index = new IdentityHashMap<>();
    private final Set<JobSpec> stonewalls;
    private final PrintStream out;
    private final Settings settings;
    private final Reports reports;
    private final FioEtaLine line;
    private final State[] state;
    private final LiveView[] live;
    private final RunResult[] ended;
    private final long[] epoch;
    private final char[] endLetter;
    private final boolean exitAll;
    private long doneSeconds;
    private long genesis;
    private final long[] dispBytes = new long[3];
    private final long[] dispIos = new long[3];
    private long dispFrom;
    private volatile boolean stopped;
    private boolean started;
    private Thread thread;

    /**
     * @param jobs       every job, in fio's thread order (the stages' jobs one after the other), the same instances
     *                   the session runs
     * @param stonewalls the jobs that wait for the ones before them (each later stage's first job)
     * @param out        fio's stdout, where its ETA line goes whatever {@code --output} says
     * @param reports    writes the interim reports ({@code --status-interval}); null when none is asked
     */
    public FioStatus(NanoClock clock, List<JobSpec> jobs, Set<JobSpec> stonewalls, PrintStream out,
                     Settings settings, Reports reports) {
        this.clock = clock;
        this.jobs = List.copyOf(jobs);
        this.stonewalls = Collections.newSetFromMap(new IdentityHashMap<>());
        this.stonewalls.addAll(stonewalls);
        this.out = out;
        this.settings = settings;
        this.reports = reports;
        this.line = new FioEtaLine(settings.etaNewlineMillis());
        int n = jobs.size();
        state = new State[n];
        live = new LiveView[n];
        ended = new RunResult[n];
        epoch = new long[n];
        endLetter = new char[n];
        for (int i = 0; i < n; i++) {
            index.put(jobs.get(i), i);
            state[i] = State.NOT_CREATED;
        }
        exitAll = jobs.stream().anyMatch(j -> j.schedule().exitAll() == Schedule.ExitAll.ALL);
    }

    /** Whether this helper has anything to do: an ETA line or interim reports. */
    public boolean active() {
        return settings.eta() || settings.statusIntervalMillis() > 0 && reports != null;
    }

    /** fio's genesis: the jobs start now; the helper's thread wakes from here on. Again, it does nothing. */
    public synchronized void start() {
        if (begin(clock.nanoTime()) && active()) {
            thread = Thread.ofPlatform().daemon().name("iobench-fio-helper").start(this::loop);
        }
    }

    /** Sets fio's genesis at {@code now} without a thread (tests tick by hand); false when already begun. */
    synchronized boolean begin(long now) {
        if (started) {
            return false;
        }
        started = true;
        genesis = now;
        dispFrom = now;
        return true;
    }

    /** Stops the helper (before the final report is written) and waits for its thread. */
    public void finish() {
        stopped = true;
        if (thread != null && thread != Thread.currentThread()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean hearsEveryJob() {
        return true;
    }

    @Override
    public synchronized void filling(JobSpec spec, Path file, long doneBytes, long totalBytes) {
        setUp(spec);
    }

    @Override
    public synchronized void ready(JobSpec spec, int run) {
        setUp(spec);
    }

    private void setUp(JobSpec spec) {
        Integer i = index.get(spec);
        if (i != null && state[i] == State.NOT_CREATED) {
            state[i] = State.SETTING_UP;
        }
    }

    @Override
    public synchronized void runStarted(JobSpec spec, int run, LiveView view) {
        Integer i = index.get(spec);
        if (i == null) {
            return;
        }
        state[i] = State.RUNNING;
        live[i] = view;
        epoch[i] = clock.nanoTime() - Math.max(0, view.elapsedNanos() + spec.timing().rampNanos());
    }

    @Override
    public synchronized void runEnded(JobSpec spec, RunResult result) {
        Integer i = index.get(spec);
        if (i == null) {
            return;
        }
        state[i] = State.ENDED;
        ended[i] = result;
        endLetter[i] = result.complete() ? '_' : result.outcome().failure() != null ? 'X' : 'K';
        if (live[i] != null) {
            doneSeconds += (clock.nanoTime() - epoch[i]) / SECOND; // fio's done_secs, at the reap
        }
    }

    private void loop() {
        long nextTick = genesis + TICK_NANOS;
        long interval = settings.statusIntervalMillis() * 1_000_000L;
        long nextStatus = interval > 0 && reports != null ? genesis + interval : Long.MAX_VALUE;
        while (!stopped) {
            long due = Math.min(nextTick, nextStatus);
            clock.awaitOthers(due, TICK_NANOS);
            long now = clock.nanoTime();
            if (now < due) {
                continue;
            }
            if (now >= nextStatus) {
                report();
                nextStatus += interval;
                if (nextStatus <= now) { // fio's "clock jump": re-armed from now
                    nextStatus = now + interval;
                }
            }
            if (now >= nextTick) {
                nextTick = now + TICK_NANOS;
            }
            tick(now);
        }
    }

    /** fio's {@code __show_running_run_stats}: every job's figures so far, in job order. */
    void report() {
        List<BenchmarkResult> soFar = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            RunResult r;
            LiveView v;
            synchronized (this) {
                r = ended[i];
                v = state[i] == State.RUNNING ? live[i] : null;
            }
            if (r == null && v != null) {
                r = v.snapshot();
            }
            soFar.add(BenchmarkResult.of(jobs.get(i), null, r == null ? List.of() : List.of(r)));
        }
        FioEtaLine.Jobs je;
        synchronized (this) {
            je = calc(clock.nanoTime(), true); // fio's show_thread_status_json: get_jobs_eta(true)
        }
        reports.write(soFar, new FioJson.Eta(je.etaSeconds(), je.elapsedSeconds()));
    }

    /**
     * The final report's {@code eta} and {@code elapsed} (fio's {@code get_jobs_eta(true)} once every job is
     * reaped: each job's ETA 0, or INT_MAX for all while fewer than 3 s have passed since the genesis), now.
     */
    public synchronized FioJson.Eta atEnd() {
        long now = clock.nanoTime();
        long elapsed = started ? (now - genesis + SECOND - 1) / SECOND : 0;
        return new FioJson.Eta(elapsed >= 3 ? 0 : FioEtaLine.NO_ETA, elapsed);
    }

    /** One wake of fio's helper at {@code now}: the ETA line when it is due. */
    void tick(long now) {
        if (!settings.eta()) {
            return;
        }
        FioEtaLine.Jobs je = jobsEta(now);
        if (je != null) {
            out.print(line.display(je, now));
            out.flush();
        }
    }

    /** fio's {@code calc_thread_status} (not forced): null when no line is due. */
    synchronized FioEtaLine.Jobs jobsEta(long now) {
        return calc(now, false);
    }

    /**
     * fio's {@code calc_thread_status}; {@code force}: as a report asks it ({@code get_jobs_eta(true)}), always an
     * answer, and, as in fio, the next line's rates count from here.
     */
    private FioEtaLine.Jobs calc(long now, boolean force) {
        int running = 0, files = 0, ramping = 0, settingUp = 0, pending = 0;
        long minRate = 0, maxRate = 0, minIops = 0, maxIops = 0;
        long elapsed = (now - genesis + SECOND - 1) / SECOND;
        long[] bytes = new long[3];
        long[] ios = new long[3];
        long[] etas = new long[jobs.size()];
        StringBuilder states = new StringBuilder();
        boolean pow2 = true;
        boolean bits = false;
        for (int i = 0; i < jobs.size(); i++) {
            JobSpec j = jobs.get(i);
            bits |= j.engine().flags().contains(EngineFlag.BIT_BASED);
            LiveView v = live[i];
            boolean ramp = state[i] == State.RUNNING && v != null && v.elapsedNanos() < 0;
            if (state[i] == State.RUNNING && !ramp) {
                running++;
                DirectionRates fioRates = j.schedule().rates();
                RateLimit rate = j.timing().rate();
                if (fioRates != null) { // fio's t_rate/t_iops: o.rate of each direction the job does
                    if (fioRates.countsRequests()) {
                        maxIops += fioRates.read() + fioRates.write();
                    } else {
                        maxRate += fioRates.read() + fioRates.write();
                    }
                } else if (rate != null && rate.unit() == RateLimit.Unit.BYTES) {
                    maxRate += (long) rate.perSecond();
                } else if (rate != null) {
                    maxIops += (long) rate.perSecond();
                }
                minRate += j.schedule().rateMinBytes();
                minIops += j.schedule().rateMinIops();
                files += openFiles(j);
            } else if (ramp) {
                running++;
                ramping++;
            } else if (state[i] != State.ENDED) {
                pending++; // fio's created and initialized jobs are pending; iobench sets up without workers
            }
            etas[i] = elapsed >= 3 ? threadEta(i, now) : FioEtaLine.NO_ETA;
            states.append(letter(i, ramp));
            if ((state[i] == State.RUNNING && !ramp || state[i] == State.ENDED) && v != null) {
                bytes[0] += v.bytesRead();
                bytes[1] += v.bytesWritten();
                bytes[2] += v.bytesTrimmed();
                long[] r = v.requestsByDirection();
                for (int d = 0; d < 3; d++) {
                    ios[d] += r[d];
                }
            }
        }
        long eta;
        if (exitAll) {
            eta = FioEtaLine.NO_ETA;
            for (long e : etas) {
                eta = Math.min(eta, e);
            }
        } else {
            eta = 0;
            long stone = 0;
            for (int i = 0; i < jobs.size(); i++) {
                if (state[i] == State.NOT_CREATED && stonewalls.contains(jobs.get(i))) {
                    stone += etas[i];
                } else {
                    eta = Math.max(eta, etas[i]);
                }
            }
            eta += stone;
        }
        if (dispBytes[0] + dispBytes[1] + dispBytes[2] == 0) {
            dispFrom = genesis; // fio: fill_start_time while nothing has moved
        }
        long dispMillis = (now - dispFrom) / 1_000_000L;
        if (!force && dispMillis <= settings.etaIntervalMillis() * 95 / 100) {
            return null; // fio's eta_time_within_slack
        }
        long[] rate = new long[3];
        long[] iops = new long[3];
        for (int d = 0; d < 3; d++) {
            long diff = bytes[d] - dispBytes[d];
            rate[d] = dispMillis == 0 ? 0 : 1000 * diff / dispMillis / 1024;
            iops[d] = dispMillis == 0 ? 0 : (ios[d] - dispIos[d]) * 1000 / dispMillis;
            dispBytes[d] = bytes[d];
            dispIos[d] = ios[d];
        }
        dispFrom = now;
        if (!force && running == 0 && pending == 0) {
            return null;
        }
        return new FioEtaLine.Jobs(running, files, minRate, maxRate, minIops, maxIops,
                FioEtaLine.condensed(states), elapsed, eta, ramping, settingUp, rate, iops, pow2, bits);
    }

    /** fio's run-state letter of job {@code i} ({@code check_str_update}). */
    private char letter(int i, boolean ramp) {
        return switch (state[i]) {
            case NOT_CREATED -> 'P';
            case SETTING_UP -> 'I';
            case ENDED -> endLetter[i];
            case RUNNING -> ramp ? '/' : switch (live[i].phase()) {
                case VERIFYING -> 'V';
                case SYNCING -> 'F';
                case FINISHING -> 'f';
                case RUNNING -> running(jobs.get(i));
            };
        };
    }

    /** fio's letter of a running job: its directions, capital when sequential. */
    static char running(JobSpec j) {
        RwMode rw = j.workload().rw();
        char c;
        if (rw.reads() && rw.writes()) {
            int read = j.workload().mixReadPercent();
            c = read == 100 ? 'r' : read == 0 ? 'w' : 'm';
        } else if (rw.reads()) {
            c = 'r';
        } else if (rw.writes()) {
            c = 'w';
        } else {
            c = 'd';
        }
        return rw.random() ? c : Character.toUpperCase(c);
    }

    private static int openFiles(JobSpec j) {
        if (j.files() == null) {
            return 1;
        }
        int n = j.files().paths().size();
        return j.files().openFiles() > 0 ? Math.min(n, j.files().openFiles()) : n;
    }

    /** fio's {@code thread_eta}: seconds until job {@code i} ends, by its bytes or its time. */
    private long threadEta(int i, long now) {
        JobSpec j = jobs.get(i);
        long timeout = j.timing().timeNanos() / SECOND;
        boolean timeBased = j.timeBased() && !j.schedule().timeCapsOnly();
        LiveView v = live[i];
        long total = v != null && v.plannedBytes() > 0 ? v.plannedBytes() : j.workload().sizeBytes();
        if (j.verification().fio() != null && j.workload().rw().writes()) {
            if (j.workload().rw().reads()) {
                int perc = 100 - j.workload().mixReadPercent();
                total += total * (perc == 0 ? 50 : perc) / 100;
            } else {
                total <<= 1;
            }
        }
        boolean ramp = state[i] == State.RUNNING && v != null && v.elapsedNanos() < 0;
        LiveView.Phase phase = state[i] == State.RUNNING && v != null ? v.phase() : LiveView.Phase.RUNNING;
        if (state[i] == State.RUNNING && !ramp && (phase == LiveView.Phase.SYNCING
                || phase == LiveView.Phase.FINISHING)) {
            return 0; // fio: a job syncing at its end or finishing is done ("or waiting for fsync")
        }
        if (state[i] == State.RUNNING && !ramp) {
            long elapsed = ((now - epoch[i]) / 1_000_000L + 999) / 1000;
            double perc = total > 0 ? Math.min(1.0, (double) v.bytes() / (double) total) : 0.0;
            if (timeBased) {
                double percT = timeout > 0 ? (double) elapsed / (double) timeout : 0.0;
                if (timeout == 0) {
                    perc = 0.0;
                } else if (percT < perc) {
                    perc = percT;
                }
            }
            long eta = perc == 0.0 ? timeout : (long) (elapsed * (1.0 / perc)) - elapsed;
            if (timeout > 0 && eta > timeout + doneSeconds - elapsed) {
                eta = timeout + doneSeconds - elapsed;
            }
            return Math.max(0, eta);
        }
        if (state[i] == State.ENDED) {
            return 0;
        }
        long tEta = 0;
        if (j.timing().timeNanos() > 0) {
            long micros = (j.timing().timeNanos() + j.schedule().startDelayNanos() + j.timing().rampNanos()) / 1000;
            tEta = micros / 1_000_000L;
            if (ramp) {
                long rampSeconds = ((now - epoch[i]) / 1_000_000L + 999) / 1000;
                if (rampSeconds <= tEta) {
                    tEta -= rampSeconds;
                }
            }
        }
        long rEta = 0;
        RateLimit rate = j.timing().rate();
        DirectionRates fioRates = j.schedule().rates();
        long rateBytes = fioRates != null ? fioRates.countsRequests() ? 0 : fioRates.read() + fioRates.write()
                : rate != null && rate.unit() == RateLimit.Unit.BYTES ? (long) rate.perSecond() : 0;
        if (rateBytes >= 1) { // fio's rate_bytes: o.rate of each direction the job does
            rEta = total / rateBytes + j.schedule().startDelayNanos() / SECOND;
        }
        if (rEta > 0 && tEta > 0) {
            return Math.min(rEta, tEta);
        }
        return rEta > 0 ? rEta : tEta;
    }
}
