package org.iobench.cluster;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals and opens the messages of one link, inside its TLS session: a frame is 32 bytes of HMAC-SHA256 (a key
 * derived from the secret) over the direction and the body, then the body, a JSON object
 * {@code {session, seq, hello, msg}}. Each side opens the link with a hello carrying a fresh random session id (its
 * challenge); every later message carries the <em>receiver's</em> session id and the next sequence number, so a
 * message is good on one link of one agent's (or controller's) run, once, in order: recorded and played to another
 * agent, to the same one after a restart, or back to its sender, it is refused. TLS already refuses such traffic;
 * this holds even where a TLS session could be resumed or a message copied between links by a secret holder's bug.
 * One instance per link; not thread-safe for concurrent seals (the link serialises its writes).
 */
final class Seal {
    enum Direction {
        TO_AGENT, TO_CONTROLLER;

        Direction reverse() {
            return this == TO_AGENT ? TO_CONTROLLER : TO_AGENT;
        }
    }

    /** A frame that is not a good next message on this link. */
    static final class BadMessage extends IOException {
        BadMessage(String message) {
            super(message);
        }
    }

    record Body(String session, long seq, String hello, Msg msg) {}

    private static final int MAC_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final ObjectMapper JSON = mapper();

    private final SecretKeySpec key;
    private final Direction out;
    private final String ownSession = nonce();
    private String peerSession;
    private long sent;
    private long received;

    Seal(ClusterSecret secret, Direction out) {
        this.key = new SecretKeySpec(secret.derive("message key"), "HmacSHA256");
        this.out = out;
    }

    private static ObjectMapper mapper() {
        ObjectMapper m = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        m.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxStringLength(Frames.MAX_TO_CONTROLLER).maxNestingDepth(64).build());
        return m;
    }

    /** This side's hello: its session id, which the peer must put in every message it sends here. */
    byte[] hello() {
        return frame(out, new Body("", 0, ownSession, null));
    }

    /** Takes the peer's hello. */
    void openHello(byte[] frame) throws BadMessage {
        Body b = body(frame);
        if (b.hello() == null || b.hello().length() != 32 || b.seq() != 0 || b.msg() != null) {
            throw new BadMessage("the first message is not a hello");
        }
        peerSession = b.hello();
    }

    byte[] seal(Msg msg) {
        if (peerSession == null) {
            throw new IllegalStateException("no hello from the peer yet");
        }
        return frame(out, new Body(peerSession, ++sent, null, msg));
    }

    /** @throws BadMessage when the frame is forged, of another session, out of order, or unreadable */
    Msg open(byte[] frame) throws BadMessage {
        Body b = body(frame);
        if (!ownSession.equals(b.session())) {
            throw new BadMessage("a message of another session (recorded elsewhere, or before a restart)");
        }
        if (b.seq() != received + 1) {
            throw new BadMessage("message " + b.seq() + " where " + (received + 1) + " was due (a replay?)");
        }
        if (b.msg() == null) {
            throw new BadMessage("a sealed message without content");
        }
        received = b.seq();
        return b.msg();
    }

    private Body body(byte[] frame) throws BadMessage {
        if (frame.length <= MAC_BYTES) {
            throw new BadMessage("a frame too short to be sealed");
        }
        byte[] mac = mac(out.reverse(), frame, MAC_BYTES, frame.length - MAC_BYTES);
        if (!MessageDigest.isEqual(mac, Arrays.copyOf(frame, MAC_BYTES))) {
            throw new BadMessage("wrong seal (another secret, or not for this direction)");
        }
        try {
            return JSON.readValue(frame, MAC_BYTES, frame.length - MAC_BYTES, Body.class);
        } catch (IOException e) {
            throw new BadMessage("a sealed message this iobench cannot read: " + e.getMessage());
        }
    }

    private byte[] frame(Direction d, Body body) {
        byte[] json;
        try {
            json = JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode " + body, e);
        }
        byte[] frame = new byte[MAC_BYTES + json.length];
        System.arraycopy(json, 0, frame, MAC_BYTES, json.length);
        System.arraycopy(mac(d, frame, MAC_BYTES, json.length), 0, frame, 0, MAC_BYTES);
        return frame;
    }

    private byte[] mac(Direction d, byte[] data, int offset, int length) {
        try {
            Mac m = Mac.getInstance("HmacSHA256");
            m.init(key);
            m.update(d.name().getBytes(StandardCharsets.US_ASCII));
            m.update(data, offset, length);
            return m.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /**
     * Encodes and decodes one message of every kind, so the first real one is not slowed by class loading and
     * Jackson's introspection (tens of milliseconds in a fresh JVM: a go message must not arrive late).
     */
    static void warmUp() {
        ClusterSecret s = ClusterSecret.of("warm-up secret, never used on the wire");
        Seal a = new Seal(s, Direction.TO_AGENT);
        Seal b = new Seal(s, Direction.TO_CONTROLLER);
        try {
            a.openHello(b.hello());
            b.openHello(a.hello());
            List<Msg> all = List.of(new Msg.Job("w", new JobRequest("h", "run", List.of("x"), null, null)),
                    new Msg.Start("w"), new Msg.Ping("w", 1), new Msg.Go("w", 0, 1), new Msg.Stop("w", "w"),
                    new Msg.Accepted("w"), new Msg.Refused("w", 2, "w"), new Msg.Pong("w", 1, 1),
                    new Msg.Ready("w", 0, "w", 1), new Msg.Started("w", 0, 1, 1), new Msg.Progress("w", 0, 1, 1, 1),
                    new Msg.Done("w", 0, null, "{}", List.of(new Msg.EncodedLatencies(0, 1, List.of(), List.of(),
                            "")), List.of()));
            for (Msg m : all) {
                b.open(a.seal(m));
            }
        } catch (BadMessage e) {
            throw new IllegalStateException("message codec broken", e);
        }
    }

    static String nonce() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
