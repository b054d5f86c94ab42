package org.iobench.cluster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.iobench.job.JobSpec;
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

    private final String jobId;
    private final RunControl control;
    private final Consumer<Msg> publish;
    private final Map<Integer, Long> goes = new HashMap<>();
    private final Map<JobSpec, Map<Integer, RunLatencies>> latencies = new IdentityHashMap<>();
    private int nextBarrier;
    private int barrier = -1;
    private long releasedAt;
    private Thread ticker;

    AgentListener(String jobId, RunControl control, Consumer<Msg> publish) {
        this.jobId = jobId;
        this.control = control;
        this.publish = publish;
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
        long deadline = System.nanoTime() + Math.min(MAX_LEAD_NANOS, startAtAgentNanos - now);
        while (deadline - System.nanoTime() > SPIN_NANOS && !control.stopped()) {
            LockSupport.parkNanos(Math.min(100_000_000L, deadline - System.nanoTime() - SPIN_NANOS));
        }
        while (deadline - System.nanoTime() > 0 && !control.stopped()) {
            Thread.onSpinWait();
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
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(PROGRESS_INTERVAL_NANOS / 1_000_000);
                    long bytes = live.bytes();
                    publish.accept(new Msg.Progress(jobId, b, live.elapsedNanos(), bytes, bytes / blockSize));
                }
            } catch (InterruptedException e) {
                // the run ended
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
