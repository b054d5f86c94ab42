package org.iobench.cluster;

import com.hazelcast.client.Client;
import com.hazelcast.client.ClientListener;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.topic.ITopic;
import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CountDownLatch;
import org.iobench.workload.RunControl;

/**
 * {@code iobench agent}: a one-member Hazelcast cluster that runs one job at a time for a controller. It obeys only
 * messages signed with its secret, runs only what its {@link JobHandler} accepts, and stops the job when the
 * controller says so or goes away (its connection closes, or its heartbeats stop for
 * {@value Hz#HEARTBEAT_TIMEOUT_SECONDS} s). Prints one line per job received, refused and finished.
 *
 * <pre>{@code
 * try (Agent agent = Agent.start("10.0.0.2", 5701, secret, handler, System.out, false)) {
 *     agent.awaitClose();
 * }
 * }</pre>
 */
public final class Agent implements AutoCloseable {
    private final HazelcastInstance hz;
    private final ITopic<String> events;
    private final ClusterSecret secret;
    private final JobHandler handler;
    private final PrintStream log;
    private final ReplayGuard replays = new ReplayGuard();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Object lock = new Object();
    private ActiveJob current; // guarded by lock

    private final class ActiveJob {
        final String id;
        final String controller;
        final JobHandler.Checked checked;
        final RunControl control = new RunControl();
        final AgentListener listener;
        boolean started;
        Thread thread;

        ActiveJob(String id, String controller, JobHandler.Checked checked) {
            this.id = id;
            this.controller = controller;
            this.checked = checked;
            this.listener = new AgentListener(id, control, Agent.this::publish);
        }
    }

    private Agent(HazelcastInstance hz, ClusterSecret secret, JobHandler handler, PrintStream log) {
        this.hz = hz;
        this.secret = secret;
        this.handler = handler;
        this.log = log;
        this.events = hz.getTopic(Hz.EVENTS_TOPIC);
    }

    /**
     * Starts the member bound to {@code bindAddress:port} and begins listening for jobs.
     *
     * @throws IllegalStateException (from Hazelcast) when the address cannot be bound
     */
    public static Agent start(String bindAddress, int port, ClusterSecret secret, JobHandler handler,
                              PrintStream log, boolean debug) {
        Envelope.warmUp();
        Agent agent = new Agent(Hz.agentMember(bindAddress, port, secret, debug), secret, handler, log);
        agent.hz.<String>getTopic(Hz.CONTROL_TOPIC).addMessageListener(m -> agent.onControl(m.getMessageObject()));
        agent.hz.getClientService().addClientListener(new ClientListener() {
            @Override
            public void clientConnected(Client client) {}

            @Override
            public void clientDisconnected(Client client) {
                agent.controllerLost(client.getUuid().toString(), client.getSocketAddress());
            }
        });
        return agent;
    }

    /** Blocks until {@link #close} (from a signal handler or another thread). */
    public void awaitClose() throws InterruptedException {
        closed.await();
    }

    private void onControl(String wire) {
        Envelope.Opened m;
        try {
            m = Envelope.open(secret, wire);
        } catch (Envelope.BadMessage e) {
            say("refused a message: " + e.getMessage());
            return;
        }
        String stale = replays.check(m, System.currentTimeMillis());
        if (stale != null) {
            say("refused a message: " + stale);
            return;
        }
        switch (m.msg()) {
            case Msg.Job job -> received(job);
            case Msg.Ping ping -> {
                if (isCurrent(ping.jobId())) {
                    publish(new Msg.Pong(ping.jobId(), ping.pingId(), SessionClock.SYSTEM.nowNanos()));
                }
            }
            case Msg.Start start -> begin(start.jobId());
            case Msg.Go go -> {
                ActiveJob j = job(go.jobId());
                if (j != null) {
                    j.listener.go(go);
                }
            }
            case Msg.Stop stop -> {
                ActiveJob j = job(stop.jobId());
                if (j != null) {
                    say("job " + stop.jobId() + ": stop asked by the controller (" + stop.reason() + ")");
                    stopJob(j);
                }
            }
            default -> say("refused a message: " + m.msg().getClass().getSimpleName() + " is not for agents");
        }
    }

