package org.iobench.engine;

/**
 * The other end of fio's {@code net} engine for one worker: the protocol, where to connect or listen, and the
 * socket options fio sets.
 *
 * @param datagrams    UDP ({@code protocol=udp}); false: TCP
 * @param hostIpv4     as an IPv4 address in host byte order: the host a sender sends to, the multicast group a
 *                     receiver joins and binds, or the address a unicast receiver binds (0: every address)
 * @param port         the worker's port (fio's {@code port} plus the clone's number)
 * @param listen       accept a connection (TCP {@code listen}) or receive datagrams (a UDP reader)
 * @param writes       the job writes (sends); false: it reads (receives)
 * @param pingpong     each request is answered by one the other way (fio's {@code pingpong})
 * @param nodelay      {@code TCP_NODELAY}
 * @param ttl          {@code IP_MULTICAST_TTL} of multicast sends
 * @param interfaceIpv4 the interface of multicast sends and joins ({@code interface=}), 0: the kernel's choice
 * @param windowBytes  {@code SO_SNDBUF}/{@code SO_RCVBUF}; 0: the kernel's
 * @param mssBytes     {@code TCP_MAXSEG}; 0: the kernel's
 * @param sizeBytes    what the job moves (a TCP sender marks every send but the last {@code MSG_MORE}, as fio does)
 * @param multicast    the host is a multicast group (224.0.0.0 to 239.255.255.255)
 */
public record SocketWork(boolean datagrams, int hostIpv4, int port, boolean listen, boolean writes,
                         boolean pingpong, boolean nodelay, int ttl, int interfaceIpv4, int windowBytes,
                         int mssBytes, long sizeBytes, boolean multicast) implements EngineInput {
    public SocketWork {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1..65535: port=" + port);
        }
    }
}
