package org.iobench.cluster;

import java.net.InetAddress;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.jgroups.Address;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;

/**
 * An agent's side of the network: a JGroups channel of its own cluster, bound to one address ({@link Jg}), whose
 * transport lets in only holders of the secret. A member that joins and says hello becomes a {@link Link} handed to
 * the agent; at most {@value #MAX_LINKS} at once. A member leaving the view ends its link.
 */
final class AgentEndpoint implements AutoCloseable {
    static final int MAX_LINKS = 8;

    private final JChannel channel;
    private final ClusterSecret secret;
    private final Consumer<Link> authenticated;
    private final Consumer<String> log;
    private final Map<Address, Link> links = new ConcurrentHashMap<>();

    AgentEndpoint(SecretIdentity identity, ClusterSecret secret, InetAddress address, int port,
                  Consumer<Link> authenticated, Consumer<String> log) throws Exception {
        this.secret = secret;
        this.authenticated = authenticated;
        this.log = log;
        this.channel = Jg.agent(address, port, identity, log);
        channel.setReceiver(new Receiver() {
            @Override
            public void receive(Message msg) {
                received(msg);
            }

            @Override
            public void viewAccepted(View view) {
                for (Map.Entry<Address, Link> e : links.entrySet()) {
                    if (!view.containsMember(e.getKey()) && links.remove(e.getKey(), e.getValue())) {
                        e.getValue().end("it left (stopped, died, or silent for " + Jg.LOST_AFTER_SECONDS + " s)");
                    }
                }
            }
        });
        channel.connect(Jg.clusterName(secret));
    }

    private void received(Message msg) {
        Address from = msg.getSrc();
        Link link = links.get(from);
        if (link != null) {
            link.deliver(msg.getArray(), msg.getOffset(), msg.getLength());
            return;
        }
        // the first message of a member is its hello
        if (links.size() >= MAX_LINKS) {
            log.accept("refused a controller (" + from + "): already " + MAX_LINKS + " connected");
            return;
        }
        Link fresh = new Link(channel, from, String.valueOf(from), new Seal(secret, Seal.Direction.TO_CONTROLLER),
                Frames.MAX_TO_AGENT);
        try {
            fresh.openHello(Arrays.copyOfRange(msg.getArray(), msg.getOffset(),
                    msg.getOffset() + msg.getLength()));
        } catch (Seal.BadMessage e) {
            log.accept("refused a message from " + from + ": " + e.getMessage());
            return;
        }
        if (links.putIfAbsent(from, fresh) == null) {
            authenticated.accept(fresh);
            fresh.hello();
        }
    }

    /** The agent forgets a link that ended. */
    void forget(Link link) {
        links.remove(link.address(), link);
    }

    /** Stops taking new controllers; with {@code links}, also ends every link and leaves the cluster. */
    void close(boolean links) {
        if (links) {
            this.links.values().forEach(Link::close);
            channel.close();
        }
    }

    @Override
    public void close() {
        close(true);
    }
}
