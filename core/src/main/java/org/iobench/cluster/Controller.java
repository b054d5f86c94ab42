package org.iobench.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code iobench run --hosts}: connects to every agent over an authenticated, encrypted {@link Link}, ships the job, starts every run on all
 * hosts together and collects the results. A host that refuses the job stops it everywhere before any I/O; a host
 * lost mid-run is named and the others go on; {@link #stop} (Ctrl-C) tells every host to stop and still collects
 * their partial results.
 *
 * <pre>{@code
 * try (Controller c = Controller.connect(hosts, secret, Duration.ofSeconds(10), false)) {
 *     ControllerOutcome o = c.run(request, live -> progressLine.show(live));
 * }
 * }</pre>
 */
public final class Controller implements AutoCloseable {
    /** How long hosts may take to check a job (parse, resolve paths) before they count as silent. */
    static final Duration ACCEPT_TIMEOUT = Duration.ofSeconds(15);
    /** After a stop, how long hosts may take to clean up and send their partial results. */
    static final Duration STOP_GRACE = Duration.ofSeconds(30);

    /** The go is sent this far ahead of the start at least: a slow event thread must not make one host late. */
    static final long MIN_LEAD_NANOS = 50_000_000L;

    private final List<HostLink> links;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final ClockProbe clocks;
    private final Duration acceptTimeout;
    private volatile String stopReason;
    private volatile String jobId;

    private sealed interface Event permits Received, Lost {}

    private record Received(int host, Msg msg) implements Event {}

    private record Lost(int host, String why) implements Event {}

    Controller(List<HostLink> links, Duration acceptTimeout) {
        this.links = List.copyOf(links);
        this.acceptTimeout = acceptTimeout;
        this.clocks = new ClockProbe(this::send);
        for (int i = 0; i < links.size(); i++) {
            int host = i;
            links.get(i).listen(msg -> received(host, msg), why -> events.add(new Lost(host, why)));
        }
    }

    /**
     * Connects to every host at once.
     *
     * @throws IllegalStateException naming every host that did not answer, one per line after the first
     */
    public static Controller connect(List<HostAddress> hosts, ClusterSecret secret, Duration timeout, boolean debug) {
        Jg.logging(debug);
        return connect(hosts, secret, timeout, ACCEPT_TIMEOUT);
    }

    static Controller connect(List<HostAddress> hosts, ClusterSecret secret, Duration timeout,
                              Duration acceptTimeout) {
        Seal.warmUp();
        SecretIdentity identity = SecretIdentity.of(secret);
        HostLink[] links = new HostLink[hosts.size()];
        String[] errors = new String[hosts.size()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            int n = i;
            threads.add(Thread.ofPlatform().name("iobench-connect-" + i).start(() -> {
                try {
                    links[n] = HostLink.connect(hosts.get(n), identity, secret, timeout);
                } catch (RuntimeException e) {
                    errors[n] = e.getMessage();
                }
            }));
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            if (links[i] == null) {
                missing.add(errors[i] != null ? errors[i] : hosts.get(i).address() + ": interrupted");
            }
        }
        if (!missing.isEmpty()) {
            for (HostLink l : links) {
                if (l != null) {
                    l.close();
                }
            }
            throw new IllegalStateException(missing.size() + " of " + hosts.size() + " hosts not present: "
                    + String.join("; ", missing));
        }
        return new Controller(List.of(links), acceptTimeout);
    }

    /** Asks every host to stop the job (Ctrl-C, SIGTERM); {@link #run} then collects the partial results. */
    public void stop(String reason) {
        stopReason = reason;
    }

    /** True once {@link #stop} was called. */
    public boolean stopping() {
        return stopReason != null;
    }

    /** Tells the hosts at once that the job is over, without waiting (a second Ctrl-C, a dying JVM). */
    public void stopNow(String reason) {
        String id = jobId;
        if (id != null) {
            for (int i = 0; i < links.size(); i++) {
                send(i, new Msg.Stop(id, reason));
            }
        }
    }

    /** Runs {@code request} on every host ({@code {host}} expanded by each) and waits for the outcome. */
    public ControllerOutcome run(JobRequest request, Consumer<Live> live) throws InterruptedException {
        String id = Seal.nonce();
        jobId = id;
        JobRun run = new JobRun(id, hosts());
        for (int i = 0; i < links.size(); i++) {
            HostLink l = links.get(i);
            if (!send(i, new Msg.Job(id, request.forHost(l.address.name())))) {
                run.lost(i, "the job could not be sent");
            }
        }
        if (!accepted(run)) {
            for (int i = 0; i < links.size(); i++) {
                send(i, new Msg.Stop(id, "another host refused the job"));
            }
            run.abandonBeforeStart("accepted the job, then stopped before any I/O: another host did not accept it");
            return run.outcome(false);
        }
        for (int i = 0; i < links.size(); i++) {
            send(i, new Msg.Start(id));
        }
        boolean stopSent = false;
        long stopDeadline = Long.MAX_VALUE;
        while (run.anyRunning()) {
            if (stopReason != null && !stopSent) {
                stopSent = true;
                stopNow(stopReason);
                stopDeadline = System.nanoTime() + STOP_GRACE.toNanos();
            }
            if (System.nanoTime() > stopDeadline) {
                run.giveUp("sent no result within " + STOP_GRACE.toSeconds() + " s of the stop");
                break;
            }
            Event e = events.poll(200, TimeUnit.MILLISECONDS);
            if (e != null) {
                handle(run, e);
                List<Integer> release = run.releasable();
                if (release != null) {
                    release(run, release);
                }
                live.accept(run.live());
            }
        }
        jobId = null;
        return run.outcome(stopSent);
    }

    private boolean accepted(JobRun run) throws InterruptedException {
        long deadline = System.nanoTime() + acceptTimeout.toNanos();
        while (run.anyUndecided() && System.nanoTime() < deadline && stopReason == null) {
            Event e = events.poll(100, TimeUnit.MILLISECONDS);
            if (e != null) {
                handle(run, e);
            }
        }
        run.silentIfUndecided("did not answer the job within " + acceptTimeout.toSeconds() + " s (see the agent's"
                + " output)");
        return run.allAccepted() && stopReason == null;
    }

    private void handle(JobRun run, Event e) {
        switch (e) {
            case Lost l -> run.lost(l.host(), l.why());
            case Received r -> {
                switch (r.msg()) {
                    case Msg.Accepted a -> run.accepted(r.host());
                    case Msg.Refused f -> run.refused(r.host(), f.status(), f.message());
                    case Msg.Ready ready -> run.ready(r.host(), ready);
                    case Msg.Started s -> run.started(r.host(), s.barrier(),
                            s.releasedAgentNanos() - clocks.offset(r.host()),
                            s.measuredStartAgentNanos() - clocks.offset(r.host()));
                    case Msg.Progress p -> run.progress(r.host(), p);
                    case Msg.Done d -> run.done(r.host(), d);
                    default -> { }
                }
            }
        }
    }

    /** Estimates each host's clock offset, then tells every host when to start, a little ahead. */
    private void release(JobRun run, List<Integer> hosts) throws InterruptedException {
        ClockProbe.Estimate estimate = clocks.estimate(jobId, hosts);
        long lead = Math.max(MIN_LEAD_NANOS, 4 * estimate.maxRoundTripNanos());
        long startAt = SessionClock.SYSTEM.nowNanos() + lead;
        int barrier = run.release(hosts, estimate.uncertaintyNanos());
        for (int h : hosts) {
            send(h, new Msg.Go(jobId, barrier, startAt + clocks.offset(h)));
        }
    }

    private boolean send(int host, Msg msg) {
        return links.get(host).send(msg);
    }

    private void received(int host, Msg msg) {
        if (jobId == null || !jobId.equals(msg.jobId())) {
            return; // an answer to a job this controller has given up
        }
        if (msg instanceof Msg.Pong p) {
            clocks.pong(host, p, SessionClock.SYSTEM.nowNanos());
            return;
        }
        events.add(new Received(host, msg));
    }

    private List<HostAddress> hosts() {
        return links.stream().map(l -> l.address).toList();
    }

    @Override
    public void close() {
        links.forEach(HostLink::close);
    }
}
