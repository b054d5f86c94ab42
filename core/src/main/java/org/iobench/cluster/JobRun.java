package org.iobench.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The controller's bookkeeping of one job across its hosts: who accepted, who waits at which barrier, when each
 * started, the latest progress, and what came back. Used by the controller's thread only.
 */
final class JobRun {
    private enum Phase { UNDECIDED, ACCEPTED, RUNNING, FINISHED }

    private final String jobId;
    private final int n;
    private final Phase[] phase;
    private final ControllerOutcome.State[] state;
    private final int[] status;
    private final String[] message;
    private final Msg.Done[] done;
    private final Msg.Progress[] lastProgress;
    private final Msg.Progress[] previousProgress;
    private final String[] lastRun;
    private final Map<Integer, Map<Integer, Msg.Ready>> ready = new TreeMap<>();
    private final Map<Integer, Released> released = new HashMap<>();
    private final List<ControllerOutcome.StartSkew> skews = new ArrayList<>();
    private int nextBarrier;
    private int currentBarrier = -1;

    private static final class Released {
        final List<Integer> hosts;
        final long uncertaintyNanos;
        final String job;
        final int run;
        final Map<Integer, Long> starts = new HashMap<>();
        final Map<Integer, Long> releases = new HashMap<>();
        boolean measured;

        Released(List<Integer> hosts, long uncertaintyNanos, String job, int run) {
            this.hosts = hosts;
            this.uncertaintyNanos = uncertaintyNanos;
            this.job = job;
            this.run = run;
        }
    }

    JobRun(String jobId, List<HostAddress> names) {
        this.jobId = jobId;
        this.names = List.copyOf(names);
        int hosts = names.size();
        this.n = hosts;
        phase = new Phase[hosts];
        Arrays.fill(phase, Phase.UNDECIDED);
        state = new ControllerOutcome.State[hosts];
        status = new int[hosts];
        message = new String[hosts];
        done = new Msg.Done[hosts];
        lastProgress = new Msg.Progress[hosts];
        previousProgress = new Msg.Progress[hosts];
        lastRun = new String[hosts];
    }

    void accepted(int h) {
        if (phase[h] == Phase.UNDECIDED) {
            phase[h] = Phase.RUNNING;
        }
    }

    void refused(int h, int exitStatus, String why) {
        finish(h, ControllerOutcome.State.REFUSED, exitStatus, why);
    }

    void lost(int h, String why) {
        if (phase[h] != Phase.FINISHED) {
            finish(h, ControllerOutcome.State.LOST, 1, why);
        }
    }

    void silentIfUndecided(String why) {
        for (int h = 0; h < n; h++) {
            if (phase[h] == Phase.UNDECIDED) {
                finish(h, ControllerOutcome.State.SILENT, 2, why);
            }
        }
    }

    /**
     * The job will not start (a host refused it, was silent or was lost before every host accepted): the hosts that
     * had accepted are told to stop and count as refused with status 0, "stopped before any I/O".
     */
    void abandonBeforeStart(String why) {
        for (int h = 0; h < n; h++) {
            if (phase[h] == Phase.RUNNING) {
                finish(h, ControllerOutcome.State.REFUSED, 0, why);
            }
        }
    }

    /** Hosts still running after a stop that went unanswered. */
    void giveUp(String why) {
        for (int h = 0; h < n; h++) {
            if (phase[h] == Phase.RUNNING) {
                finish(h, ControllerOutcome.State.LOST, 1, why);
            }
        }
    }

    private void finish(int h, ControllerOutcome.State s, int exitStatus, String why) {
        phase[h] = Phase.FINISHED;
        state[h] = s;
        status[h] = exitStatus;
        message[h] = why;
    }

    boolean anyUndecided() {
        for (Phase p : phase) {
            if (p == Phase.UNDECIDED) {
                return true;
            }
        }
        return false;
    }

    boolean allAccepted() {
        for (Phase p : phase) {
            if (p != Phase.RUNNING) {
                return false;
            }
        }
        return true;
    }

    boolean anyRunning() {
        for (Phase p : phase) {
            if (p == Phase.RUNNING) {
                return true;
            }
        }
        return false;
    }

    void ready(int h, Msg.Ready r) {
        ready.computeIfAbsent(r.barrier(), k -> new HashMap<>()).put(h, r);
        lastRun[h] = r.job() + " run " + r.run();
    }

    void started(int h, int barrier, long releasedControllerNanos, long startedControllerNanos) {
        Released r = released.get(barrier);
        if (r != null) {
            r.releases.put(h, releasedControllerNanos);
            r.starts.put(h, startedControllerNanos);
            measureSkew(barrier, r);
        }
    }

