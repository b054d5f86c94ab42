package org.iobench.cluster;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import javax.net.ssl.SSLSocket;

/**
 * One authenticated, encrypted connection between a controller and an agent: a TLS 1.3 socket on which both sides
 * have said hello ({@link Seal}); then sealed messages both ways, read by a thread of its own, and a heartbeat (an
 * empty frame) every second when nothing else was sent. A peer silent for {@value #LOST_AFTER_SECONDS} s, a closed
 * connection or a bad frame ends the link; the listener hears it once.
 *
 * <pre>{@code
 * Link link = Link.open(socket, secret, Seal.Direction.TO_AGENT, Frames.MAX_TO_CONTROLLER, timeout);
 * link.start("agent 10.0.0.2", new Link.Listener() { ... });
 * link.send(new Msg.Start(jobId));
 * }</pre>
 */
final class Link implements AutoCloseable {
    /** A peer that sent nothing (not even a heartbeat) for this long is lost: a partition, a frozen process. */
    static final int LOST_AFTER_SECONDS = 8;
    static final long HEARTBEAT_NANOS = 1_000_000_000L;

    interface Listener {
        /** A message from the peer, on the link's reader thread. */
        void received(Link link, Msg msg);

        /** The link ended (once): why, in words for a user. */
        void closed(Link link, String why);
    }

    private final SSLSocket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final Seal seal;
    private final int maxFrame;
    private final String peer;
    private volatile long lastSentNanos = System.nanoTime();
    private volatile boolean closing;
    private volatile boolean closedHere;
    private boolean told; // guarded by this

    private Link(SSLSocket socket, Seal seal, int maxFrame) throws IOException {
        this.socket = socket;
        this.seal = seal;
        this.maxFrame = maxFrame;
        this.peer = String.valueOf(socket.getRemoteSocketAddress());
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 16384));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 16384));
    }

    /**
     * Completes the TLS handshake (the peer must hold the secret) and the hellos within {@code timeout}.
     *
     * @param outgoing what this side sends: {@link Seal.Direction#TO_AGENT} on a controller
     * @param maxFrame the largest frame this side reads
     * @throws IOException when the handshake fails (another secret, not TLS, not iobench) or times out; the socket
     *                     is closed
     */
    static Link open(SSLSocket socket, ClusterSecret secret, Seal.Direction outgoing, int maxFrame, Duration timeout)
            throws IOException {
        try {
            socket.setSoTimeout((int) Math.max(1, timeout.toMillis()));
            socket.setTcpNoDelay(true);
            socket.startHandshake();
            Link link = new Link(socket, new Seal(secret, outgoing), maxFrame);
            synchronized (link.out) {
                Frames.write(link.out, link.seal.hello());
            }
            link.seal.openHello(Frames.read(link.in, Math.min(maxFrame, 4096)));
            socket.setSoTimeout(LOST_AFTER_SECONDS * 1000);
            return link;
        } catch (IOException | RuntimeException e) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a socket that failed its handshake
            }
            throw e;
        }
    }

    /** Starts the reader and the heartbeat. */
    void start(String name, Listener listener) {
        Thread.ofPlatform().daemon().name("iobench-link-" + name).start(() -> read(listener));
        Thread.ofPlatform().daemon().name("iobench-beat-" + name).start(this::beat);
    }

    private void read(Listener listener) {
        String why;
        try {
            while (true) {
                byte[] frame = Frames.read(in, maxFrame);
                if (frame.length > 0) {
                    listener.received(this, seal.open(frame));
                }
            }
        } catch (SocketTimeoutException e) {
            why = "nothing heard from it for " + LOST_AFTER_SECONDS + " s (a frozen process or a cut network)";
        } catch (EOFException e) {
            why = "its connection was closed (the peer stopped or died)";
        } catch (Seal.BadMessage | Frames.TooLarge e) {
            why = "it sent a bad message: " + e.getMessage();
        } catch (IOException e) {
            why = "its connection was lost (" + e.getMessage() + ")";
        } catch (RuntimeException e) {
            why = "a message could not be handled: " + e;
        }
        shut();
        synchronized (this) {
            if (told) {
                return;
            }
            told = true;
        }
        listener.closed(this, closedHere ? "closed here" : why);
    }

    private void beat() {
        try {
            while (!closing) {
                Thread.sleep(HEARTBEAT_NANOS / 4_000_000);
                if (System.nanoTime() - lastSentNanos >= HEARTBEAT_NANOS) {
                    write(Frames.HEARTBEAT);
                }
            }
        } catch (InterruptedException | IOException e) {
            shut();
        }
    }

    /** @return false when the link is gone */
    boolean send(Msg msg) {
        try {
            synchronized (out) {
                Frames.write(out, seal.seal(msg));
                lastSentNanos = System.nanoTime();
            }
            return true;
        } catch (IOException e) {
            shut();
            return false;
        }
    }

    private void write(byte[] frame) throws IOException {
        synchronized (out) {
            Frames.write(out, frame);
            lastSentNanos = System.nanoTime();
        }
    }

    /** The peer's address, for messages. */
    String peer() {
        return peer;
    }

    boolean open() {
        return !closing && !socket.isClosed();
    }

    /** Ends the link from this side; the listener hears "closed here". */
    @Override
    public void close() {
        closedHere = true;
        shut();
    }

    private void shut() {
        closing = true;
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
