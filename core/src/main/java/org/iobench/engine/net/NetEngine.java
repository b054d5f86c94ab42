package org.iobench.engine.net;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.PeerReached;
import org.iobench.engine.SocketWork;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.NetSocket;
import org.iobench.sys.SysException;

/**
 * fio's {@code net} engine over IPv4 (engines/net.c): a writing job sends its requests on a socket, a reading job
 * receives them. TCP: a {@code listen} job binds and listens when its files are opened and accepts the connection
 * once its start delay is over, before its time starts (fio resets a listener's figures after the accept); a sender
 * connects then. UDP: a reader binds (and joins a multicast group), a writer sends fio's open message, which the
 * reader waits for before its measured window starts (the wait counts against its runtime: fio sets only
 * {@code td->start} there, not the job's epoch); each datagram carries fio's sequence trailer in its last 24 bytes. A
 * writer's close sends fio's close message, which ends the reader (so does the peer closing a TCP connection: a
 * request that moves nothing). {@code pingpong}: each request is answered with one the other way.
 *
 * <p>A receive or send blocks in the kernel in slices of {@link #SLICE_MILLIS}, so that an interrupted worker ends.
 */
public final class NetEngine implements IoEngine {
    public static final EngineProvider PROVIDER = new EngineProvider() {
        private final EngineDescription description = EngineDescription.of("net", null, List.of("net"),
                EngineFlag.SYNC, EngineFlag.DISKLESS, EngineFlag.OUTSIDE_PROC_IO, EngineFlag.NETWORK,
                EngineFlag.BIT_BASED);

        @Override
        public EngineDescription description() {
            return description;
        }

        /** Sockets are plain calls: nothing to try before the job names its other end. */
        @Override
        public Optional<String> unavailable() {
            return Optional.empty();
        }

        @Override
        public IoEngine create(EngineOptions options) {
            return new NetEngine(options.input(SocketWork.class).orElseThrow(() -> new IllegalArgumentException(
                    "the net engine needs its other end (port=, hostname= or listen)")), options.clock());
        }
    };

    static final int LINK_MAGIC = 0x6c696e6b;
    static final int LINK_OPEN = 0x98;
    static final int LINK_CLOSE = 0x89;
    static final long UDP_SEQ_MAGIC = 0x657375716e556563L;
    static final int SEQ_TRAILER_BYTES = 24;
    private static final int SLICE_MILLIS = 100;
    private static final int LISTEN_BACKLOG = 10;

    private final SocketWork work;
    private final NanoClock clock;
    /** A TCP listener's or a UDP reader's bound socket, made when the file is opened. */
    private NetSocket bound;
    /** The socket requests go on: accepted, connected, or the UDP one. */
    private NetSocket data;
    private long sentBytes;
    private long sendSequence;
    private long receiveSequence;
    private boolean sequenceOff;
    private long droppedDatagrams;
    private final byte[] message = new byte[64];

    private NetEngine(SocketWork work, NanoClock clock) {
        this.work = work;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "net";
    }

    /**
     * fio's {@code init}: a receiver binds (TCP listens) now, before any job of the stage starts, so that a sender
     * that starts later finds it; a sender has nothing to do before {@link #awaitPeer}.
     */
    @Override
    public IoFile open(java.nio.file.Path path, OpenMode mode) throws IOException {
        if (work.listen()) {
            bound = NetSocket.open(work.datagrams() ? NetSocket.SOCK_DGRAM : NetSocket.SOCK_STREAM, where());
            try {
                bound.setInt(NetSocket.SOL_SOCKET, NetSocket.SO_REUSEADDR, 1, "SO_REUSEADDR");
                bound.setInt(NetSocket.SOL_SOCKET, NetSocket.SO_REUSEPORT, 1, "SO_REUSEPORT");
                window(bound);
                mss(bound);
                if (work.multicast()) {
                    bound.joinGroup(work.hostIpv4(), work.interfaceIpv4());
                }
                bound.bind(work.hostIpv4(), work.port());
                if (!work.datagrams()) {
                    bound.listen(LISTEN_BACKLOG);
                }
            } catch (IOException | RuntimeException e) {
                closeQuietly(bound);
                bound = null;
                throw e;
            }
        }
        return IoFile.unopened(path); // the socket is the engine's, made when the other end is reached
    }

    @Override
    public PeerReached awaitPeer(IoFile file, BooleanSupplier stopped) throws IOException {
        if (work.datagrams()) {
            // fio's udp receiver sets only td->start after the open message: its runtime counts from its start
            boolean reached = work.listen() ? awaitOpenMessage(stopped) : sendOpenMessage();
            return reached ? PeerReached.REACHED : PeerReached.STOPPED;
        }
        if (work.listen()) {
            // fio_netio_accept's reset_all_stats: the listener's time and figures start at the accept
            return accept(stopped) ? PeerReached.TIME_STARTS_NOW : PeerReached.STOPPED;
        }
        return connect() ? PeerReached.REACHED : PeerReached.STOPPED;
    }

