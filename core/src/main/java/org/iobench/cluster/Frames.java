package org.iobench.cluster;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * Frames on a link: a 4-byte big-endian length, then that many bytes; a frame of length 0 is a heartbeat. A length
 * beyond the reader's bound is refused before anything is allocated.
 */
final class Frames {
    /** What an agent reads at most in one frame: a job with its job file text, or a control message. */
    static final int MAX_TO_AGENT = 4 << 20;
    /** What a controller reads at most in one frame: a host's whole result with every worker's histograms. */
    static final int MAX_TO_CONTROLLER = 256 << 20;

    static final byte[] HEARTBEAT = new byte[0];

    /** A frame longer than the reader takes. */
    static final class TooLarge extends IOException {
        TooLarge(long length, int max) {
            super("a frame of " + length + " bytes, more than the " + max + " this side takes");
        }
    }

    private Frames() {}

    static void write(DataOutputStream out, byte[] frame) throws IOException {
        out.writeInt(frame.length);
        out.write(frame);
        out.flush();
    }

    /** @throws TooLarge when the announced length is negative or above {@code max} */
    static byte[] read(DataInputStream in, int max) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > max) {
            throw new TooLarge(length & 0xFFFFFFFFL, max);
        }
        byte[] frame = new byte[length];
        in.readFully(frame);
        return frame;
    }
}
