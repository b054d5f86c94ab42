package org.iobench.cluster;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jgroups.JChannel;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;

/**
 * JGroups as iobench uses it: an agent is the first member of a cluster of its own, bound to one address; a
 * controller joins each agent's cluster with a channel of its own. Beneath every channel is JGroups' TCP transport
 * on {@link SecretSockets}: TLS 1.3 with the secret's key both ways, so no byte of discovery, membership, failure
 * detection or messages travels in clear, and nothing reaches the stack without the secret. The stack: TCP,
 * TCPPING (the one address given: no multicast, no other discovery), FD_ALL3 (heartbeats every second, a member
 * silent for {@value #LOST_AFTER_SECONDS} s is suspected), VERIFY_SUSPECT2, NAKACK2, UNICAST3, STABLE, GMS, FRAG4
 * (a host's whole result is one message). JGroups' logging is off unless {@code --debug}.
 */
final class Jg {
    static final int LOST_AFTER_SECONDS = 8;
    /** The largest frame the transport reads: FRAG4 cuts messages into fragments far below it. */
    static final int MAX_FRAME = 1 << 20;
    private static final Logger JGROUPS_LOG = Logger.getLogger("org.jgroups");

    private Jg() {}

    static void logging(boolean debug) {
        JGROUPS_LOG.setLevel(debug ? Level.INFO : Level.OFF);
    }

    /** The cluster name: the same for every holder of the secret, revealing nothing of it (it travels in TLS). */
    static String clusterName(ClusterSecret secret) {
        return "iobench-" + HexFormat.of().formatHex(secret.derive("cluster name")).substring(0, 24);
    }

    static JChannel agent(InetAddress bind, int port, SecretIdentity identity, Consumer<String> log)
            throws Exception {
        return channel(bind, port, new InetSocketAddress(bind, port), identity, log);
    }

    /**
     * A controller's channel to the agent at {@code agent}, bound to the local address that reaches it, on a port
     * free just before (JGroups' TCPPING needs a fixed port; the controller listens there too, for an agent that
     * has to connect back, behind the same TLS).
     */
    static JChannel controller(InetAddress bind, InetSocketAddress agent, SecretIdentity identity,
                               Consumer<String> log) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, bind)) {
            port = probe.getLocalPort();
        }
        return channel(bind, port, agent, identity, log);
    }

    private static JChannel channel(InetAddress bind, int port, InetSocketAddress discover, SecretIdentity identity,
                                    Consumer<String> log) throws Exception {
        TCP tcp = new TCP();
        tcp.setBindAddress(bind);
        tcp.setBindPort(port);
        tcp.setPortRange(0);
        tcp.setMaxLength(MAX_FRAME);
        tcp.setSockConnTimeout(5000);
        tcp.setPeerAddrReadTimeout(5000);
        tcp.setSocketFactory(new SecretSockets(identity, log));
        tcp.setBundlerType("no-bundler"); // a go message leaves at once: the start skew is the barrier's
        List<Protocol> stack = List.of(tcp,
                new TCPPING().setInitialHosts(List.of(discover)).setPortRange(0),
                new FD_ALL3().setTimeout(LOST_AFTER_SECONDS * 1000L).setInterval(1000),
                new VERIFY_SUSPECT2(),
                new NAKACK2(),
                new UNICAST3(),
                new STABLE(),
                new GMS().setJoinTimeout(2000).printLocalAddress(false),
                new FRAG4());
        return new JChannel(stack).setDiscardOwnMessages(true);
    }
}
