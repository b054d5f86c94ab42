package org.iobench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** One agent in this JVM on 127.0.0.6: what it does with messages that are not signed with its secret. */
class SignedJobsTest {
    private static final String ADDRESS = "127.0.0.6";

    @Test
    void aJobSignedWithTheWrongSecretIsRefusedAndAStrangerCannotConnect() throws Exception {
        ClusterSecret secret = ClusterSecret.of("the agent's own secret, 32 chars");
        AtomicInteger checked = new AtomicInteger();
        JobHandler handler = request -> {
            checked.incrementAndGet();
            throw new JobHandler.Refusal(2, "not in this test");
        };
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int port = freePort();
        Agent agent = Agent.start(ADDRESS, port, secret, handler, new PrintStream(log, true, StandardCharsets.UTF_8),
                false);
        try {
            List<HostAddress> hosts = List.of(new HostAddress(ADDRESS, port));
            // knows the cluster name (sniffed from the network, say) but not the key
            try (Controller c = Controller.connect(hosts, secret, ClusterSecret.of("a forger's guess at the key"),
                    Duration.ofSeconds(20), Duration.ofSeconds(3), false)) {
                ControllerOutcome o = c.run(new JobRequest("x", "run", List.of("--rw", "write", "/tmp/x"), null,
                        null), live -> { });
                assertThat(o.hosts().getFirst().state()).isEqualTo(ControllerOutcome.State.SILENT);
                assertThat(o.hosts().getFirst().message()).contains("signed");
            }
            assertThat(checked).hasValue(0);
            assertThat(log.toString(StandardCharsets.UTF_8)).contains("refused a message: wrong signature");
            assertThatThrownBy(() -> Controller.connect(hosts, ClusterSecret.of("an entirely different secret"),
                    Duration.ofSeconds(3), false)).hasMessageContaining(ADDRESS).hasMessageContaining("refused");
        } finally {
            agent.close();
        }
    }

    static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(ADDRESS))) {
            return s.getLocalPort();
        }
    }
}
