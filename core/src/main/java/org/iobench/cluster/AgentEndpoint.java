package org.iobench.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/**
 * An agent's listening socket: accepts TCP connections on one address, and hands on only those that complete the
 * TLS handshake with the secret's key and say hello within {@value #HANDSHAKE_SECONDS} s. Nothing of the agent is
 * reachable before that. Bounded: at most {@value #MAX_PENDING} connections in their handshake at once, of them at
 * most {@value #MAX_PENDING_PER_SOURCE} from one address (so that one host stalling handshakes does not lock out the
 * controller), and {@value #MAX_LINKS} authenticated links; beyond, a connection is closed at once. Refusals are logged,
 * at most one line a second (the rest counted), so a flood does not fill the log.
 */
final class AgentEndpoint implements AutoCloseable {
    static final int HANDSHAKE_SECONDS = 5;
    static final int MAX_PENDING = 64;
    static final int MAX_PENDING_PER_SOURCE = 4;
    static final int MAX_LINKS = 8;

    private final SSLServerSocket server;
    private final ClusterSecret secret;
    private final Consumer<Link> authenticated;
    private final Consumer<String> log;
    private final Semaphore pending = new Semaphore(MAX_PENDING);
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final Map<InetAddress, Integer> pendingBySource = new HashMap<>(); // guarded by itself
    private final Object logLock = new Object();
    private long lastLogNanos = System.nanoTime() - 2_000_000_000L; // guarded by logLock
    private int suppressed; // guarded by logLock
    private volatile boolean closed;

    AgentEndpoint(SecretIdentity identity, ClusterSecret secret, InetAddress address, int port,
                  Consumer<Link> authenticated, Consumer<String> log) throws IOException {
        this.server = identity.server(address, port, 64);
        this.secret = secret;
        this.authenticated = authenticated;
        this.log = log;
        Thread.ofPlatform().daemon().name("iobench-agent-accept").start(this::accept);
    }

    private void accept() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                if (!closed) {
                    refused("?", "accept failed: " + e.getMessage());
                }
                continue;
            }
            InetAddress source = s.getInetAddress();
            if (!admit(source)) {
                refused(s.getRemoteSocketAddress().toString(), "too many connections in their handshake (at most "
                        + MAX_PENDING_PER_SOURCE + " from one address, " + MAX_PENDING + " in all)");
                quietly(s);
                continue;
            }
            Thread.ofVirtual().name("iobench-agent-handshake").start(() -> {
                try {
                    handshake((SSLSocket) s);
                } finally {
                    release(source);
                }
            });
        }
    }

    private void handshake(SSLSocket s) {
        String from = String.valueOf(s.getRemoteSocketAddress());
        Link link;
        try {
            link = Link.open(s, secret, Seal.Direction.TO_CONTROLLER, Frames.MAX_TO_AGENT,
                    Duration.ofSeconds(HANDSHAKE_SECONDS));
        } catch (IOException | RuntimeException e) {
            refused(from, "not authenticated (" + reason(e) + ")");
            return;
        }
        if (closed || links.size() >= MAX_LINKS) {
            refused(from, closed ? "the agent is stopping" : "already " + MAX_LINKS + " controllers connected");
            link.close();
            return;
        }
        links.add(link);
        authenticated.accept(link);
    }

    private boolean admit(InetAddress source) {
        synchronized (pendingBySource) {
            int n = pendingBySource.getOrDefault(source, 0);
            if (n >= MAX_PENDING_PER_SOURCE || !pending.tryAcquire()) {
                return false;
            }
            pendingBySource.put(source, n + 1);
            return true;
        }
    }

    private void release(InetAddress source) {
        synchronized (pendingBySource) {
            pendingBySource.merge(source, -1, Integer::sum);
            pendingBySource.remove(source, 0);
            pending.release();
        }
    }

    /** The agent forgets a link that ended. */
    void forget(Link link) {
        links.remove(link);
    }

    private static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
        return m.length() > 160 ? m.substring(0, 160) + "..." : m;
    }

    private void refused(String from, String why) {
        String line;
        synchronized (logLock) {
            long now = System.nanoTime();
            if (now - lastLogNanos < 1_000_000_000L) {
                suppressed++;
                return;
            }
            line = "refused a connection from " + from + ": " + why
                    + (suppressed > 0 ? " (and " + suppressed + " more refused in the last seconds)" : "");
            suppressed = 0;
            lastLogNanos = now;
        }
        log.accept(line);
    }

    private static void quietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing a refused connection
        }
    }

    /** Stops listening; with {@code links}, also ends every link. */
    void close(boolean links) {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // already closed
        }
        if (links) {
            this.links.forEach(Link::close);
        }
    }

    @Override
    public void close() {
        close(true);
    }
}
