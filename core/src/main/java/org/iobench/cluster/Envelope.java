package org.iobench.cluster;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.HexFormat;

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

    static String nonce() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
