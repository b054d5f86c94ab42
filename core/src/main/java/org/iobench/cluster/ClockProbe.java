package org.iobench.cluster;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Estimates how far each agent's {@link SessionClock} is from the controller's, as NTP and Cristian's algorithm do:
 * a ping sent at {@code t0}, answered with the agent's time {@code a}, received at {@code t1} gives the offset
 * {@code a - (t0 + t1) / 2}, known to within half the round trip; of several probes the one with the shortest
 * round trip wins.
 */
final class ClockProbe {
    static final int ROUNDS = 5;
    static final long PONG_TIMEOUT_MILLIS = 2000;

    interface Sender {
        boolean send(int host, Msg msg);
    }

    record Estimate(long maxRoundTripNanos, long uncertaintyNanos) {}

    private record Sample(long roundTripNanos, long offsetNanos) {}

    private record Pending(int host, long sentAtNanos, CompletableFuture<Sample> answer) {}

    private final Sender sender;
    private final Map<Integer, Long> offsets = new ConcurrentHashMap<>();
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    ClockProbe(Sender sender) {
        this.sender = sender;
    }

    /** Probes {@code hosts} {@value #ROUNDS} times each (all hosts at once per round) and keeps the best offsets. */
    Estimate estimate(String jobId, List<Integer> hosts) throws InterruptedException {
        Map<Integer, Sample> best = new HashMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            Map<Integer, CompletableFuture<Sample>> answers = new HashMap<>();
            for (int h : hosts) {
                long id = ids.incrementAndGet();
                Pending p = new Pending(h, SessionClock.SYSTEM.nowNanos(), new CompletableFuture<>());
                pending.put(id, p);
                answers.put(h, p.answer());
                sender.send(h, new Msg.Ping(jobId, id));
            }
            for (Map.Entry<Integer, CompletableFuture<Sample>> a : answers.entrySet()) {
                try {
                    Sample s = a.getValue().get(PONG_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
                    best.merge(a.getKey(), s, (x, y) -> x.roundTripNanos() <= y.roundTripNanos() ? x : y);
                } catch (TimeoutException | ExecutionException e) {
                    // no answer this round: a lost host, noticed elsewhere
                }
            }
        }
        pending.clear();
        long maxRoundTrip = 0;
        for (Map.Entry<Integer, Sample> e : best.entrySet()) {
            offsets.put(e.getKey(), e.getValue().offsetNanos());
            maxRoundTrip = Math.max(maxRoundTrip, e.getValue().roundTripNanos());
        }
        return new Estimate(maxRoundTrip, maxRoundTrip / 2);
    }

    void pong(int host, Msg.Pong pong, long receivedAtNanos) {
        Pending p = pending.remove(pong.pingId());
        if (p != null && p.host() == host) {
            long rtt = receivedAtNanos - p.sentAtNanos();
            p.answer().complete(new Sample(rtt, pong.agentNanos() - (p.sentAtNanos() + rtt / 2)));
        }
    }

    /** Agent time minus controller time for {@code host}; 0 before the first estimate. */
    long offset(int host) {
        return offsets.getOrDefault(host, 0L);
    }
}
