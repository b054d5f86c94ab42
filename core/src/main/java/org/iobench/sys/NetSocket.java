package org.iobench.sys;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteOrder;

/**
 * An IPv4 socket (TCP or UDP) through libc, as fio's net engine uses one: {@code socket}, {@code setsockopt},
 * {@code bind}, {@code listen}, {@code accept}, {@code connect}, {@code send}/{@code recv},
 * {@code sendto}/{@code recvfrom}, {@code poll}, {@code close}. Addresses are IPv4 in host byte order
 * ({@code 0x7f000001} is 127.0.0.1) with a port; the socket remembers the last peer {@link #receiveFrom} saw, and
 * {@link #sendToPeer} answers it.
 *
 * <p>Set-up calls throw {@link SysException} naming the call; the transfer calls return the kernel's answer (bytes,
 * or {@code -errno}) so that a failure is stored on the request. One instance is used by one thread at a time.
 */
public final class NetSocket implements AutoCloseable {
    public static final int SOCK_STREAM = 1;
    public static final int SOCK_DGRAM = 2;
    public static final int SOL_SOCKET = 1;
    public static final int SO_REUSEADDR = 2;
    public static final int SO_SNDBUF = 7;
    public static final int SO_RCVBUF = 8;
    public static final int SO_REUSEPORT = 15;
    public static final int SO_RCVTIMEO = 20;
    public static final int SO_SNDTIMEO = 21;
    public static final int IPPROTO_IP = 0;
    public static final int IPPROTO_TCP = 6;
    public static final int TCP_NODELAY = 1;
    public static final int TCP_MAXSEG = 2;
    public static final int IP_MULTICAST_IF = 32;
    public static final int IP_MULTICAST_TTL = 33;
    public static final int IP_ADD_MEMBERSHIP = 35;
    public static final int MSG_WAITALL = 0x100;
    public static final int MSG_NOSIGNAL = 0x4000;
    public static final int MSG_MORE = 0x8000;
    public static final short POLLIN = 0x1;
    public static final short POLLOUT = 0x4;

    private static final int AF_INET = 2;
    private static final int SOCK_CLOEXEC = 02000000;
    private static final int SOCKADDR_IN_BYTES = 16;
    private static final ValueLayout.OfShort NET_SHORT = JAVA_SHORT.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt NET_INT = JAVA_INT.withOrder(ByteOrder.BIG_ENDIAN);

