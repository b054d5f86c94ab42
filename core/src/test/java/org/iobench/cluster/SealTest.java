package org.iobench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SealTest {
    private final ClusterSecret secret = ClusterSecret.of("correct horse battery staple");

    /** A controller's and an agent's seals after their hellos. */
    private static Seal[] pair(ClusterSecret controller, ClusterSecret agent) throws Exception {
        Seal c = new Seal(controller, Seal.Direction.TO_AGENT);
        Seal a = new Seal(agent, Seal.Direction.TO_CONTROLLER);
        a.openHello(c.hello());
        c.openHello(a.hello());
        return new Seal[] {c, a};
    }

    @Test
    void aMessageOpensOnceInOrderOnItsOwnLinkOnly() throws Exception {
        Seal[] link = pair(secret, secret);
        byte[] first = link[0].seal(new Msg.Start("job1"));
        byte[] second = link[0].seal(new Msg.Stop("job1", "test"));
        assertThat(link[1].open(first)).isEqualTo(new Msg.Start("job1"));
        assertThatThrownBy(() -> link[1].open(first)).hasMessageContaining("a replay");
        assertThat(link[1].open(second)).isEqualTo(new Msg.Stop("job1", "test"));

        Seal[] other = pair(secret, secret); // another agent, or the same one after a restart
        assertThatThrownBy(() -> other[1].open(link[0].seal(new Msg.Start("job1"))))
                .hasMessageContaining("another session");
    }

    @Test
    void aForgedReflectedOrTamperedFrameIsRefused() throws Exception {
        Seal[] link = pair(secret, secret);
        byte[] frame = link[0].seal(new Msg.Start("job1"));
        byte[] tampered = frame.clone();
        tampered[tampered.length - 3] ^= 1;
        assertThatThrownBy(() -> link[1].open(tampered)).hasMessageContaining("wrong seal");
        // the agent's own message played back to it: sealed for the other direction
        assertThatThrownBy(() -> link[1].open(link[1].seal(new Msg.Accepted("job1"))))
                .hasMessageContaining("wrong seal");
        assertThatThrownBy(() -> link[1].open(new byte[10])).hasMessageContaining("too short");
        Seal forger = new Seal(ClusterSecret.of("a forger's guess at the key"), Seal.Direction.TO_AGENT);
        assertThatThrownBy(() -> new Seal(secret, Seal.Direction.TO_CONTROLLER).openHello(forger.hello()))
                .hasMessageContaining("wrong seal");
        Seal fresh = new Seal(secret, Seal.Direction.TO_CONTROLLER);
        assertThatThrownBy(() -> fresh.openHello(link[0].seal(new Msg.Start("x")))).isInstanceOf(Seal.BadMessage.class);
    }

    @Test
    void everyKindOfMessageSurvivesTheWire() throws Exception {
        Seal.warmUp();
        Seal[] link = pair(secret, secret);
        Msg.Done done = new Msg.Done("j", 1, "m", "{}", List.of(new Msg.EncodedLatencies(0, 1, List.of("a"),
                List.of("b"), "c")), List.of("{}"));
        assertThat(link[0].open(link[1].seal(done))).isEqualTo(done);
    }

    @Test
    void keysComeFromTheSecretAndDifferByPurpose() {
        assertThat(secret.derive("tls identity")).isEqualTo(ClusterSecret.of("  correct horse battery staple\n")
                .derive("tls identity")).isNotEqualTo(secret.derive("message key"));
        assertThat(secret.derive("tls identity"))
                .isNotEqualTo(ClusterSecret.of("correct horse battery staplf").derive("tls identity"));
        assertThat(ClusterSecret.generate().text()).hasSize(43);
        assertThatThrownBy(() -> ClusterSecret.of("short")).hasMessageContaining("at least 16");
    }

    @Test
    void theTlsIdentityIsTheSameKeyForEveryHolderOfTheSecret() throws Exception {
        SecretIdentity a = SecretIdentity.of(secret);
        SecretIdentity b = SecretIdentity.of(ClusterSecret.of("correct horse battery staple"));
        assertThat(a.publicKey().getEncoded()).isEqualTo(b.publicKey().getEncoded());
        assertThat(SecretIdentity.of(ClusterSecret.of("another secret of some length")).publicKey().getEncoded())
                .isNotEqualTo(a.publicKey().getEncoded());
        a.certificate().verify(a.publicKey()); // self-signed, parsed by the JDK
        assertThat(a.certificate().getPublicKey()).isEqualTo(a.publicKey());
    }
}