    private void received(Msg.Job job) {
        JobRequest r = job.request();
        say("job " + job.jobId() + " received for " + r.host() + ": " + r.command() + " " + String.join(" ", r.args())
                + (r.jobFileName() != null ? " (job file " + r.jobFileName() + ")" : ""));
        synchronized (lock) {
            if (current != null) {
                refuse(job.jobId(), 2, "busy with job " + current.id + " of another controller");
                return;
            }
        }
        JobHandler.Checked checked;
        try {
            checked = handler.check(r);
        } catch (JobHandler.Refusal e) {
            refuse(job.jobId(), e.status(), e.getMessage());
            return;
        } catch (RuntimeException e) {
            refuse(job.jobId(), 2, "cannot check the job: " + e);
            return;
        }
        synchronized (lock) {
            if (current != null) {
                refuse(job.jobId(), 2, "busy with job " + current.id + " of another controller");
                return;
            }
            current = new ActiveJob(job.jobId(), job.controllerUuid(), checked);
        }
        publish(new Msg.Accepted(job.jobId()));
    }

    private void refuse(String jobId, int status, String message) {
        say("job " + jobId + " refused: " + message);
        publish(new Msg.Refused(jobId, status, message));
    }

    private void begin(String jobId) {
        ActiveJob j;
        synchronized (lock) {
            j = current;
            if (j == null || !j.id.equals(jobId) || j.started) {
                return;
            }
            j.started = true;
            j.thread = Thread.ofPlatform().name("iobench-agent-job").unstarted(() -> runJob(j));
        }
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
            publish(done);
            say("job " + j.id + " finished: exit status " + done.status()
                    + (done.message() != null ? " (" + done.message() + ")" : ""));
        }
    }

    private void controllerLost(String clientUuid, java.net.SocketAddress from) {
        ActiveJob j;
        synchronized (lock) {
            j = current;
            if (j == null || !clientUuid.equals(j.controller)) {
                return;
            }
            if (!j.started) {
                current = null;
            }
        }
        say("job " + j.id + ": lost the controller (" + from + "); stopping"
                + (j.started ? " and removing scratch files" : " before it started"));
        stopJob(j);
    }

    private void stopJob(ActiveJob j) {
        j.control.interrupt();
        j.listener.wake();
        synchronized (lock) {
            if (current == j && !j.started) {
                current = null;
            }
        }
    }

    private boolean isCurrent(String jobId) {
        return job(jobId) != null;
    }

    private ActiveJob job(String jobId) {
        synchronized (lock) {
            return current != null && current.id.equals(jobId) ? current : null;
        }
    }

    private void publish(Msg msg) {
        try {
            events.publish(Envelope.seal(secret, msg));
        } catch (RuntimeException e) {
            say("could not send " + msg.getClass().getSimpleName() + " for job " + msg.jobId() + ": " + e.getMessage());
        }
    }

    private void say(String line) {
        synchronized (log) {
            log.println(Instant.now().truncatedTo(ChronoUnit.SECONDS) + " iobench agent: " + line);
            log.flush();
        }
    }

    /**
     * Stops the running job and waits (up to {@value #CLOSE_WAIT_SECONDS} s) until it has cleaned up (scratch files
     * removed as in a local run) and sent its partial result; then stops the member.
     */
    @Override
    public void close() {
        ActiveJob j;
        Thread t;
        synchronized (lock) {
            j = current;
            t = j == null ? null : j.thread;
        }
        if (j != null) {
            stopJob(j);
        }
        if (t != null) {
            try {
                t.join(CLOSE_WAIT_SECONDS * 1000L);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        hz.shutdown();
        closed.countDown();
    }

    static final int CLOSE_WAIT_SECONDS = 30;

    /** True while a job is accepted or running (tests). */
    boolean busy() {
        synchronized (lock) {
            return current != null;
        }
    }
}
