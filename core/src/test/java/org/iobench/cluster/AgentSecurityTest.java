package org.iobench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An agent in this JVM on 127.0.0.6 and clients that know everything but its secret: the protocol, the address, the
 * bytes a real controller sent. They reach none of the agent's job handling; a real controller still gets through.
 * Every wait is bounded.
 */
class AgentSecurityTest {
    private static final String ADDRESS = "127.0.0.6";
    private final ClusterSecret secret = ClusterSecret.of("the agent's own secret, 32 chars");
    private final AtomicInteger checked = new AtomicInteger();
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final List<AutoCloseable> closing = new ArrayList<>();
    private final JobHandler refusing = request -> {
        checked.incrementAndGet();
        throw new JobHandler.Refusal(2, "not in this test");
    };

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : closing.reversed()) {
            c.close();
        }
    }

    private Agent agent(int port, JobHandler handler, Duration startTimeout) throws Exception {
        Agent a = Agent.start(ADDRESS, port, secret, handler, new PrintStream(log, true, StandardCharsets.UTF_8),
                startTimeout);
        closing.add(a);
        return a;
    }

    private String log() {
        return log.toString(StandardCharsets.UTF_8);
    }

    /** A real controller's job, answered (here refused by the handler) within the bounds. */
    private ControllerOutcome aRealJob(int port) throws Exception {
        try (Controller c = Controller.connect(List.of(new HostAddress(ADDRESS, port)), secret, Duration.ofSeconds(20),
                Duration.ofSeconds(20))) {
            return c.run(new JobRequest("x", "run", List.of("--rw", "write", "/tmp/x"), null, null), live -> { });
        }
    }

    @Test
    void aControllerWithAnotherSecretCannotConnect() throws Exception {
        int port = freePort();
        agent(port, refusing, Agent.START_TIMEOUT);
        assertThatThrownBy(() -> Controller.connect(List.of(new HostAddress(ADDRESS, port)),
                ClusterSecret.of("an entirely different secret"), Duration.ofSeconds(10), Duration.ofSeconds(3)))
                .hasMessageContaining(ADDRESS).hasMessageContaining("refused this controller");
        assertThat(checked).hasValue(0);
        await(() -> log().contains("refused a connection from /127.0.0.1"), "the refusal is logged");
        assertThat(log()).contains("not authenticated");
        assertThat(aRealJob(port).hosts().getFirst().message()).isEqualTo("not in this test");
        assertThat(checked).hasValue(1);
    }

    @Test
    void plainBytesHugeLengthsAndStalledHandshakesReachNothingAndWedgeNothing() throws Exception {
        int port = freePort();
        agent(port, refusing, Agent.START_TIMEOUT);
        try (Socket huge = connect(port); Socket http = connect(port)) {
            DataOutputStream out = new DataOutputStream(huge.getOutputStream());
            out.writeInt(Integer.MAX_VALUE); // a frame length, where a TLS record is due
            out.write(new byte[4096]);
            out.flush();
            http.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(readUntilClosed(huge)).as("no application data comes back").isLessThan(64);
            assertThat(readUntilClosed(http)).isLessThan(64);
        }
        // another host opening more silent connections than the agent takes handshakes from one address: the
        // agent still serves its controller
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 10 * AuthenticatingServerSocket.MAX_PENDING_PER_SOURCE; i++) {
                Socket s = new Socket();
                s.bind(new InetSocketAddress("127.0.0.9", 0));
                s.connect(new InetSocketAddress(ADDRESS, port), 5000);
                stalled.add(s);
            }
            assertThat(aRealJob(port).hosts().getFirst().message()).isEqualTo("not in this test");
        } finally {
            for (Socket s : stalled) {
                s.close();
            }
        }
        assertThat(checked).hasValue(1);
    }

    @Test
    void bytesRecordedOnTheWireReplayToNothingNotEvenAfterARestart() throws Exception {
        int port = freePort();
        Agent first = agent(port, refusing, Agent.START_TIMEOUT);
        ByteArrayOutputStream recorded = new ByteArrayOutputStream();
        assertThat(aRealJob(port).hosts().getFirst().message()).isEqualTo("not in this test");
        // a secret holder's TLS session with the agent, recorded on the wire by a relay: handshake and a job
        try (ServerSocket relay = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.7"))) {
            Thread.ofPlatform().daemon().start(() -> {
                while (!relay.isClosed()) {
                    relayOnce(relay, port, recorded);
                }
            });
            try (javax.net.ssl.SSLSocket s = SecretIdentity.of(secret).client()) {
                s.connect(new InetSocketAddress("127.0.0.7", relay.getLocalPort()), 5000);
                s.setSoTimeout(10_000);
                s.startHandshake();
                Seal seal = new Seal(secret, Seal.Direction.TO_AGENT);
                seal.openHello(new Seal(secret, Seal.Direction.TO_CONTROLLER).hello());
                s.getOutputStream().write(seal.seal(new Msg.Job("j", new JobRequest("x", "run",
                        List.of("--rw", "write", "/tmp/x"), null, null))));
                s.getOutputStream().flush();
            }
        }
        await(() -> recorded.size() > 300, "the relay recorded the session's bytes");
        byte[] wire;
        synchronized (recorded) {
            wire = recorded.toByteArray();
        }
        assertThat(new String(wire, StandardCharsets.ISO_8859_1)).as("nothing travels in clear")
                .doesNotContain("/tmp/x").doesNotContain("write");
        assertThat(checked).hasValue(1);
        replay(port, wire);
        first.close();
        closing.remove(first);
        agent(port, refusing, Agent.START_TIMEOUT); // the same agent restarted
        replay(port, wire);
        assertThat(checked).as("neither replay reached the job handler").hasValue(1);
        assertThat(aRealJob(port).hosts().getFirst().message()).isEqualTo("not in this test");
    }

    @Test
    void aJobWithoutItsStartIsDroppedAndAControllerThatLeavesReleasesTheAgent() throws Exception {
        int port = freePort();
        JobHandler accepting = request -> {
            checked.incrementAndGet();
            return (control, listener) -> new JobHandler.Outcome(0, null, List.of(), "{}", List.of());
        };
        Agent agent = agent(port, accepting, Duration.ofSeconds(1));
        HostAddress host = new HostAddress(ADDRESS, port);
        SecretIdentity id = SecretIdentity.of(secret);
        BlockingQueue<Msg> answers = new LinkedBlockingQueue<>();
        HostLink holder = HostLink.connect(host, id, secret, Duration.ofSeconds(10));
        holder.listen(answers::add, why -> { });
        holder.send(new Msg.Job("j1", new JobRequest("x", "run", List.of("x"), null, null)));
        assertThat(answers.poll(20, TimeUnit.SECONDS)).isEqualTo(new Msg.Accepted("j1"));
        assertThat(answers.poll(20, TimeUnit.SECONDS)).isInstanceOf(Msg.Refused.class);
        assertThat(log()).contains("job j1 dropped: accepted but not started within 1 s");
        assertThat(agent.busy()).isFalse();

        holder.send(new Msg.Job("j2", new JobRequest("x", "run", List.of("x"), null, null)));
        assertThat(answers.poll(20, TimeUnit.SECONDS)).isEqualTo(new Msg.Accepted("j2"));
        holder.close(); // a controller gone between job and start
        await(() -> !agent.busy(), "the agent is free once its controller left");
        assertThat(aRealJob(port).hosts().getFirst().state()).isEqualTo(ControllerOutcome.State.DONE);
    }

    /** Plays recorded controller bytes to the agent on a new connection; returns once the agent closed it. */
    private static void replay(int port, byte[] wire) throws Exception {
        try (Socket s = connect(port)) {
            try {
                s.getOutputStream().write(wire);
            } catch (java.io.IOException e) {
                // the agent may close before all bytes are in
            }
            readUntilClosed(s);
        }
    }

    private static void relayOnce(ServerSocket relay, int port, ByteArrayOutputStream recorded) {
        try {
            Socket in = relay.accept();
            Socket out = connect(port);
            Thread.ofPlatform().daemon().start(() -> pump(out, in, null));
            Thread.ofPlatform().daemon().start(() -> pump(in, out, recorded));
        } catch (Exception e) {
            // the test fails on what the controller saw
        }
    }

    private static void pump(Socket from, Socket to, ByteArrayOutputStream record) {
        byte[] buf = new byte[8192];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buf)) > 0) {
                if (record != null) {
                    synchronized (record) {
                        record.write(buf, 0, n);
                    }
                }
                out.write(buf, 0, n);
            }
        } catch (java.io.IOException e) {
            // one side closed
        }
    }

    private static Socket connect(int port) throws java.io.IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress(ADDRESS, port), 5000);
        s.setSoTimeout(30_000);
        return s;
    }

    /** Bytes the peer sent until it closed the connection (bounded by the socket's read timeout). */
    private static int readUntilClosed(Socket s) {
        int total = 0;
        byte[] buf = new byte[4096];
        try {
            int n;
            while ((n = s.getInputStream().read(buf)) > 0) {
                total += n;
            }
        } catch (java.io.IOException e) {
            // reset by the agent
        }
        return total;
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 30 s: " + what);
            }
            Thread.sleep(50);
        }
    }

    static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(ADDRESS))) {
            return s.getLocalPort();
        }
    }
}
