package org.iobench.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CountDownLatch;
import org.iobench.workload.RunControl;

/**
 * {@code iobench agent}: runs one job at a time for a controller over an authenticated, encrypted {@link Link}. Only
 * holders of the secret get past its {@link AgentEndpoint}; it runs only what its {@link JobHandler} accepts; a job
 * belongs to the link that sent it, and ends when that controller says so or goes away (its link closes, or it is
 * silent for {@value Link#LOST_AFTER_SECONDS} s). A job accepted but not started within the start timeout is
 * dropped, so no controller can hold the agent without running anything. Prints one line per job received,
 * refused, started and finished.
 *
 * <pre>{@code
 * try (Agent agent = Agent.start("10.0.0.2", 5701, secret, handler, System.out, false)) {
 *     agent.awaitClose();
 * }
 * }</pre>
 */
public final class Agent implements AutoCloseable {
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    /** On SIGTERM: how long a stopped job may take to remove its scratch files and send its partial result. */
    static final Duration CLOSE_WAIT = Duration.ofMillis(900);

    private final ClusterSecret secret;
    private final JobHandler handler;
    private final PrintStream log;
    private final Duration startTimeout;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Object lock = new Object();
    private AgentEndpoint endpoint;
    private ActiveJob current; // guarded by lock
    private boolean stopping; // guarded by lock

    private final class ActiveJob {
        final String id;
        final Link owner;
        final JobHandler.Checked checked;
        final RunControl control = new RunControl();
        final AgentListener listener;
        boolean started;
        Thread thread;

        ActiveJob(String id, Link owner, JobHandler.Checked checked) {
            this.id = id;
            this.owner = owner;
            this.checked = checked;
            this.listener = new AgentListener(id, control, owner::send);
        }
    }

    private Agent(ClusterSecret secret, JobHandler handler, PrintStream log, Duration startTimeout) {
        this.secret = secret;
        this.handler = handler;
        this.log = log;
        this.startTimeout = startTimeout;
    }

    /**
     * Listens on {@code bindAddress:port} for controllers holding {@code secret}.
     *
     * @throws IOException when the address cannot be bound
     */
    public static Agent start(String bindAddress, int port, ClusterSecret secret, JobHandler handler,
                              PrintStream log, boolean debug) throws IOException {
        Jg.logging(debug);
        return start(bindAddress, port, secret, handler, log, START_TIMEOUT);
    }

    static Agent start(String bindAddress, int port, ClusterSecret secret, JobHandler handler, PrintStream log,
                       Duration startTimeout) throws IOException {
        Seal.warmUp();
        Agent agent = new Agent(secret, handler, log, startTimeout);
        try {
            agent.endpoint = new AgentEndpoint(SecretIdentity.of(secret), secret, InetAddress.getByName(bindAddress),
                    port, agent::connected, agent::say);
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(AuthenticatingServerSocket.reason(e), e);
        }
        return agent;
    }

    /** Blocks until {@link #close} (from a signal handler or another thread). */
    public void awaitClose() throws InterruptedException {
        closed.await();
    }

    private void connected(Link link) {
        link.start(new Link.Listener() {
            @Override
            public void received(Link l, Msg msg) {
                onControl(l, msg);
            }

            @Override
            public void closed(Link l, String why) {
                endpoint.forget(l);
                controllerLost(l, why);
            }
        });
    }

    private void onControl(Link from, Msg msg) {
        switch (msg) {
            case Msg.Job job -> received(from, job);
            case Msg.Ping ping -> {
                if (job(from, ping.jobId()) != null) {
                    from.send(new Msg.Pong(ping.jobId(), ping.pingId(), SessionClock.SYSTEM.nowNanos()));
                }
            }
            case Msg.Start start -> begin(from, start.jobId());
            case Msg.Go go -> {
                ActiveJob j = job(from, go.jobId());
                if (j != null) {
                    j.listener.go(go);
                }
            }
            case Msg.Stop stop -> {
                ActiveJob j = job(from, stop.jobId());
                if (j != null) {
                    say("job " + stop.jobId() + ": stop asked by the controller (" + stop.reason() + ")");
                    stopJob(j, "SIGINT");
                }
            }
            default -> {
                say("refused a message from " + from.peer() + ": " + msg.getClass().getSimpleName()
                        + " is not for agents");
                from.close();
            }
        }
    }

