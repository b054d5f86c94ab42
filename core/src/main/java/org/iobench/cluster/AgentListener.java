package org.iobench.cluster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.iobench.clock.IdleStrategy;
import org.iobench.clock.NanoClock;
import org.iobench.job.JobSpec;
import org.iobench.measure.HistogramCodec;
import org.iobench.measure.RunLatencies;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.workload.LiveView;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;

/**
 * The agent's side of a run: at each run's barrier it reports ready and waits for the controller's go (or a stop),
 * then holds the start until the agreed instant on its clock; while the run goes on it reports progress once a
 * second; it keeps every run's histograms for the result.
 */
final class AgentListener implements RunListener {
    static final long PROGRESS_INTERVAL_NANOS = 1_000_000_000L;
    /** Sleep until this close to the start, then spin: parking overshoots by tens of microseconds. */
    private static final long SPIN_NANOS = 2_000_000;
    /** A go for a start further ahead than this is clamped: a clock estimate gone wrong must not stall a run. */
    private static final long MAX_LEAD_NANOS = 10_000_000_000L;
    /** The longest a wait parks before it looks at the stop switch again. */
    private static final long MAX_PARK_NANOS = 100_000_000L;

    /** The start's wait: parks until {@link #SPIN_NANOS} before it, then spins, so every host starts on time. */
    private static final IdleStrategy START = (clock, deadlineNanos, maxNanos) -> {
        long left = deadlineNanos - clock.nanoTime();
        if (left > SPIN_NANOS) {
            LockSupport.parkNanos(Math.min(maxNanos, left - SPIN_NANOS));
        } else if (left > 0) {
            Thread.onSpinWait();
        }
    };

    private final String jobId;
    private final RunControl control;
    private final Consumer<Msg> publish;
    private final NanoClock clock;
    private final Map<Integer, Long> goes = new HashMap<>();
    private final Map<JobSpec, Map<Integer, RunLatencies>> latencies = new IdentityHashMap<>();
    private int nextBarrier;
    private int barrier = -1;
    private long releasedAt;
    private Thread ticker;

    AgentListener(String jobId, RunControl control, Consumer<Msg> publish) {
        this(jobId, control, publish, NanoClock.SYSTEM);
    }

    /** @param clock the agent's monotonic clock: the start is held and progress reported on it */
    AgentListener(String jobId, RunControl control, Consumer<Msg> publish, NanoClock clock) {
        this.jobId = jobId;
        this.control = control;
        this.publish = publish;
        this.clock = clock;
    }

    /** The controller's go for {@code barrier}; called on the link's reader thread. */
    synchronized void go(Msg.Go go) {
        goes.put(go.barrier(), go.startAtAgentNanos());
        notifyAll();
    }

    /** Wakes a run waiting at a barrier after the control was stopped. */
    synchronized void wake() {
        notifyAll();
    }

    @Override
    public void ready(JobSpec spec, int run) {
        int b;
        synchronized (this) {
            b = nextBarrier++;
            barrier = b;
        }
        publish.accept(new Msg.Ready(jobId, b, spec.name(), run));
        Long startAt;
        synchronized (this) {
            while ((startAt = goes.get(b)) == null && !control.stopped()) {
                try {
                    wait(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    control.interrupt();
                }
            }
        }
        if (startAt != null) {
            holdUntil(startAt);
        }
        synchronized (this) {
            releasedAt = SessionClock.SYSTEM.nowNanos();
        }
    }

    private void holdUntil(long startAtAgentNanos) {
        long now = SessionClock.SYSTEM.nowNanos();
        long deadline = clock.nanoTime() + Math.min(MAX_LEAD_NANOS, startAtAgentNanos - now);
        while (deadline - clock.nanoTime() > 0 && !control.stopped()) {
            START.idle(clock, deadline, MAX_PARK_NANOS);
        }
    }

    @Override
    public void runStarted(JobSpec spec, int run, LiveView live) {
        long measuredStart = SessionClock.SYSTEM.nowNanos() - live.elapsedNanos();
        int b;
        long released;
        synchronized (this) {
            b = barrier;
            released = releasedAt;
        }
        publish.accept(new Msg.Started(jobId, b, released, measuredStart));
        long blockSize = spec.workload().blockSize();
        ticker = Thread.ofPlatform().daemon().name("iobench-agent-progress").start(() -> {
            long next = clock.nanoTime() + PROGRESS_INTERVAL_NANOS;
            while (!Thread.currentThread().isInterrupted()) { // interrupted: the run ended
                if (clock.nanoTime() < next) {
                    clock.awaitOthers(next, MAX_PARK_NANOS); // returns at once when interrupted
                    continue;
                }
                next = clock.nanoTime() + PROGRESS_INTERVAL_NANOS;
                long bytes = live.bytes();
                publish.accept(new Msg.Progress(jobId, b, live.elapsedNanos(), bytes, bytes / blockSize));
            }
        });
    }

    @Override
    public synchronized void latencies(JobSpec spec, int run, RunLatencies l) {
        latencies.computeIfAbsent(spec, k -> new HashMap<>()).put(run, l);
    }

    @Override
    public void runEnded(JobSpec spec, RunResult result) {
        Thread t = ticker;
        ticker = null;
        if (t != null) {
            t.interrupt();
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Every run's histograms, encoded, keyed by the benchmark's index in {@code results}. */
    synchronized List<Msg.EncodedLatencies> encoded(List<BenchmarkResult> results) {
        List<Msg.EncodedLatencies> out = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            Map<Integer, RunLatencies> runs = latencies.getOrDefault(results.get(i).job(), Map.of());
            for (RunResult r : results.get(i).runs()) {
                RunLatencies l = runs.get(r.run());
                if (l != null) {
                    out.add(new Msg.EncodedLatencies(i, r.run(),
                            l.readsByWorker().stream().map(HistogramCodec::encode).toList(),
                            l.writesByWorker().stream().map(HistogramCodec::encode).toList(),
                            HistogramCodec.encode(l.syncs())));
                }
            }
        }
        return out;
    }
}
