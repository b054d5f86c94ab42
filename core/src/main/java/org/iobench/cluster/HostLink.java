package org.iobench.cluster;

import java.io.IOException;
import java.net.ConnectException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.SSLSocket;
import org.jgroups.Address;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;

/**
 * The controller's connection to one agent: a JGroups channel that joins the agent's cluster over TLS
 * ({@link Jg}), and the {@link Link} to the agent, the cluster's first member, after both hellos.
 */
final class HostLink {
    final HostAddress address;
    private final JChannel channel;
    private final Link link;

    private HostLink(HostAddress address, JChannel channel, Link link) {
        this.address = address;
        this.channel = channel;
        this.link = link;
    }

    /**
     * Joins the agent's cluster, retrying while nothing listens (an agent still starting) until {@code timeout}.
     *
     * @throws IllegalStateException with a one-line reason when no agent with this secret answers in time
     */
    static HostLink connect(HostAddress address, SecretIdentity identity, ClusterSecret secret, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        InetSocketAddress agent = new InetSocketAddress(address.name(), address.port());
        if (agent.isUnresolved()) {
            throw new IllegalStateException(address.address() + ": unknown host");
        }
        awaitListening(address, agent, deadline, timeout);
        if (!handshakes(identity, agent)) {
            throw new IllegalStateException(address.address() + ": something listens there but refused this"
                    + " controller: an agent with another secret, or not an iobench agent");
        }
        while (true) {
            JChannel ch = null;
            try {
                CompletableFuture<byte[]> hello = new CompletableFuture<>();
                Link[] holder = new Link[1];
                HostLink[] self = new HostLink[1];
                ch = Jg.controller(localAddressTowards(agent.getAddress()), agent, identity, line -> { });
                ch.setReceiver(new Receiver() {
                    @Override
                    public void receive(Message msg) {
                        Link l = holder[0];
                        if (l == null || !msg.getSrc().equals(l.address())) {
                            return;
                        }
                        if (!hello.isDone()) {
                            hello.complete(Arrays.copyOfRange(msg.getArray(), msg.getOffset(),
                                    msg.getOffset() + msg.getLength()));
                            return;
                        }
                        l.deliver(msg.getArray(), msg.getOffset(), msg.getLength());
                    }

                    @Override
                    public void viewAccepted(View view) {
                        Link l = holder[0];
                        if (l != null && !view.containsMember(l.address())) {
                            l.end("its connection was lost (the agent stopped or died, or was silent for "
                                    + Jg.LOST_AFTER_SECONDS + " s)");
                        }
                    }
                });
                ch.connect(Jg.clusterName(secret));
                Address coord = ch.getView().getCoord();
                if (coord.equals(ch.getAddress())) {
                    throw new IOException("no agent in the cluster reached");
                }
                Link l = new Link(ch, coord, address.name(), new Seal(secret, Seal.Direction.TO_AGENT),
                        Frames.MAX_TO_CONTROLLER);
                holder[0] = l;
                l.hello();
                long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
                l.openHello(hello.get(Math.max(left, 5000), TimeUnit.MILLISECONDS));
                self[0] = new HostLink(address, ch, l);
                return self[0];
            } catch (Exception e) {
                if (ch != null) {
                    ch.close();
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(address.address() + ": the agent did not let this controller"
                            + " join within " + timeout.toSeconds() + " s (" + AuthenticatingServerSocket.reason(e)
                            + ")");
                }
                sleep(200);
            }
        }
    }

    private static void awaitListening(HostAddress address, InetSocketAddress agent, long deadline,
                                       Duration timeout) {
        long backoff = 100;
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(agent, (int) Math.max(1, Math.min(2000, (deadline - System.nanoTime()) / 1_000_000)));
                return;
            } catch (IOException e) {
                if (System.nanoTime() + backoff * 1_000_000 > deadline) {
                    throw new IllegalStateException(address.address() + ": no agent answered within "
                            + timeout.toSeconds() + " s (not started, another port, or a firewall)");
                }
                if (!(e instanceof ConnectException)) {
                    sleep(backoff);
                }
                sleep(backoff);
                backoff = Math.min(1000, backoff * 2);
            }
        }
    }

    /** True when a TLS handshake with the secret's key completes there (else: another secret, or no agent). */
    private static boolean handshakes(SecretIdentity identity, InetSocketAddress agent) {
        try (SSLSocket s = identity.client()) {
            s.connect(agent, 5000);
            s.setSoTimeout(10_000);
            s.startHandshake();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The local address the system would use to reach {@code remote}: the controller's channel binds to it. */
    static InetAddress localAddressTowards(InetAddress remote) throws IOException {
        if (remote.isLoopbackAddress()) {
            return InetAddress.getLoopbackAddress();
        }
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(remote, 9); // no packet is sent: connect only picks the route
            return probe.getLocalAddress();
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
        link.start(new Link.Listener() {
            @Override
            public void received(Link l, Msg msg) {
                messages.accept(msg);
            }

            @Override
            public void closed(Link l, String why) {
                if (!Link.CLOSED_HERE.equals(why)) {
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
        channel.close();
    }
}
