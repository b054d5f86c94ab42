package org.iobench.cluster;

import java.util.Arrays;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;

/**
 * One controller's conversation with one agent, over a JGroups channel whose transport is TLS with the secret's key
 * ({@link Jg}): sealed messages ({@link Seal}) to one member, and the ones it sends, in order (UNICAST3). Each side
 * opens with a hello carrying its session id. The link ends once: when the peer leaves the view (it stopped, died,
 * or was silent for {@value Jg#LOST_AFTER_SECONDS} s), sends a bad message, or this side closes it.
 *
 * <pre>{@code
 * link.start(listener);          // after the hellos
 * link.send(new Msg.Start(jobId));
 * }</pre>
 */
final class Link {
    interface Listener {
        /** A message from the peer, on a JGroups delivery thread (one at a time per link, in order). */
        void received(Link link, Msg msg);

        /** The link ended (once): why, in words for a user. */
        void closed(Link link, String why);
    }

    static final String CLOSED_HERE = "closed here";

    private final JChannel channel;
    private final Address peer;
    private final String peerName;
    private final Seal seal;
    private final int maxMessage;
    private volatile Listener listener;
    private boolean ended; // guarded by this

    Link(JChannel channel, Address peer, String peerName, Seal seal, int maxMessage) {
        this.channel = channel;
        this.peer = peer;
        this.peerName = peerName;
        this.seal = seal;
        this.maxMessage = maxMessage;
    }

    void start(Listener l) {
        listener = l;
    }

    Address address() {
        return peer;
    }

    /** Sends this side's hello (its session id). */
    boolean hello() {
        return raw(seal.hello());
    }

    /** Takes the peer's hello. */
    void openHello(byte[] frame) throws Seal.BadMessage {
        seal.openHello(frame);
    }

    /** @return false when the link is gone */
    boolean send(Msg msg) {
        byte[] frame;
        synchronized (seal) {
            frame = seal.seal(msg);
        }
        return raw(frame);
    }

    private boolean raw(byte[] frame) {
        if (isEnded()) {
            return false;
        }
        try {
            channel.send(new BytesMessage(peer, frame));
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** A message from the peer; ends the link on a bad one. */
    void deliver(byte[] data, int offset, int length) {
        if (length > maxMessage) {
            end("it sent a message of " + length + " bytes, more than the " + maxMessage + " this side takes");
            return;
        }
        Msg m;
        String bad = null;
        synchronized (this) {
            if (ended) {
                return;
            }
            try {
                m = seal.open(Arrays.copyOfRange(data, offset, offset + length));
            } catch (Seal.BadMessage e) {
                m = null;
                bad = "it sent a bad message: " + e.getMessage();
            }
        }
        if (bad != null) {
            end(bad);
            return;
        }
        Listener l = listener;
        if (l != null) {
            l.received(this, m);
        }
    }

    /** Ends the link (once) and tells the listener why. */
    void end(String why) {
        Listener l;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            l = listener;
        }
        if (l != null) {
            l.closed(this, why);
        }
    }

    synchronized boolean isEnded() {
        return ended;
    }

    boolean open() {
        return !isEnded();
    }

    /** The peer, for messages. */
    String peer() {
        return peerName;
    }

    /** Ends the link from this side; the listener hears {@value #CLOSED_HERE}. */
    void close() {
        end(CLOSED_HERE);
    }
}
