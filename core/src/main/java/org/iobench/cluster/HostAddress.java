package org.iobench.cluster;

/**
 * One entry of {@code --hosts}: {@code NAME[:PORT]} (an IPv6 address in brackets: {@code [::1]:5701}). The name is
 * also what {@code {host}} expands to and the {@code host} label of the host's results.
 */
public record HostAddress(String name, int port) {
    public HostAddress {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a host name is empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not 1..65535");
        }
    }

    /** @throws IllegalArgumentException with a reason, for the caller to name the option */
    public static HostAddress parse(String text, int defaultPort) {
        String t = text.strip();
        String name = t;
        String port = null;
        if (t.startsWith("[")) {
            int close = t.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException("'" + text + "' has no closing ]");
            }
            name = t.substring(1, close);
            if (close + 1 < t.length()) {
                if (t.charAt(close + 1) != ':') {
                    throw new IllegalArgumentException("'" + text + "': expected :PORT after ]");
                }
                port = t.substring(close + 2);
            }
        } else if (t.indexOf(':') >= 0 && t.indexOf(':') == t.lastIndexOf(':')) {
            name = t.substring(0, t.indexOf(':'));
            port = t.substring(t.indexOf(':') + 1);
        }
        if (name.isEmpty() || name.contains("/") || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("'" + text + "' is not HOST[:PORT]");
        }
        int p = defaultPort;
        if (port != null) {
            try {
                p = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "': port '" + port + "' is not a number");
            }
        }
        return new HostAddress(name, p);
    }

    /** {@code host:port} as a message names it. */
    public String address() {
        return (name.indexOf(':') >= 0 ? "[" + name + "]" : name) + ":" + port;
    }
}
