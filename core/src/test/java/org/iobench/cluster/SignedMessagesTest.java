package org.iobench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SignedMessagesTest {
    private final ClusterSecret secret = ClusterSecret.of("correct horse battery staple");

    @Test
    void aMessageOpensWithItsSecretOnly() throws Exception {
        String wire = Envelope.seal(secret, new Msg.Stop("job1", "test"));
        assertThat(Envelope.open(secret, wire).msg()).isEqualTo(new Msg.Stop("job1", "test"));
        assertThatThrownBy(() -> Envelope.open(ClusterSecret.of("another secret of some length"), wire))
                .hasMessageContaining("wrong signature");
        assertThatThrownBy(() -> Envelope.open(secret, wire.replace("test", "tesT")))
                .hasMessageContaining("wrong signature");
        assertThatThrownBy(() -> Envelope.open(secret, "{\"msg\":{}}")).hasMessageContaining("unsigned");
    }

    @Test
    void theClusterNameComesFromTheSecretAndRevealsNothingOfIt() {
        assertThat(secret.clusterName()).isEqualTo(ClusterSecret.of("  correct horse battery staple\n")
                .clusterName()).startsWith("iobench-").doesNotContain("horse");
        assertThat(secret.clusterName()).isNotEqualTo(ClusterSecret.of("correct horse battery staplf").clusterName());
        assertThat(ClusterSecret.generate().text()).hasSize(43);
        assertThatThrownBy(() -> ClusterSecret.of("short")).hasMessageContaining("at least 16");
    }

    @Test
    void aReplayedMessageIsRefused() throws Exception {
        ReplayGuard guard = new ReplayGuard();
        Envelope.Opened m = Envelope.open(secret, Envelope.seal(secret, new Msg.Start("job1")));
        long now = System.currentTimeMillis();
        assertThat(guard.check(m, now)).isNull();
        assertThat(guard.check(m, now + 1000)).contains("replay");
        Envelope.Opened old = new Envelope.Opened("n2", now - 10 * 60_000, new Msg.Start("job1"));
        assertThat(guard.check(old, now)).contains("ago");
    }

    @Test
    void everyKindOfMessageSurvivesTheWire() {
        Envelope.warmUp();
        Msg.Done done = new Msg.Done("j", 1, "m", "{}", List.of(new Msg.EncodedLatencies(0, 1, List.of("a"),
                List.of("b"), "c")), List.of("{}"));
        assertThat(roundTrip(done)).isEqualTo(done);
    }

    private Msg roundTrip(Msg m) {
        try {
            return Envelope.open(secret, Envelope.seal(secret, m)).msg();
        } catch (Envelope.BadMessage e) {
            throw new AssertionError(e);
        }
    }
}
