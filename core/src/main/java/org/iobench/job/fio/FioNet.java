package org.iobench.job.fio;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.FioVerifyType;
import org.iobench.job.InvalidJobException;
import org.iobench.job.NetLink;
import org.iobench.job.RwMode;

/**
 * The options of fio's {@code net} engine (engines/net.c), checked as fio's {@code init} checks them: the protocol
 * (IPv4 {@code tcp} and {@code udp}; fio's {@code tcpv6}, {@code udpv6} and {@code unix} are refused by name), the
 * port (required), the host a sender connects to or the multicast group a UDP reader joins ({@code hostname}), a
 * TCP {@code listen}er, {@code pingpong}, {@code nodelay}, {@code ttl}, {@code interface}, {@code window_size},
 * {@code mss}. A UDP job receives when it reads, as in fio. A unicast receiver binds to 127.0.0.1 unless
 * {@code interface=} names the address to bind (fio binds every address): nothing listens beyond the machine
 * unless the job says where.
 */
final class FioNet {
    static final List<String> OPTIONS = List.of("hostname", "port", "protocol", "listen", "pingpong", "nodelay",
            "ttl", "interface", "window_size", "mss");

    private FioNet() {}

    /** The net engine's options with another engine are refused, as fio refuses an option its engine lacks. */
    static void refuseOthers(FioJobOptions o, EngineDescription engine, FioJobTranslator.Job job) {
        if (engine.has(EngineFlag.NETWORK)) {
            return;
        }
        for (String option : OPTIONS) {
            if (o.has(option)) {
                job.refuse(o.setting(option).orElseThrow(), "an option of the " + EngineCatalog.names(
                        EngineCatalog.installed().with(EngineFlag.NETWORK), "and") + " engine, and the job's"
                        + " ioengine is " + o.value("ioengine").orElse(FioEngines.standard().name()));
            }
        }
    }

    /** The job's other end; refusals are recorded on {@code job}, fio's own errors thrown (exit 2). */
    static NetLink of(FioJobOptions o, RwMode rw, FioJobTranslator.Job job) {
        FioSetting engine = o.setting("ioengine").orElseThrow();
        FioSetting protocol = o.setting("protocol").orElse(null);
        String proto = protocol == null ? "tcp" : protocol.value().toLowerCase(Locale.ROOT);
        boolean udp;
        switch (proto) {
            case "tcp" -> udp = false;
            case "udp" -> udp = true;
            case "tcpv6", "udpv6", "unix" -> {
                job.refuse(protocol, "iobench's net engine speaks IPv4 tcp and udp only");
                udp = proto.startsWith("udp");
            }
            default -> throw FioJobOptions.bad(protocol, "must be tcp, tcpv6, udp, udpv6 or unix");
        }
        if (rw.random()) {
            throw FioJobOptions.bad(o.setting("rw").orElseThrow(), "network IO can't be random (fio)");
        }
        FioSetting port = o.setting("port").orElse(null);
        if (port == null) {
            throw new InvalidJobException(engine.where() + ": ioengine=" + engine.value() + ": network IO requires"
                    + " port for tcp or udp (fio)");
        }
        long portNumber = o.number(port);
        if (portNumber < 1 || portNumber > 65535) {
            throw FioJobOptions.bad(port, "must be 1..65535");
        }
        boolean listen = o.flag("listen");
        if (udp) {
            if (listen) {
                throw FioJobOptions.bad(o.setting("listen").orElseThrow(), "listen only valid for TCP proto IO"
                        + " (fio)");
            }
            if (rw.reads() && rw.writes()) {
                throw FioJobOptions.bad(o.setting("rw").orElseThrow(), "datagram network connections must be read"
                        + " OR write (fio)");
            }
            listen = rw.reads();
        }
        FioSetting iface = o.setting("interface").orElse(null);
        int interfaceIpv4 = iface == null ? 0 : literal(iface);
        FioSetting hostname = o.setting("hostname").orElse(null);
        String host = hostname == null ? "" : hostname.value();
        int hostIpv4;
        if (listen) {
            hostIpv4 = iface == null ? NetLink.LOOPBACK : interfaceIpv4;
            if (hostname != null) {
                hostIpv4 = resolve(hostname);
                if (!udp || (hostIpv4 >>> 28) != 0xe) {
                    throw FioJobOptions.bad(hostname, "hostname not valid for non-multicast inbound network IO"
                            + " (fio)");
                }
            }
        } else {
            if (hostname == null) {
                throw new InvalidJobException(engine.where() + ": ioengine=" + engine.value() + ": connect with no"
                        + " host to connect to (hostname=)" + (rw.reads() ? "; did you forget to set 'listen'?" : "")
                        + " (fio)");
            }
            hostIpv4 = resolve(hostname);
        }
        FioSetting verify = o.setting("verify").orElse(null);
        if (verify != null && !List.of("0", "none").contains(verify.value().toLowerCase(Locale.ROOT))
                && FioVerifyType.byOption(verify.value()).filter(t -> t == FioVerifyType.NULL).isEmpty()) {
            job.refuse(verify, "verifying what the net engine receives is not supported by iobench yet");
        }
        long ttl = o.number("ttl", 1);
        long window = o.number("window_size", 0);
        long mss = o.number("mss", 0);
        return new NetLink(udp, host, hostIpv4, (int) portNumber, listen, o.flag("pingpong"), o.flag("nodelay"),
                (int) ttl, interfaceIpv4, (int) Math.min(window, Integer.MAX_VALUE),
                (int) Math.min(mss, Integer.MAX_VALUE));
    }

    /** Clone {@code clone}'s end: fio adds the clone's number to the port. */
    static NetLink clone(NetLink n, int clone) {
        if (clone == 0) {
            return n;
        }
        return new NetLink(n.datagrams(), n.host(), n.hostIpv4(), n.port() + clone, n.listen(), n.pingpong(),
                n.nodelay(), n.ttl(), n.interfaceIpv4(), n.windowBytes(), n.mssBytes());
    }

    /** An IPv4 address in dotted form (fio's {@code inet_aton} of {@code interface=}). */
    private static int literal(FioSetting s) {
        String v = s.value().strip();
        if (!v.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
            throw FioJobOptions.bad(s, "not a valid interface IP (an IPv4 address such as 127.0.0.1)");
        }
        return resolve(s);
    }

    /** The host's IPv4 address: a literal, or a name the system resolves (fio's {@code getaddrinfo}, AF_INET). */
    private static int resolve(FioSetting s) {
        try {
            for (InetAddress a : InetAddress.getAllByName(s.value().strip())) {
                if (a instanceof Inet4Address v4) {
                    byte[] b = v4.getAddress();
                    return (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | b[3] & 0xff;
                }
            }
            throw FioJobOptions.bad(s, "has no IPv4 address");
        } catch (UnknownHostException e) {
            throw FioJobOptions.bad(s, "cannot be resolved (getaddrinfo)");
        }
    }
}
