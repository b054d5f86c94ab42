package org.iobench.cluster;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.function.Consumer;
import org.jgroups.util.SocketFactory;

/**
 * The sockets JGroups gets: TLS 1.3 with the secret's key both ways ({@link SecretIdentity}); listening sockets that
 * hand out authenticated connections only ({@link AuthenticatingServerSocket}); no datagram or multicast socket at
 * all, so nothing of the transport (discovery, diagnostics) can ever travel or listen in clear.
 */
final class SecretSockets implements SocketFactory {
    private final SecretIdentity identity;
    private final Consumer<String> log;

    SecretSockets(SecretIdentity identity, Consumer<String> log) {
        this.identity = identity;
        this.log = log;
    }

    /**
     * Every read, the TLS handshake included, gives up after this long: JGroups starts its outgoing handshakes
     * without a timeout, so a peer that accepts the connection and never answers would hold the sending thread;
     * FD_ALL3's heartbeat every second keeps a live link from ever waiting this long.
     */
    static final int READ_TIMEOUT_MILLIS = (Jg.LOST_AFTER_SECONDS + 2) * 1000;

    @Override
    public Socket createSocket(String purpose) throws IOException {
        Socket s = identity.client();
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        return s;
    }

    @Override
    public Socket createSocket(String purpose, String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String purpose, InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String purpose, String host, int port, InetAddress localAddr, int localPort)
            throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localAddr, localPort));
    }

    @Override
    public Socket createSocket(String purpose, InetAddress host, int port, InetAddress localAddr, int localPort)
            throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localAddr, localPort));
    }

    private Socket connected(SocketAddress to, SocketAddress from) throws IOException {
        Socket s = createSocket("connected");
        if (from != null) {
            s.bind(from);
        }
        s.connect(to);
        return s;
    }

    @Override
    public ServerSocket createServerSocket(String purpose) throws IOException {
        return new AuthenticatingServerSocket(identity.unboundServer(), log);
    }

    @Override
    public ServerSocket createServerSocket(String purpose, int port) throws IOException {
        return createServerSocket(purpose, port, 64, null);
    }

    @Override
    public ServerSocket createServerSocket(String purpose, int port, int backlog) throws IOException {
        return createServerSocket(purpose, port, backlog, null);
    }

    @Override
    public ServerSocket createServerSocket(String purpose, int port, int backlog, InetAddress bindAddr)
            throws IOException {
        ServerSocket s = createServerSocket(purpose);
        s.bind(new InetSocketAddress(bindAddr, port), backlog);
        return s;
    }

    private static SocketException noDatagrams() {
        return new SocketException("iobench's cluster uses TCP with TLS only: no datagram sockets");
    }

    @Override
    public DatagramSocket createDatagramSocket(String purpose) throws SocketException {
        throw noDatagrams();
    }

    @Override
    public DatagramSocket createDatagramSocket(String purpose, SocketAddress bindaddr) throws SocketException {
        throw noDatagrams();
    }

    @Override
    public DatagramSocket createDatagramSocket(String purpose, int port) throws SocketException {
        throw noDatagrams();
    }

    @Override
    public DatagramSocket createDatagramSocket(String purpose, int port, InetAddress laddr) throws SocketException {
        throw noDatagrams();
    }

    @Override
    public MulticastSocket createMulticastSocket(String purpose) throws IOException {
        throw noDatagrams();
    }

    @Override
    public MulticastSocket createMulticastSocket(String purpose, int port) throws IOException {
        throw noDatagrams();
    }

    @Override
    public MulticastSocket createMulticastSocket(String purpose, SocketAddress bindaddr) throws IOException {
        throw noDatagrams();
    }

    @Override
    public void close(Socket sock) throws IOException {
        if (sock != null) {
            sock.close();
        }
    }

    @Override
    public void close(ServerSocket sock) throws IOException {
        if (sock != null) {
            sock.close();
        }
    }

    @Override
    public void close(DatagramSocket sock) {
        if (sock != null) {
            sock.close();
        }
    }
}
