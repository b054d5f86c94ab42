package org.iobench.measure;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * fio's {@code write_iolog}: every request a job issues, in the order it issues them, in fio 3.33's iolog version 3
 * ({@code iolog.c}): a first line {@code fio version 3 iolog}, then one line per event, {@code TIME FILE ACTION} for
 * a file ({@code add}, {@code open}, {@code close}) and {@code TIME FILE ACTION OFFSET LENGTH} for a request
 * ({@code read}, {@code write}, {@code trim}, {@code sync}, {@code datasync}), TIME in microseconds since the log
 * was opened. fio's {@code read_iolog} (and iobench's) replays such a file request by request.
 *
 * <p>As fio, the file is opened for appending (a second run adds its log after the first's; clones writing the same
 * name add theirs in turn) and written through a buffer as the job goes (fio: 8 KiB, here 64 KiB), so a long job
 * keeps no log in memory. Not thread-safe: one per worker, used by its thread.
 */
public final class RequestLog implements AutoCloseable {
    /** fio's actions, in its words. */
    public enum Action {
        READ("read"), WRITE("write"), TRIM("trim"), SYNC("sync"), DATASYNC("datasync");

        final byte[] word;

        Action(String word) {
            this.word = word.getBytes(StandardCharsets.US_ASCII);
        }
    }

    static final String VERSION_3 = "fio version 3 iolog";
    private static final byte[] ADD = " add\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OPEN = " open\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLOSE = " close\n".getBytes(StandardCharsets.US_ASCII);

    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    private final long startNanos;
    /**
     * The files named so far, with their names in bytes; a job has one or a few, or (over many files) all of them
     * added at the start ({@link #add}), each bound to its key at its first request. {@code null} key: added, no
     * request yet.
     */
    private final List<Object> files = new ArrayList<>();
    private final List<byte[]> names = new ArrayList<>();
    private final List<String> texts = new ArrayList<>();
    /** Per file: its {@code open} logged, its {@code close} logged. */
    private final List<boolean[]> states = new ArrayList<>();
    /** The file of the latest request and its index: most requests go to the file of the one before. */
    private Object lastKey;
    private int lastIndex = -1;
    private IOException failed;

