package org.iobench.cluster;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent;
import com.hazelcast.topic.ITopic;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.function.Consumer;

/** The controller's connection to one agent: a Hazelcast client and the two topics. */
final class HostLink {
    final HostAddress address;
    final HazelcastInstance client;
    private final ITopic<String> control;
    private volatile boolean closing;

    private HostLink(HostAddress address, HazelcastInstance client) {
        this.address = address;
        this.client = client;
        this.control = client.getTopic(Hz.CONTROL_TOPIC);
    }

    /** @throws IllegalStateException with a one-line reason when no agent with this secret answers in time */
    static HostLink connect(HostAddress address, ClusterSecret secret, Duration timeout, boolean debug) {
        try {
            return new HostLink(address, Hz.client(address.address(), secret, timeout, debug));
        } catch (RuntimeException e) {
            throw new IllegalStateException(address.address() + ": " + (listening(address)
                    ? "something listens there but refused this controller: an agent with another secret, or not"
                    + " an iobench agent"
                    : "no agent answered within " + timeout.toSeconds() + " s (not started, another port, or a"
                    + " firewall)"));
        }
    }

    private static boolean listening(HostAddress a) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(a.name(), a.port()), 1000);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Hears the agent's events (raw signed messages) and the loss of the connection. */
    void listen(Consumer<String> events, Consumer<String> lost) {
        client.<String>getTopic(Hz.EVENTS_TOPIC).addMessageListener(m -> events.accept(m.getMessageObject()));
        client.getLifecycleService().addLifecycleListener(e -> {
            if (!closing && (e.getState() == LifecycleEvent.LifecycleState.CLIENT_DISCONNECTED
                    || e.getState() == LifecycleEvent.LifecycleState.SHUTTING_DOWN)) {
                lost.accept("its connection was lost (the agent died, was stopped, or the network between is cut)");
            }
        });
    }

    String uuid() {
        return client.getLocalEndpoint().getUuid().toString();
    }

    /** @return false when the message could not be handed to Hazelcast (the connection is gone) */
    boolean send(String wire) {
        try {
            control.publish(wire);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    void close() {
        closing = true;
        try {
            client.shutdown();
        } catch (RuntimeException e) {
            // already gone
        }
    }
}
