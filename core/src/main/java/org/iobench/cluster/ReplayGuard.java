package org.iobench.cluster;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;

/**
 * Refuses a signed message seen before (a recorded message played again) or sent too long ago. Nonces are kept for
 * the whole window, so a replay inside it is caught by the nonce and one outside by its age. Thread-safe.
 */
final class ReplayGuard {
    static final long WINDOW_MILLIS = 5 * 60_000;

    private record Seen(String nonce, long atMillis) {}

    private final Set<String> nonces = new HashSet<>();
    private final ArrayDeque<Seen> order = new ArrayDeque<>();

    /** @return null when the message is fresh, else why it is refused */
    synchronized String check(Envelope.Opened m, long nowMillis) {
        while (!order.isEmpty() && order.peekFirst().atMillis() < nowMillis - WINDOW_MILLIS) {
            nonces.remove(order.removeFirst().nonce());
        }
        long age = nowMillis - m.sentAtMillis();
        if (Math.abs(age) > WINDOW_MILLIS) {
            return "sent " + age / 1000 + " s ago by the sender's clock (more than " + WINDOW_MILLIS / 60_000
                    + " min apart: a replay, or clocks that differ)";
        }
        if (!nonces.add(m.nonce())) {
            return "a replay of a message already received";
        }
        order.addLast(new Seen(m.nonce(), nowMillis));
        return null;
    }
}
