package org.iobench.cluster;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;

/** The controller's connection to one agent: an authenticated {@link Link}, and the name the user gave the host. */
final class HostLink {
    final HostAddress address;
    private final Link link;

    private HostLink(HostAddress address, Link link) {
        this.address = address;
        this.link = link;
    }

    /**
     * Connects, retrying a refused connection (an agent still starting) until {@code timeout}.
     *
     * @throws IllegalStateException with a one-line reason when no agent with this secret answers in time
     */
    static HostLink connect(HostAddress address, SecretIdentity identity, ClusterSecret secret, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long backoffMillis = 100;
        while (true) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new IllegalStateException(address.address() + ": no agent answered within "
                        + timeout.toSeconds() + " s (not started, another port, or a firewall)");
            }
            SSLSocket s = null;
            try {
                s = identity.client();
                s.connect(new InetSocketAddress(address.name(), address.port()), (int) Math.max(1, left));
            } catch (ConnectException | NoRouteToHostException | SocketTimeoutException e) {
                close(s);
                sleep(Math.min(backoffMillis, left));
                backoffMillis = Math.min(1000, backoffMillis * 2);
                continue;
            } catch (IOException e) {
                close(s);
                throw new IllegalStateException(address.address() + ": cannot connect: " + e.getMessage());
            }
            try {
                return new HostLink(address, Link.open(s, secret, Seal.Direction.TO_AGENT, Frames.MAX_TO_CONTROLLER,
                        Duration.ofSeconds(AgentEndpoint.HANDSHAKE_SECONDS + 5)));
            } catch (SSLException | java.io.EOFException | java.net.SocketException e) {
                throw new IllegalStateException(address.address() + ": something listens there but refused this"
                        + " controller: an agent with another secret, or not an iobench agent");
            } catch (IOException e) {
                throw new IllegalStateException(address.address() + ": something listens there but did not complete"
                        + " the handshake (" + e.getMessage() + "): an agent with another secret, or not an iobench"
                        + " agent");
            }
        }
    }

    private static void close(SSLSocket s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // a socket that never connected
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while connecting");
        }
    }

    /** Hears the agent's messages and the end of the link. */
    void listen(Consumer<Msg> messages, Consumer<String> lost) {
        link.start(address.name(), new Link.Listener() {
            @Override
            public void received(Link l, Msg msg) {
                messages.accept(msg);
            }

            @Override
            public void closed(Link l, String why) {
                if (!"closed here".equals(why)) {
                    lost.accept(why);
                }
            }
        });
    }

    /** @return false when the link is gone */
    boolean send(Msg msg) {
        return link.send(msg);
    }

    void close() {
        link.close();
    }
}