    private void received(Link from, Msg.Job job) {
        JobRequest r = job.request();
        say("job " + job.jobId() + " received for " + r.host() + ": " + r.command() + " " + String.join(" ", r.args())
                + (r.jobFileName() != null ? " (job file " + r.jobFileName() + ")" : ""));
        synchronized (lock) {
            if (stopping) {
                refuse(from, job.jobId(), 2, "the agent is stopping");
                return;
            }
            if (current != null) {
                refuse(from, job.jobId(), 2, "busy with job " + current.id + " of another controller");
                return;
            }
        }
        JobHandler.Checked checked;
        try {
            checked = handler.check(r);
        } catch (JobHandler.Refusal e) {
            refuse(from, job.jobId(), e.status(), e.getMessage());
            return;
        } catch (RuntimeException | OutOfMemoryError e) {
            refuse(from, job.jobId(), 2, "cannot check the job: " + e);
            return;
        }
        ActiveJob j;
        synchronized (lock) {
            if (current != null) {
                refuse(from, job.jobId(), 2, "busy with job " + current.id + " of another controller");
                return;
            }
            if (!from.open()) {
                say("job " + job.jobId() + " dropped: its controller left while it was checked");
                return;
            }
            j = new ActiveJob(job.jobId(), from, checked);
            current = j;
        }
        from.send(new Msg.Accepted(job.jobId()));
        Thread.ofPlatform().daemon().name("iobench-agent-start-timeout").start(() -> dropIfNotStarted(j));
    }

    private void dropIfNotStarted(ActiveJob j) {
        try {
            Thread.sleep(startTimeout.toMillis());
        } catch (InterruptedException e) {
            return;
        }
        synchronized (lock) {
            if (current != j || j.started) {
                return;
            }
            current = null;
        }
        say("job " + j.id + " dropped: accepted but not started within " + startTimeout.toSeconds() + " s");
        j.owner.send(new Msg.Refused(j.id, 2, "not started within " + startTimeout.toSeconds() + " s of its"
                + " acceptance; the agent dropped it"));
    }

    private void refuse(Link to, String jobId, int status, String message) {
        say("job " + jobId + " refused: " + message);
        to.send(new Msg.Refused(jobId, status, message));
    }

    private void begin(Link from, String jobId) {
        ActiveJob j;
        synchronized (lock) {
            j = current;
            if (j == null || j.owner != from || !j.id.equals(jobId) || j.started) {
                return;
            }
            j.started = true;
            j.thread = Thread.ofPlatform().name("iobench-agent-job").unstarted(() -> runJob(j));
        }
        say("job " + jobId + " started: every host accepted it");
        j.thread.start();
    }

    private void runJob(ActiveJob j) {
        JobHandler.Outcome o = null;
        try {
            o = j.checked.run(j.control, j.listener);
        } finally {
            Msg.Done done = o == null
                    ? new Msg.Done(j.id, 1, "the job failed on the agent", null, null, null)
                    : new Msg.Done(j.id, o.status(), o.message(), o.resultJson(), j.listener.encoded(o.results()),
                            o.environments());
            synchronized (lock) {
                if (current == j) {
                    current = null;
                }
            }
            j.owner.send(done);
            say("job " + j.id + " finished: exit status " + done.status()
                    + (done.message() != null ? " (" + done.message() + ")" : ""));
        }
    }

    private void controllerLost(Link link, String why) {
        ActiveJob j;
        synchronized (lock) {
            j = current;
            if (j == null || j.owner != link) {
                return;
            }
            if (!j.started) {
                current = null;
            }
        }
        say("job " + j.id + ": lost the controller (" + link.peer() + ": " + why + "); stopping"
                + (j.started ? " and removing scratch files" : " before it started"));
        stopJob(j, "SIGHUP");
    }

    /** @param signal what the job's own lines name as the cause: the controller's Ctrl-C, a hang-up, a SIGTERM here */
    private void stopJob(ActiveJob j, String signal) {
        j.control.interrupt(signal);
        j.listener.wake();
        synchronized (lock) {
            if (current == j && !j.started) {
                current = null;
            }
        }
    }

    private ActiveJob job(Link from, String jobId) {
        synchronized (lock) {
            return current != null && current.owner == from && current.id.equals(jobId) ? current : null;
        }
    }

    private void say(String line) {
        synchronized (log) {
            log.println(Instant.now().truncatedTo(ChronoUnit.SECONDS) + " iobench agent: " + line);
            log.flush();
        }
    }

    /**
     * Stops listening and stops the running job, waiting (up to {@link #CLOSE_WAIT}) until it has cleaned up
     * (scratch files removed as in a local run) and sent its partial result; then closes every link.
     */
    @Override
    public void close() {
        stop("SIGTERM");
    }

    /** {@link #close} on a signal here ({@code "SIGINT"}, {@code "SIGTERM"}): the job's lines name it. */
    public void stop(String signal) {
        endpoint.close(false);
        ActiveJob j;
        Thread t;
        synchronized (lock) {
            stopping = true;
            j = current;
            t = j == null ? null : j.thread;
        }
        if (j != null) {
            stopJob(j, signal);
        }
        if (t != null) {
            try {
                t.join(CLOSE_WAIT.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                say("job " + j.id + " had not finished cleaning up within " + CLOSE_WAIT.toMillis() + " ms of the"
                        + " stop; exiting all the same (its scratch files may remain)");
            }
        }
        endpoint.close(true);
        closed.countDown();
    }

    /** True while a job is accepted or running (tests). */
    boolean busy() {
        synchronized (lock) {
            return current != null;
        }
    }
}
