package org.iobench.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 bytes decoded into a {@link Writer}: lets the text printers, which take a {@link java.io.PrintStream},
 * write through picocli's writers. A character split across writes is held until its last byte arrives. Closing
 * flushes but leaves the writer open (it belongs to the command line).
 */
final class WriterOutputStream extends OutputStream {
    private final Writer writer;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final ByteBuffer pending = ByteBuffer.allocate(4096);
    private final CharBuffer chars = CharBuffer.allocate(4096);

    WriterOutputStream(Writer writer) {
        this.writer = writer;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            int n = Math.min(len, pending.remaining());
            pending.put(b, off, n);
            off += n;
            len -= n;
            decode();
        }
    }

    private void decode() throws IOException {
        pending.flip();
        CoderResult r;
        do {
            r = decoder.decode(pending, chars, false);
            chars.flip();
            writer.write(chars.array(), chars.position(), chars.remaining());
            chars.clear();
        } while (r.isOverflow());
        pending.compact(); // at most the first bytes of one character stay
    }

    @Override
    public void flush() throws IOException {
        writer.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
