package org.iobench.measure;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A histogram as HdrHistogram encodes it itself: its compressed form ({@code encodeIntoCompressedByteBuffer}, the
 * bytes of one interval line of its log format) in base64. That is how a run keeps its distributions: a few hundred
 * bytes to a few KiB per histogram, lossless (every count of every bucket), and readable by HdrHistogram in any
 * language ({@code Histogram.decodeFromCompressedByteBuffer}, its {@code HistogramLogReader}).
 */
public final class HistogramCodec {
    private HistogramCodec() {}

    /** The compressed form of {@code h} in base64 (standard alphabet, padded). */
    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * The histogram of {@link #encode}'s text.
     *
     * @throws IllegalArgumentException if the text is not base64 of a compressed histogram
     */
    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an HdrHistogram in base64: " + e.getMessage(), e);
        }
    }
}
