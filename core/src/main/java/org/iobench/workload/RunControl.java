package org.iobench.workload;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.iobench.result.IoFailure;
import org.iobench.workload.zbd.ZoneBooks;

/**
 * The stop switch shared by a run's workers, the signal handler and the runner. The first reason to stop wins;
 * workers poll {@link #stopped()} between requests (one volatile read). A job of a parallel stage run as fio runs it
 * has {@link #ownFailures its own} switch: its I/O failure ends that job only, while a signal still stops every job.
 */
public final class RunControl {
    /** Why a run stopped early. */
    public sealed interface StopReason permits Interrupted, Failed {}

    /** @param signal the signal that asked for the stop ({@code "SIGINT"}, {@code "SIGTERM"}, {@code "SIGHUP"}) */
    public record Interrupted(String signal) implements StopReason {
        /** The stop reason a run records: {@code "interrupted"} for Ctrl-C, else {@code "interrupted (SIGTERM)"}. */
        public String describe() {
            return signal.equals("SIGINT") ? "interrupted" : "interrupted (" + signal + ")";
        }
    }

    public record Failed(IoFailure failure) implements StopReason {}

    private final AtomicReference<StopReason> reason = new AtomicReference<>();
    private volatile boolean stopped;
    /** What the jobs of one invocation share whatever switch they stop with: exitall, zones, steady groups. */
    private final Shared shared;
    /** The stage's control of a job's {@link #ownFailures own}, or null. */
    private final RunControl stage;
    /** The jobs' own controls made from this one: a stop of this one stops them too. */
    private final List<RunControl> jobs = new CopyOnWriteArrayList<>();

    public RunControl() {
        this.shared = new Shared();
        this.stage = null;
    }

    private RunControl(RunControl stage) {
        this.shared = stage.shared;
        this.stage = stage;
    }

    /**
     * A job's own switch in a parallel stage run as fio runs one (fio's {@code td->error} ends that job only, its
     * partners go on): the job's I/O failure stops it alone and stays its {@link #reason}; a signal or a stop of this
     * control stops it too; {@code exitall}, the emulated zones and steady groups are this control's.
     */
    public synchronized RunControl ownFailures() {
        RunControl job = new RunControl(this);
        jobs.add(job);
        StopReason why = reason.get();
        if (stopped) {
            job.stop(why != null ? why : new Interrupted("SIGINT"));
        }
        return job;
    }

    /** Asks every worker to stop: Ctrl-C. */
    public void interrupt() {
        interrupt("SIGINT");
    }

    /** Asks every worker to stop because of {@code signal} ({@code "SIGTERM"}...). */
    public void interrupt(String signal) {
        (stage != null ? stage : this).stop(new Interrupted(signal));
    }

    /** Stops the run because of an I/O error; only the first failure is kept. */
    public void fail(IoFailure failure) {
        stop(new Failed(failure));
    }

    private synchronized void stop(StopReason why) {
        reason.compareAndSet(null, why);
        stopped = true;
        for (RunControl job : jobs) {
            job.stop(why);
        }
    }

    /**
     * Between stages, when no worker runs: forgets an I/O failure so that the next stage starts (fio: a job's error
     * ends that job only). An interruption is never forgotten. Returns true when the next stage may start.
     */
    public synchronized boolean forgetFailure() {
        if (reason.get() instanceof Failed) {
            reason.set(null);
            stopped = false;
        }
        return !stopped;
    }

    /**
     * True once a job ended the current run's measured phase normally ({@link #exitAll}), as if its time were up:
     * workers issue nothing more, the run stays complete and the next run or job goes ahead.
     */
    boolean finishing() {
        return shared.finishing;
    }

    /** Ends the jobs of reporting group {@code group} normally, as if their time were up (fio's exit_what=group). */
    void endGroup(String group) {
        shared.endedGroups.add(group);
    }

    /** True once a job of {@code group} ended the group. */
    boolean groupEnded(String group) {
        Set<String> ended = shared.endedGroups;
        return !ended.isEmpty() && ended.contains(group);
    }

    /**
     * A job with fio's {@code exitall}: ends the other jobs of its stage normally, as if their time were up; with
     * {@code restToo}, the stages after it do not start ({@code exit_what=all}).
     */
    void exitAll(boolean restToo) {
        shared.finishing = true;
        shared.skipRest |= restToo;
    }

    /** True once a job ended the whole job file ({@code exitall} with {@code exit_what=all}). */
    public boolean skipsRest() {
        return shared.skipRest;
    }

    /** The emulated zones of every file of this run, by path (fio's {@code zonemode=zbd}), shared by every job. */
    public ZoneBooks zoneBooks() {
        return shared.zoneBooks;
    }

    /** The steady-state watch shared by the jobs of reporting group {@code group} in their run {@code run}. */
    SteadyGroup steadyGroup(String group, int run) {
        return shared.steadyGroups.computeIfAbsent(group + "#" + run, k -> new SteadyGroup());
    }

    /** Called by the runner before each run: a finish asked in the previous run does not carry over. */
    void beginRun() {
        shared.finishing = false;
        shared.endedGroups.clear();
    }

    public boolean stopped() {
        return stopped;
    }

    /** The reason, or null while running normally. */
    public StopReason reason() {
        return reason.get();
    }

    /**
     * After the runner is done (or failed during set-up), makes sure no worker thread outlives the run: stops them
     * and waits. A worker blocked in a system call finishes that call first.
     */
    void interruptWorkersIfStillRunning(List<Thread> threads) {
        boolean alive = threads.stream().anyMatch(Thread::isAlive);
        if (!alive) {
            return;
        }
        stopped = true;
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    public boolean interrupted() {
        return reason.get() instanceof Interrupted;
    }

    /** The signal that interrupted the run ({@code "SIGTERM"}), or null when it was not interrupted. */
    public String interruptedBy() {
        return reason.get() instanceof Interrupted i ? i.signal() : null;
    }

    private static final class Shared {
        volatile boolean finishing;
        volatile boolean skipRest;
        /** Reporting groups whose jobs were ended by a job of theirs ({@code exitall}, {@code exit_what=group}). */
        final Set<String> endedGroups = ConcurrentHashMap.newKeySet();
        final ZoneBooks zoneBooks = new ZoneBooks();
        /** The jobs of reporting groups whose steady state is judged together, by group and run. */
        final Map<String, SteadyGroup> steadyGroups = new ConcurrentHashMap<>();
    }
}
