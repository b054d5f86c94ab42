package org.iobench.workload;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.iobench.result.IoFailure;
import org.iobench.workload.zbd.ZoneBooks;

/**
 * The stop switch shared by a run's workers, the signal handler and the runner. The first reason to stop wins;
 * workers poll {@link #stopped()} between requests (one volatile read).
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
    private volatile boolean finishing;

    /** Asks every worker to stop: Ctrl-C. */
    public void interrupt() {
        interrupt("SIGINT");
    }

    /** Asks every worker to stop because of {@code signal} ({@code "SIGTERM"}...). */
    public void interrupt(String signal) {
        stop(new Interrupted(signal));
    }

    /** Stops the run because of an I/O error; only the first failure is kept. */
    public void fail(IoFailure failure) {
        stop(new Failed(failure));
    }

    private synchronized void stop(StopReason why) {
        reason.compareAndSet(null, why);
        stopped = true;
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
        return finishing;
    }

    private volatile boolean skipRest;
    /** Reporting groups whose jobs were ended by a job of theirs ({@code exitall}, {@code exit_what=group}). */
    private final Set<String> endedGroups = ConcurrentHashMap.newKeySet();

    /** Ends the jobs of reporting group {@code group} normally, as if their time were up (fio's exit_what=group). */
    void endGroup(String group) {
        endedGroups.add(group);
    }

    /** True once a job of {@code group} ended the group. */
    boolean groupEnded(String group) {
        return !endedGroups.isEmpty() && endedGroups.contains(group);
    }

    /**
     * A job with fio's {@code exitall}: ends the other jobs of its stage normally, as if their time were up; with
     * {@code restToo}, the stages after it do not start ({@code exit_what=all}).
     */
    void exitAll(boolean restToo) {
        finishing = true;
        skipRest |= restToo;
    }

    /** True once a job ended the whole job file ({@code exitall} with {@code exit_what=all}). */
    public boolean skipsRest() {
        return skipRest;
    }

    /** The emulated zones of the run's files (fio's {@code zonemode=zbd}), shared by every job on a file. */
    private final ZoneBooks zoneBooks = new ZoneBooks();

    /** The emulated zones of every file of this run, by path. */
    public ZoneBooks zoneBooks() {
        return zoneBooks;
    }

    /** The jobs of reporting groups whose steady state is judged together, by group and run. */
    private final Map<String, SteadyGroup> steadyGroups = new ConcurrentHashMap<>();

    /** The steady-state watch shared by the jobs of reporting group {@code group} in their run {@code run}. */
    SteadyGroup steadyGroup(String group, int run) {
        return steadyGroups.computeIfAbsent(group + "#" + run, k -> new SteadyGroup());
    }

    /** Called by the runner before each run: a finish asked in the previous run does not carry over. */
    void beginRun() {
        finishing = false;
        endedGroups.clear();
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
}
