package org.iobench.cluster;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.client.config.ClientConnectionStrategyConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.JavaSerializationFilterConfig;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.time.Duration;

/**
 * Hazelcast as iobench uses it: an agent is a one-member cluster bound to one address, with every discovery
 * mechanism off (it never looks for peers); a controller is a client of each agent, with no reconnection (a lost
 * connection is a lost host). Logging is off unless {@code --debug}; nothing phones home; no shutdown hooks (the
 * commands stop their hosts first).
 */
final class Hz {
    static final String CONTROL_TOPIC = "iobench.control";
    static final String EVENTS_TOPIC = "iobench.events";
    static final int DEFAULT_PORT = 5701;
    /** Heartbeats every second; a peer silent this long is lost (a partition, a frozen process). */
    static final int HEARTBEAT_TIMEOUT_SECONDS = 8;

    private Hz() {}

    static HazelcastInstance agentMember(String bindAddress, int port, ClusterSecret secret, boolean debug) {
        Config c = new Config();
        c.setClusterName(secret.clusterName());
        c.setInstanceName("iobench-agent-" + bindAddress + "-" + port);
        quiet(c.getProperties(), debug);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.shutdownhook.enabled", "false");
        c.setProperty("hazelcast.local.localAddress", bindAddress);
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.setProperty("hazelcast.wait.seconds.before.join", "0");
        c.setProperty("hazelcast.max.wait.seconds.before.join", "0");
        c.setProperty("hazelcast.partition.count", "7");
        c.setProperty("hazelcast.health.monitoring.level", "OFF");
        c.setProperty("hazelcast.client.max.no.heartbeat.seconds", String.valueOf(HEARTBEAT_TIMEOUT_SECONDS));
        c.getMetricsConfig().setEnabled(false);
        c.getJetConfig().setEnabled(false);
        c.getSerializationConfig().setJavaSerializationFilterConfig(new JavaSerializationFilterConfig());
        NetworkConfig n = c.getNetworkConfig();
        n.setPort(port).setPortAutoIncrement(false);
        n.getInterfaces().setEnabled(false);
        n.getRestApiConfig().setEnabled(false);
        JoinConfig j = n.getJoin();
        j.getMulticastConfig().setEnabled(false);
        j.getAutoDetectionConfig().setEnabled(false);
        j.getTcpIpConfig().setEnabled(false);
        return Hazelcast.newHazelcastInstance(c);
    }

    static HazelcastInstance client(String address, ClusterSecret secret, Duration connectTimeout, boolean debug) {
        ClientConfig c = new ClientConfig();
        c.setClusterName(secret.clusterName());
        c.setInstanceName("iobench-controller-" + address + "-" + Envelope.nonce().substring(0, 8));
        quiet(c.getProperties(), debug);
        c.setProperty("hazelcast.client.shutdownhook.enabled", "false");
        c.setProperty("hazelcast.client.heartbeat.interval", "1000");
        c.setProperty("hazelcast.client.heartbeat.timeout", String.valueOf(HEARTBEAT_TIMEOUT_SECONDS * 1000));
        c.getMetricsConfig().setEnabled(false);
        c.getNetworkConfig().setSmartRouting(false).addAddress(address);
        c.getConnectionStrategyConfig().setReconnectMode(ClientConnectionStrategyConfig.ReconnectMode.OFF);
        c.getConnectionStrategyConfig().getConnectionRetryConfig()
                .setClusterConnectTimeoutMillis(connectTimeout.toMillis())
                .setInitialBackoffMillis(200).setMaxBackoffMillis(1000);
        return HazelcastClient.newHazelcastClient(c);
    }

    private static void quiet(java.util.Properties p, boolean debug) {
        p.setProperty("hazelcast.logging.type", debug ? "jdk" : "none");
    }
}
