package org.iobench.cluster;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/**
 * A signed message on the wire: 64 hex digits of HMAC-SHA256, a newline, then the body, a JSON object
 * {@code {nonce, sentAtMillis, msg}}. The signature covers the body's exact bytes, so nothing is re-encoded
 * before it is checked.
 */
final class Envelope {
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A verified message with its nonce and the sender's wall-clock time of sending. */
    record Opened(String nonce, long sentAtMillis, Msg msg) {}

    /** Thrown for a message that is unsigned, wrongly signed or unreadable. */
    static final class BadMessage extends Exception {
        BadMessage(String message) {
            super(message);
        }
    }

    private Envelope() {}

    static String seal(ClusterSecret secret, Msg msg) {
        try {
            String body = JSON.writeValueAsString(new Opened(nonce(), System.currentTimeMillis(), msg));
            return secret.sign(body) + "\n" + body;
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode " + msg.getClass().getSimpleName(), e);
        }
    }

    static Opened open(ClusterSecret secret, String wire) throws BadMessage {
        int nl = wire == null ? -1 : wire.indexOf('\n');
        if (nl != 64) {
            throw new BadMessage("unsigned message");
        }
        String body = wire.substring(nl + 1);
        if (!secret.verify(body, wire.substring(0, nl))) {
            throw new BadMessage("wrong signature (another secret?)");
        }
        try {
            Opened o = JSON.readValue(body, Opened.class);
            if (o.msg() == null || o.nonce() == null) {
                throw new BadMessage("signed message without content");
            }
            return o;
        } catch (IOException e) {
            throw new BadMessage("signed message this iobench cannot read: " + e.getMessage());
        }
    }

    /**
     * Encodes and decodes one message of every kind, so the first real one is not slowed by class loading and
     * Jackson's introspection (tens of milliseconds in a fresh JVM: a go message must not arrive late).
     */
    static void warmUp() {
        ClusterSecret s = ClusterSecret.of("warm-up secret, never used on the wire");
        List<Msg> all = List.of(new Msg.Job("w", new JobRequest("h", "run", List.of("x"), null, null), "u"),
                new Msg.Start("w"), new Msg.Ping("w", 1), new Msg.Go("w", 0, 1), new Msg.Stop("w", "w"),
                new Msg.Accepted("w"), new Msg.Refused("w", 2, "w"), new Msg.Pong("w", 1, 1),
                new Msg.Ready("w", 0, "w", 1), new Msg.Started("w", 0, 1, 1), new Msg.Progress("w", 0, 1, 1, 1),
                new Msg.Done("w", 0, null, "{}", List.of(new Msg.EncodedLatencies(0, 1, List.of(), List.of(), "")),
                        List.of()));
        for (Msg m : all) {
            try {
                open(s, seal(s, m));
            } catch (BadMessage e) {
                throw new IllegalStateException("message codec broken for " + m, e);
            }
        }
    }

    static String nonce() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