    private static final class Calls {
        static final MethodHandle SOCKET = Libc.errnoCall("socket",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
        static final MethodHandle SETSOCKOPT = Libc.errnoCall("setsockopt",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
        static final MethodHandle BIND = Libc.errnoCall("bind",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
        static final MethodHandle CONNECT = Libc.errnoCall("connect",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
        static final MethodHandle LISTEN = Libc.errnoCall("listen",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
        static final MethodHandle ACCEPT4 = Libc.errnoCall("accept4",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        static final MethodHandle SEND = Libc.errnoCall("send",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
        static final MethodHandle RECV = Libc.errnoCall("recv",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
        static final MethodHandle SENDTO = Libc.errnoCall("sendto",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT));
        static final MethodHandle RECVFROM = Libc.errnoCall("recvfrom",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle POLL = Libc.errnoCall("poll",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    }

    private final Arena arena = Arena.ofShared();
    private final MemorySegment capture = arena.allocate(Libc.CAPTURE_LAYOUT);
    /** The last peer a datagram came from, or the address given; what {@link #sendToPeer} sends to. */
    private final MemorySegment peer = arena.allocate(SOCKADDR_IN_BYTES, 4);
    private final MemorySegment peerLength = arena.allocate(JAVA_INT);
    private final MemorySegment pollFd = arena.allocate(8, 4);
    private final MemorySegment small = arena.allocate(64, 8);
    private final String what;
    private int fd;

    private NetSocket(int fd, String what) {
        this.fd = fd;
        this.what = what;
    }

    /** A new IPv4 socket of {@code type} ({@link #SOCK_STREAM}, {@link #SOCK_DGRAM}), close-on-exec. */
    public static NetSocket open(int type, String what) throws SysException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment c = a.allocate(Libc.CAPTURE_LAYOUT);
            int fd = (int) Calls.SOCKET.invokeExact(c, AF_INET, type | SOCK_CLOEXEC, 0);
            if (fd < 0) {
                throw new SysException("socket", what, Libc.errno(c));
            }
            return new NetSocket(fd, what);
        } catch (SysException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("socket downcall failed", t);
        }
    }

    public int fd() {
        return fd;
    }

    public boolean isOpen() {
        return fd >= 0;
    }

    /** {@code setsockopt(level, name, &value, sizeof(int))}. */
    public void setInt(int level, int name, int value, String option) throws SysException {
        small.set(JAVA_INT, 0, value);
        setOption(level, name, 4, "setsockopt " + option);
    }

    /** A receive and send timeout ({@code SO_RCVTIMEO}, {@code SO_SNDTIMEO}): calls return EAGAIN after it. */
    public void setTimeouts(long millis) throws SysException {
        small.set(JAVA_LONG, 0, millis / 1000);
        small.set(JAVA_LONG, 8, (millis % 1000) * 1000);
        setOption(SOL_SOCKET, SO_RCVTIMEO, 16, "setsockopt SO_RCVTIMEO");
        small.set(JAVA_LONG, 0, millis / 1000);
        small.set(JAVA_LONG, 8, (millis % 1000) * 1000);
        setOption(SOL_SOCKET, SO_SNDTIMEO, 16, "setsockopt SO_SNDTIMEO");
    }

    /** Multicast sends go out through the interface of {@code ipv4} ({@code IP_MULTICAST_IF}). */
    public void multicastInterface(int ipv4) throws SysException {
        small.set(NET_INT, 0, ipv4);
        setOption(IPPROTO_IP, IP_MULTICAST_IF, 4, "setsockopt IP_MULTICAST_IF");
    }

    /** Joins multicast group {@code group} on the interface of {@code ipv4} (0: any) ({@code IP_ADD_MEMBERSHIP}). */
    public void joinGroup(int group, int ipv4) throws SysException {
        small.set(NET_INT, 0, group);
        small.set(NET_INT, 4, ipv4);
        setOption(IPPROTO_IP, IP_ADD_MEMBERSHIP, 8, "setsockopt IP_ADD_MEMBERSHIP");
    }

    private void setOption(int level, int name, int length, String call) throws SysException {
        try {
            int rc = (int) Calls.SETSOCKOPT.invokeExact(capture, fd, level, name, small, length);
            if (rc < 0) {
                throw new SysException(call, what, Libc.errno(capture));
            }
        } catch (SysException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("setsockopt downcall failed", t);
        }
    }

    /** Sets the peer address (for {@link #connect}, {@link #sendToPeer}) to {@code ipv4}:{@code port}. */
    public void peer(int ipv4, int port) {
        address(peer, ipv4, port);
    }

    private static void address(MemorySegment s, int ipv4, int port) {
        s.fill((byte) 0);
        s.set(JAVA_SHORT, 0, (short) AF_INET);
        s.set(NET_SHORT, 2, (short) port);
        s.set(NET_INT, 4, ipv4);
    }

    /** {@code bind} to {@code ipv4}:{@code port} (0: any address). */
    public void bind(int ipv4, int port) throws SysException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment sa = a.allocate(SOCKADDR_IN_BYTES, 4);
            address(sa, ipv4, port);
            int rc = (int) Calls.BIND.invokeExact(capture, fd, sa, SOCKADDR_IN_BYTES);
            if (rc < 0) {
                throw new SysException("bind", what, Libc.errno(capture));
            }
        } catch (SysException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("bind downcall failed", t);
        }
    }

    public void listen(int backlog) throws SysException {
        try {
            int rc = (int) Calls.LISTEN.invokeExact(capture, fd, backlog);
            if (rc < 0) {
                throw new SysException("listen", what, Libc.errno(capture));
            }
        } catch (SysException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("listen downcall failed", t);
        }
    }

    /** {@code connect} to the {@link #peer peer} set before. */
    public void connect() throws SysException {
        try {
            int rc = (int) Calls.CONNECT.invokeExact(capture, fd, peer, SOCKADDR_IN_BYTES);
            if (rc < 0) {
                throw new SysException("connect", what, Libc.errno(capture));
            }
        } catch (SysException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("connect downcall failed", t);
        }
    }

    /** Accepts a connection (close-on-exec): call once {@link #poll} says one waits. */
    public NetSocket accept() throws SysException {
        try {
            int c = (int) Calls.ACCEPT4.invokeExact(capture, fd, MemorySegment.NULL, MemorySegment.NULL,
                    SOCK_CLOEXEC);
            if (c < 0) {
                throw new SysException("accept", what, Libc.errno(capture));
            }
            return new NetSocket(c, what);
        } catch (SysException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("accept downcall failed", t);
        }
    }

    /**
     * Waits up to {@code timeoutMillis} for {@code events} ({@link #POLLIN}, {@link #POLLOUT}): true when one is
     * there (or the socket failed or hung up: the next call says which), false on the timeout or a signal.
     */
    public boolean poll(short events, int timeoutMillis) throws SysException {
        pollFd.set(JAVA_INT, 0, fd);
        pollFd.set(JAVA_SHORT, 4, events);
        pollFd.set(JAVA_SHORT, 6, (short) 0);
        try {
            int rc = (int) Calls.POLL.invokeExact(capture, pollFd, 1L, timeoutMillis);
            if (rc < 0) {
                int e = Libc.errno(capture);
                if (e == Errno.EINTR) {
                    return false;
                }
                throw new SysException("poll", what, e);
            }
            return rc > 0;
        } catch (SysException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("poll downcall failed", t);
        }
    }

    /** {@code send(fd, buffer + offset, length, flags)}: bytes sent or {@code -errno}. */
    public long send(NativeBuffer buffer, long offset, long length, int flags) {
        try {
            long n = (long) Calls.SEND.invokeExact(capture, fd, buffer.slice(offset, length), length, flags);
            return n >= 0 ? n : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("send downcall failed", t);
        }
    }

    /** {@code recv(fd, buffer + offset, length, flags)}: bytes received (0: the peer closed) or {@code -errno}. */
    public long receive(NativeBuffer buffer, long offset, long length, int flags) {
        try {
            long n = (long) Calls.RECV.invokeExact(capture, fd, buffer.slice(offset, length), length, flags);
            return n >= 0 ? n : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("recv downcall failed", t);
        }
    }

    /** {@code sendto} the {@link #peer peer}: bytes sent or {@code -errno}. */
    public long sendToPeer(NativeBuffer buffer, long offset, long length, int flags) {
        return sendTo(buffer.slice(offset, length), length, flags);
    }

    private long sendTo(MemorySegment data, long length, int flags) {
        try {
            long n = (long) Calls.SENDTO.invokeExact(capture, fd, data, length, flags, peer, SOCKADDR_IN_BYTES);
            return n >= 0 ? n : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("sendto downcall failed", t);
        }
    }

    /**
     * {@code recvfrom}: bytes received or {@code -errno}; with {@code rememberPeer} the sender becomes the
     * {@link #peer peer} {@link #sendToPeer} answers.
     */
    public long receiveFrom(NativeBuffer buffer, long offset, long length, int flags, boolean rememberPeer) {
        return receiveFrom(buffer.slice(offset, length), length, flags, rememberPeer);
    }

    private long receiveFrom(MemorySegment data, long length, int flags, boolean rememberPeer) {
        try {
            peerLength.set(JAVA_INT, 0, SOCKADDR_IN_BYTES);
            MemorySegment from = rememberPeer ? peer : MemorySegment.NULL;
            MemorySegment fromLength = rememberPeer ? peerLength : MemorySegment.NULL;
            long n = (long) Calls.RECVFROM.invokeExact(capture, fd, data, length, flags, from, fromLength);
            return n >= 0 ? n : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("recvfrom downcall failed", t);
        }
    }

    /** Sends the bytes of {@code message} to the {@link #peer peer} (at most 64): bytes sent or {@code -errno}. */
    public long sendMessage(byte[] message, int flags) {
        MemorySegment.copy(message, 0, small, ValueLayout.JAVA_BYTE, 0, message.length);
        return sendTo(small, message.length, flags);
    }

    /**
     * Receives one message of at most 64 bytes into {@code into}, the sender remembered as the {@link #peer peer}:
     * bytes received or {@code -errno}.
     */
    public long receiveMessage(byte[] into, int flags) {
        long n = receiveFrom(small, Math.min(into.length, 64), flags, true);
        if (n > 0) {
            MemorySegment.copy(small, ValueLayout.JAVA_BYTE, 0, into, 0, (int) n);
        }
        return n;
    }

    /** Closes the socket, reporting close's error; a second close does nothing. */
    @Override
    public void close() throws SysException {
        int f = fd;
        fd = -1;
        try {
            if (f >= 0) {
                int rc = Libc.close(f);
                if (rc < 0) {
                    throw new SysException("close", what, -rc);
                }
            }
        } finally {
            if (f >= 0) {
                arena.close();
            }
        }
    }
}
