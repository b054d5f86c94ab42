package org.iobench.job;

/**
 * The other end of a job on fio's {@code net} engine (its options {@code protocol}, {@code hostname}, {@code port},
 * {@code listen}, {@code pingpong}, {@code nodelay}, {@code ttl}, {@code interface}, {@code window_size},
 * {@code mss}), resolved when the job is read: IPv4 addresses in host byte order.
 *
 * @param datagrams     UDP; false: TCP
 * @param host          as the job names it: the host a writer sends to or the multicast group a reader joins;
 *                      empty for a unicast receiver
 * @param hostIpv4      that host's address; for a unicast receiver the address it binds ({@code interface=}, else
 *                      127.0.0.1)
 * @param port          the first clone's port; clone N uses {@code port + N}, as in fio
 * @param listen        the job receives: a TCP {@code listen} job or a UDP reader
 * @param pingpong      each request is answered with one the other way
 * @param nodelay       {@code TCP_NODELAY}
 * @param ttl           the time-to-live of multicast sends
 * @param interfaceIpv4 {@code interface=}: where multicast goes out and is joined; 0: the kernel's choice
 * @param windowBytes   {@code window_size}: the socket's buffers; 0: the kernel's
 * @param mssBytes      {@code mss}: TCP's maximum segment size; 0: the kernel's
 */
public record NetLink(boolean datagrams, String host, int hostIpv4, int port, boolean listen, boolean pingpong,
                      boolean nodelay, int ttl, int interfaceIpv4, int windowBytes, int mssBytes) {
    /** 127.0.0.1, where a receiver listens unless {@code interface=} names another address. */
    public static final int LOOPBACK = 0x7f000001;

    public NetLink {
        host = host == null ? "" : host;
        if (port < 1 || port > 65535) {
            throw new InvalidJobException("port", port, "must be 1..65535");
        }
    }

    /** The host is a multicast group (224.0.0.0 to 239.255.255.255), as fio tells one. */
    public boolean multicast() {
        return (hostIpv4 >>> 28) == 0xe;
    }
}
