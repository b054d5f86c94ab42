package org.iobench.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/**
 * The listening socket JGroups' TCP transport gets: {@link #accept} hands out only connections that completed the
 * TLS handshake with the secret's key (mutual authentication) within {@value #HANDSHAKE_SECONDS} s. Handshakes run
 * on threads of their own, so a peer that stalls its handshake holds one slot, never the transport's acceptor
 * (JGroups reads the peer's address on its acceptor thread). Bounded: at most {@value #MAX_PENDING_PER_SOURCE}
 * handshakes from one address and {@value #MAX_PENDING} in all; beyond, a connection is closed at once. Refusals are
 * logged, at most one line a second (the rest counted), so a flood does not fill the log.
 */
final class AuthenticatingServerSocket extends ServerSocket {
    static final int HANDSHAKE_SECONDS = 5;
    static final int MAX_PENDING = 64;
    static final int MAX_PENDING_PER_SOURCE = 4;

    private final SSLServerSocket inner;
    private final Consumer<String> log;
    private final Semaphore pending = new Semaphore(MAX_PENDING);
    private final Map<InetAddress, Integer> pendingBySource = new HashMap<>(); // guarded by itself
    private final BlockingQueue<Socket> authenticated = new ArrayBlockingQueue<>(16);
    private final Object logLock = new Object();
    private long lastLogNanos = System.nanoTime() - 2_000_000_000L; // guarded by logLock
    private int suppressed; // guarded by logLock
    private volatile boolean closed;

    AuthenticatingServerSocket(SSLServerSocket inner, Consumer<String> log) throws IOException {
        this.inner = inner;
        this.log = log;
    }

    @Override
    public void bind(SocketAddress endpoint, int backlog) throws IOException {
        inner.setReuseAddress(true);
        inner.bind(endpoint, Math.max(backlog, 64));
        Thread.ofPlatform().daemon().name("iobench-tls-accept").start(this::acceptLoop);
    }

    @Override
    public void bind(SocketAddress endpoint) throws IOException {
        bind(endpoint, 64);
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = inner.accept();
            } catch (IOException e) {
                if (!closed) {
                    refused("?", "accept failed: " + e.getMessage());
                }
                continue;
            }
            InetAddress source = s.getInetAddress();
            if (!admit(source)) {
                refused(String.valueOf(s.getRemoteSocketAddress()), "too many connections in their handshake (at"
                        + " most " + MAX_PENDING_PER_SOURCE + " from one address, " + MAX_PENDING + " in all)");
                quietly(s);
                continue;
            }
            Thread.ofVirtual().name("iobench-tls-handshake").start(() -> {
                try {
                    handshake((SSLSocket) s);
                } finally {
                    release(source);
                }
            });
        }
    }

    private void handshake(SSLSocket s) {
        try {
            s.setSoTimeout(HANDSHAKE_SECONDS * 1000);
            s.startHandshake();
            s.setSoTimeout(SecretSockets.READ_TIMEOUT_MILLIS);
        } catch (IOException | RuntimeException e) {
            refused(String.valueOf(s.getRemoteSocketAddress()), "not authenticated (" + reason(e) + ")");
            quietly(s);
            return;
        }
        if (closed || !authenticated.offer(s)) {
            quietly(s);
        }
    }

    @Override
    public Socket accept() throws IOException {
        while (!closed) {
            try {
                Socket s = authenticated.poll(200, TimeUnit.MILLISECONDS);
                if (s != null) {
                    return s;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SocketException("interrupted");
            }
        }
        throw new SocketException("Socket closed");
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

    static String reason(Throwable e) {
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

    @Override
    public void close() throws IOException {
        closed = true;
        inner.close();
        Socket s;
        while ((s = authenticated.poll()) != null) {
            quietly(s);
        }
    }

    @Override
    public boolean isClosed() {
        return closed || inner.isClosed();
    }

    @Override
    public boolean isBound() {
        return inner.isBound();
    }

    @Override
    public InetAddress getInetAddress() {
        return inner.getInetAddress();
    }

    @Override
    public int getLocalPort() {
        return inner.getLocalPort();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return inner.getLocalSocketAddress();
    }

    @Override
    public void setReuseAddress(boolean on) throws SocketException {
        inner.setReuseAddress(on);
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        inner.setReceiveBufferSize(size);
    }

    @Override
    public void setSoTimeout(int timeout) {
        // accept() polls its queue; JGroups sets no timeout on its acceptor
    }

    @Override
    public String toString() {
        return "AuthenticatingServerSocket[" + inner.getLocalSocketAddress() + "]";
    }
}