    private boolean accept(BooleanSupplier stopped) throws IOException {
        while (!bound.poll(NetSocket.POLLIN, SLICE_MILLIS)) {
            if (stopped.getAsBoolean()) {
                return false;
            }
        }
        data = bound.accept();
        nodelay(data);
        data.setTimeouts(SLICE_MILLIS);
        return true;
    }

    private boolean connect() throws IOException {
        data = NetSocket.open(NetSocket.SOCK_STREAM, where());
        try {
            nodelay(data);
            window(data);
            mss(data);
            data.peer(work.hostIpv4(), work.port());
            data.connect();
            data.setTimeouts(SLICE_MILLIS);
            return true;
        } catch (IOException | RuntimeException e) {
            closeQuietly(data);
            data = null;
            throw e;
        }
    }

    private boolean sendOpenMessage() throws IOException {
        data = NetSocket.open(NetSocket.SOCK_DGRAM, where());
        try {
            window(data);
            if (work.multicast()) {
                if (work.interfaceIpv4() != 0) {
                    data.multicastInterface(work.interfaceIpv4());
                }
                data.setInt(NetSocket.IPPROTO_IP, NetSocket.IP_MULTICAST_TTL, work.ttl(), "IP_MULTICAST_TTL");
            }
            data.peer(work.hostIpv4(), work.port());
            data.setTimeouts(SLICE_MILLIS);
            byte[] open = ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN).putInt(LINK_MAGIC).putInt(LINK_OPEN)
                    .array();
            long n = data.sendMessage(open, 0);
            if (n < 0) {
                throw new SysException("sendto (udp link open)", where(), (int) -n);
            }
            return true;
        } catch (IOException | RuntimeException e) {
            closeQuietly(data);
            data = null;
            throw e;
        }
    }

    private boolean awaitOpenMessage(BooleanSupplier stopped) throws IOException {
        data = bound;
        data.setTimeouts(SLICE_MILLIS);
        while (true) {
            long n = data.receiveMessage(message, 0);
            if (n == -Errno.EAGAIN || n == -Errno.EINTR) {
                if (stopped.getAsBoolean()) {
                    return false;
                }
                continue;
            }
            if (n < 0) {
                throw new SysException("recvfrom (udp link open)", where(), (int) -n);
            }
            ByteBuffer b = ByteBuffer.wrap(message, 0, (int) n).order(ByteOrder.BIG_ENDIAN);
            if (n != 8 || b.getInt() != LINK_MAGIC || b.getInt() != LINK_OPEN) {
                throw new IOException(where() + ": the first datagram is not fio's open message (bad udp open"
                        + " magic)");
            }
            return true;
        }
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        r.submitNanos(clock.nanoTime());
        if (data == null) {
            r.complete(-Errno.EBADF);
            return SubmitStatus.COMPLETED;
        }
        long result = transfer(r, r.op());
        if (work.pingpong() && result == r.length()) {
            result = transfer(r, r.op() == IoOp.WRITE ? IoOp.READ : IoOp.WRITE);
        }
        r.complete(result);
        return SubmitStatus.COMPLETED;
    }

    private long transfer(IoRequest r, IoOp op) {
        if (op == IoOp.WRITE) {
            return send(r);
        }
        if (op == IoOp.READ) {
            return receive(r);
        }
        return 0; // a sync: nothing to do on a socket
    }

    private long send(IoRequest r) {
        NativeBuffer b = r.buffer();
        long length = r.length();
        long n;
        if (work.datagrams()) {
            if (r.bufferOffset() == 0 && length >= SEQ_TRAILER_BYTES) {
                long at = length - SEQ_TRAILER_BYTES;
                ByteBuffer view = b.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                view.putLong((int) at, UDP_SEQ_MAGIC).putLong((int) at + 8, sendSequence++)
                        .putLong((int) at + 16, length);
            }
            do {
                n = data.sendToPeer(b, r.bufferOffset(), length, NetSocket.MSG_NOSIGNAL);
            } while (retry(n));
        } else {
            int flags = NetSocket.MSG_NOSIGNAL;
            if (sentBytes + length < work.sizeBytes() && !work.pingpong()) {
                flags |= NetSocket.MSG_MORE;
            }
            do {
                n = data.send(b, r.bufferOffset(), length, flags);
            } while (retry(n));
        }
        if (n > 0) {
            sentBytes += n;
        }
        return n;
    }

    private long receive(IoRequest r) {
        NativeBuffer b = r.buffer();
        long n;
        do {
            n = work.datagrams()
                    ? data.receiveFrom(b, r.bufferOffset(), r.length(), 0, work.listen())
                    : data.receive(b, r.bufferOffset(), r.length(), 0);
        } while (retry(n));
        if (n == 8 && closeMessage(b, r.bufferOffset())) {
            return 0; // the sender is done: the job ends, this request moved nothing
        }
        if (work.datagrams() && n > 0) {
            checkSequence(b, r.bufferOffset(), n);
        }
        return n;
    }

    /** A send or receive timed out (its slice) or was interrupted by a signal: again, unless the worker was stopped. */
    private static boolean retry(long n) {
        return (n == -Errno.EAGAIN || n == -Errno.EINTR) && !Thread.currentThread().isInterrupted();
    }

    private static boolean closeMessage(NativeBuffer b, long offset) {
        ByteBuffer view = b.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        return view.getInt((int) offset) == LINK_MAGIC && view.getInt((int) offset + 4) == LINK_CLOSE;
    }

    /** fio's {@code verify_udp_seq}: datagrams missing from the sender's sequence are counted as dropped. */
    private void checkSequence(NativeBuffer b, long offset, long n) {
        if (sequenceOff || offset != 0 || n < SEQ_TRAILER_BYTES) {
            return;
        }
        ByteBuffer view = b.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        int at = (int) (n - SEQ_TRAILER_BYTES);
        if (view.getLong(at) != UDP_SEQ_MAGIC) {
            return;
        }
        if (view.getLong(at + 16) != n) {
            sequenceOff = true;
            return;
        }
        long seq = view.getLong(at + 8);
        if (seq != receiveSequence) {
            droppedDatagrams += seq - receiveSequence;
        }
        receiveSequence = seq + 1;
    }

    /** Datagrams the sender's sequence says never arrived (fio's {@code dropped}). */
    long droppedDatagrams() {
        return droppedDatagrams;
    }

    /** fio's {@code close_file}: the close message to the other end (its failure ignored), then the socket closed. */
    @Override
    public void close(IoFile file) throws IOException {
        NetSocket d = data;
        data = null;
        if (d == null) {
            return;
        }
        byte[] close = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(LINK_MAGIC).putInt(LINK_CLOSE)
                .array();
        d.sendMessage(close, NetSocket.MSG_NOSIGNAL);
        if (d != bound) {
            d.close();
        }
    }

    /** A socket has no cached pages. */
    @Override
    public void invalidate(IoFile file) {}

    /** A socket has no pages to read ahead. */
    @Override
    public int adviseAccess(IoFile file, boolean random, long offset, long length) {
        return 0;
    }

    /** fio's {@code cleanup}: the listener's or the reader's bound socket. */
    @Override
    public void close() {
        NetSocket d = data;
        data = null;
        if (d != null && d != bound) {
            closeQuietly(d);
        }
        closeQuietly(bound);
        bound = null;
    }

    private void window(NetSocket s) throws SysException {
        if (work.windowBytes() == 0) {
            return;
        }
        boolean receives = work.listen() || work.pingpong();
        boolean sends = !work.listen() || work.pingpong();
        if (receives) {
            s.setInt(NetSocket.SOL_SOCKET, NetSocket.SO_RCVBUF, work.windowBytes(), "SO_RCVBUF (window_size)");
        }
        if (sends) {
            s.setInt(NetSocket.SOL_SOCKET, NetSocket.SO_SNDBUF, work.windowBytes(), "SO_SNDBUF (window_size)");
        }
    }

    private void mss(NetSocket s) throws SysException {
        if (work.mssBytes() != 0 && !work.datagrams()) {
            s.setInt(NetSocket.IPPROTO_TCP, NetSocket.TCP_MAXSEG, work.mssBytes(), "TCP_MAXSEG (mss)");
        }
    }

    private void nodelay(NetSocket s) throws SysException {
        if (work.nodelay() && !work.datagrams()) {
            s.setInt(NetSocket.IPPROTO_TCP, NetSocket.TCP_NODELAY, 1, "TCP_NODELAY (nodelay)");
        }
    }

    private String where() {
        return (work.datagrams() ? "udp " : "tcp ") + dotted(work.hostIpv4()) + ":" + work.port();
    }

    static String dotted(int a) {
        return (a >>> 24) + "." + (a >>> 16 & 0xff) + "." + (a >>> 8 & 0xff) + "." + (a & 0xff);
    }

    private static void closeQuietly(NetSocket s) {
        if (s == null) {
            return;
        }
        try {
            s.close();
        } catch (IOException ignored) {
            // an earlier failure is the one reported
        }
    }
}