    void progress(int h, Msg.Progress p) {
        if (lastProgress[h] != null && lastProgress[h].barrier() == p.barrier()) {
            previousProgress[h] = lastProgress[h];
        } else {
            previousProgress[h] = null;
        }
        lastProgress[h] = p;
    }

    void done(int h, Msg.Done d) {
        done[h] = d;
        finish(h, ControllerOutcome.State.DONE, d.status(), d.message());
    }

    /**
     * The hosts to release when every running host waits at the next barrier; null while some have not arrived.
     * A host that finished (or was lost) no longer holds the others back.
     */
    List<Integer> releasable() {
        Map<Integer, Msg.Ready> waiting = ready.get(nextBarrier);
        if (waiting == null) {
            return null;
        }
        List<Integer> hosts = new ArrayList<>();
        for (int h = 0; h < n; h++) {
            if (phase[h] == Phase.RUNNING) {
                if (!waiting.containsKey(h)) {
                    return null;
                }
                hosts.add(h);
            }
        }
        return hosts.isEmpty() ? null : hosts;
    }

    /** Records the release of the next barrier; returns its number. */
    int release(List<Integer> hosts, long uncertaintyNanos) {
        int b = nextBarrier++;
        Msg.Ready first = ready.get(b).get(hosts.getFirst());
        released.put(b, new Released(List.copyOf(hosts), uncertaintyNanos, first.job(), first.run()));
        ready.remove(b);
        currentBarrier = b;
        return b;
    }

    private void measureSkew(int barrier, Released r) {
        if (r.measured) {
            return;
        }
        for (int h : r.hosts) {
            if (!r.starts.containsKey(h) && phase[h] == Phase.RUNNING) {
                return;
            }
        }
        r.measured = true;
        if (r.starts.size() < 2) {
            return;
        }
        int earliest = -1;
        int latest = -1;
        for (Map.Entry<Integer, Long> e : r.starts.entrySet()) {
            if (earliest < 0 || e.getValue() < r.starts.get(earliest)) {
                earliest = e.getKey();
            }
            if (latest < 0 || e.getValue() > r.starts.get(latest)) {
                latest = e.getKey();
            }
        }
        long releaseSkew = r.releases.values().stream().mapToLong(Long::longValue).max().orElse(0)
                - r.releases.values().stream().mapToLong(Long::longValue).min().orElse(0);
        skews.add(new ControllerOutcome.StartSkew(barrier, r.job, r.run,
                r.starts.get(latest) - r.starts.get(earliest), releaseSkew, r.uncertaintyNanos, name(earliest),
                name(latest)));
    }

    private final List<HostAddress> names;

    private String name(int h) {
        return names.get(h).name();
    }

    /** The live view of the barrier being run. */
    Live live() {
        List<HostAddress> hosts = names;
        Released r = released.get(currentBarrier);
        if (r == null) {
            return new Live("", 0, 0, List.of());
        }
        List<Live.HostRate> rates = new ArrayList<>();
        long elapsed = 0;
        for (int h : r.hosts) {
            Msg.Progress p = lastProgress[h];
            if (p == null || p.barrier() != currentBarrier) {
                continue;
            }
            Msg.Progress q = previousProgress[h];
            long dt = q == null ? p.elapsedNanos() : p.elapsedNanos() - q.elapsedNanos();
            long db = q == null ? p.bytes() : p.bytes() - q.bytes();
            long dops = q == null ? p.ops() : p.ops() - q.ops();
            elapsed = Math.max(elapsed, p.elapsedNanos());
            boolean gone = state[h] == ControllerOutcome.State.LOST;
            rates.add(new Live.HostRate(hosts.get(h).name(), dt > 0 ? db * 1e9 / dt : 0, dt > 0 ? dops * 1e9 / dt : 0,
                    gone));
        }
        return new Live(r.job, r.run, elapsed, rates);
    }

    ControllerOutcome outcome(boolean interrupted) {
        List<HostAddress> hosts = names;
        List<ControllerOutcome.HostOutcome> out = new ArrayList<>();
        for (int h = 0; h < n; h++) {
            Msg.Done d = done[h];
            out.add(new ControllerOutcome.HostOutcome(hosts.get(h), state[h] == null
                    ? ControllerOutcome.State.LOST : state[h], status[h], message[h],
                    d == null ? null : d.resultJson(), d == null ? null : d.latencies(),
                    d == null ? null : d.environments(), lastProgress[h], lastRun[h]));
        }
        return new ControllerOutcome(jobId, out, skews, interrupted);
    }
}