    /**
     * Opens {@code file} for appending and writes the version line.
     *
     * @param startNanos the clock at the log's start: each line's time is counted from it
     */
    public RequestLog(Path file, long startNanos) throws IOException {
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        this.startNanos = startNanos;
        buffer.put((VERSION_3 + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * One request issued at {@code nanos} on {@code file}, named as its {@code toString} (the path as the job gives
     * it, as fio names it); the first request on a file logs its {@code add} and {@code open} first.
     */
    public void request(Object file, Action action, long offset, long length, long nanos) {
        byte[] n = name(file, nanos);
        room(48 + n.length);
        time(nanos);
        buffer.put(n).put((byte) ' ').put(action.word).put((byte) ' ');
        digits(offset);
        buffer.put((byte) ' ');
        digits(length);
        buffer.put((byte) '\n');
    }

    /**
     * A file of a job over several files, added at the log's start as fio adds each ({@code add}, named as
     * {@code file}'s {@code toString}); its {@code open} is logged with its first request.
     */
    public void add(Object file, long nanos) {
        byte[] n = String.valueOf(file).getBytes(StandardCharsets.UTF_8);
        files.add(null);
        names.add(n);
        texts.add(String.valueOf(file));
        states.add(new boolean[2]);
        room(32 + n.length);
        time(nanos);
        buffer.put(n).put(ADD);
    }

    /** {@code file}'s {@code close} at {@code nanos}: a file a job over several files is done with. */
    public void closed(Object file, long nanos) {
        int i = index(file);
        if (i < 0 || states.get(i)[1]) {
            return;
        }
        states.get(i)[1] = true;
        room(32 + names.get(i).length);
        time(nanos);
        buffer.put(names.get(i)).put(CLOSE);
    }

    /**
     * fio's new loop ({@code clear_io_state}): the files named so far closed and opened again at {@code nanos}
     * (fio closes them as the loop starts and opens each at its next request; the job's one file, here, both at once).
     */
    public void reopen(long nanos) {
        for (int i = 0; i < names.size(); i++) {
            if (!states.get(i)[0] || states.get(i)[1]) {
                continue; // a file of several added and not opened yet, or closed already
            }
            byte[] n = names.get(i);
            room(64 + 2 * n.length);
            time(nanos);
            buffer.put(n).put(CLOSE);
            time(nanos);
            buffer.put(n).put(OPEN);
        }
    }

    /** The files' {@code close} lines at {@code nanos}, the buffer written and the file closed. */
    public void finish(long nanos) throws IOException {
        try {
            for (int i = 0; i < names.size(); i++) {
                if (states.get(i)[1] || !states.get(i)[0]) { // closed already, or added and never opened
                    continue;
                }
                byte[] n = names.get(i);
                room(32 + n.length);
                time(nanos);
                buffer.put(n).put(CLOSE);
            }
            drain();
            if (failed != null) {
                throw failed;
            }
        } finally {
            channel.close();
        }
    }

    @Override
    public void close() throws IOException {
        if (channel.isOpen()) {
            channel.close();
        }
    }

    private byte[] name(Object key, long nanos) {
        int i = index(key);
        if (i < 0) {
            byte[] n = String.valueOf(key).getBytes(StandardCharsets.UTF_8);
            files.add(key);
            names.add(n);
            texts.add(String.valueOf(key));
            states.add(new boolean[2]);
            room(32 + n.length);
            time(nanos);
            buffer.put(n).put(ADD);
            i = files.size() - 1;
        }
        boolean[] state = states.get(i);
        byte[] n = names.get(i);
        if (!state[0] || state[1]) { // its first request, or the first since it was closed
            state[0] = true;
            state[1] = false;
            room(32 + n.length);
            time(nanos);
            buffer.put(n).put(OPEN);
        }
        return n;
    }

    /** The index of {@code key}'s file, binding an added file to it by name; -1 for a file not seen yet. */
    private int index(Object key) {
        if (key == lastKey && lastIndex >= 0) {
            return lastIndex;
        }
        int found = -1;
        for (int i = 0; i < files.size(); i++) {
            if (files.get(i) == key) {
                found = i;
                break;
            }
        }
        if (found < 0) {
            String text = String.valueOf(key);
            for (int i = 0; i < files.size(); i++) {
                if (texts.get(i).equals(text) && (files.get(i) == null || !states.get(i)[0] || states.get(i)[1])) {
                    files.set(i, key); // an added file, or one closed and opened again
                    found = i;
                    break;
                }
            }
        }
        if (found >= 0) {
            lastKey = key;
            lastIndex = found;
        }
        return found;
    }

    private void time(long nanos) {
        digits(Math.max(0, nanos - startNanos) / 1000);
        buffer.put((byte) ' ');
    }

    private void digits(long v) {
        if (v < 10) {
            buffer.put((byte) ('0' + v));
            return;
        }
        int start = buffer.position();
        while (v > 0) {
            buffer.put((byte) ('0' + v % 10));
            v /= 10;
        }
        for (int i = start, j = buffer.position() - 1; i < j; i++, j--) { // written backwards: turn them round
            byte t = buffer.get(i);
            buffer.put(i, buffer.get(j));
            buffer.put(j, t);
        }
    }

    private void room(int bytes) {
        if (buffer.remaining() < bytes) {
            drain();
        }
    }

    /** Writes what the buffer holds; a failure is kept and thrown by {@link #finish} (the I/O goes on). */
    private void drain() {
        buffer.flip();
        try {
            while (buffer.hasRemaining() && failed == null) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            failed = e;
        }
        buffer.clear();
    }
}
