package org.iobench.cluster;

/**
 * How large a sealed message may be, checked before it is opened: JGroups reassembles a message from fragments
 * ({@link Jg#MAX_FRAME} each at most), then the receiving side refuses one beyond its bound.
 */
final class Frames {
    /** What an agent takes at most in one message: a job with its job file text, or a control message. */
    static final int MAX_TO_AGENT = 4 << 20;
    /** What a controller takes at most in one message: a host's whole result with every worker's histograms. */
    static final int MAX_TO_CONTROLLER = 256 << 20;

    private Frames() {}
}
