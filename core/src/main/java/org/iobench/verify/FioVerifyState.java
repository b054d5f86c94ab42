package org.iobench.verify;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.job.InvalidJobException;

/**
 * fio 3.33's verify state file ({@code verify.c}'s {@code write_thread_list_state}, {@code verify-state.h}):
 * {@code local-NAME-INDEX-verify.state} in the working directory, written when a verifying job that writes ends, read
 * by {@code verify_state_load} so that a later verification stops where the writes stopped (a job killed mid-run).
 * Little-endian: a 24-byte header (version 3, the size of what follows, fio's crc32c of it), then fio's
 * {@code thread_io_list}: how many completed writes are listed, the iodepth, the number of files (1), the writes
 * issued ({@code numberio}), the job's index, the offset generator's state (iobench writes zeros: fio 3.33 writes its
 * state and never reads it back), the name (64 bytes), then per slot of the iodepth the file number and offset of
 * the last completed writes, latest first.
 *
 * @param depth    iodepth when the state was saved
 * @param numberio writes the job had issued
 * @param offsets  offsets of the last completed writes (at most {@code depth})
 */
record FioVerifyState(long depth, long numberio, long[] offsets) {
    static final int VERSION = 3;
    private static final int HEADER = 24;
    private static final int LIST = 152;

    /** fio's name for the state of job {@code name}'s clone {@code index} (from 0), '/' turned into '.'. */
    static Path file(String name, int index) {
        return Path.of("local-" + name.replace('/', '.') + "-" + index + "-verify.state");
    }

    /** Writes fio's file: {@code completed} holds the last writes' offsets as a ring, {@code next} its next slot. */
    static void save(Path path, String name, int index, int depth, long numberio, long completedWrites,
                     long[] completed, int next) throws IOException {
        int size = LIST + depth * 16;
        ByteBuffer b = ByteBuffer.allocate(HEADER + size).order(ByteOrder.LITTLE_ENDIAN);
        long comps = Math.min(completedWrites, depth);
        b.putLong(HEADER, comps);
        b.putInt(HEADER + 8, depth);
        b.putInt(HEADER + 12, 1);
        b.putLong(HEADER + 16, numberio);
        b.putLong(HEADER + 24, index);
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        b.put(HEADER + 88, n, 0, Math.min(n.length, 63));
        int j = next - 1;
        for (int i = 0; i < comps; i++) {
            if (j == -1) {
                j = depth - 1;
            }
            b.putLong(HEADER + LIST + i * 16, 0); // the file's number: a job has one file
            b.putLong(HEADER + LIST + i * 16 + 8, completed[j]);
            j--;
        }
        b.putLong(0, VERSION);
        b.putLong(8, size);
        b.putLong(16, Integer.toUnsignedLong(~new FioChecksums().crc32c(b, HEADER, size)));
        Files.write(path, b.array());
    }

    /** Reads fio's file (fio's or iobench's); a missing, short or damaged one refuses the job, naming the file. */
    static FioVerifyState load(Path path) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new InvalidJobException("verify_state_load: cannot read fio's verify state " + path.toAbsolutePath()
                    + " (" + e.getMessage() + "); it is written by the job that wrote, in its working directory");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < HEADER + LIST || b.getLong(0) != VERSION || b.getLong(8) != bytes.length - HEADER
                || b.getLong(16) != Integer.toUnsignedLong(~new FioChecksums().crc32c(b, HEADER, bytes.length - HEADER))) {
            throw new InvalidJobException("verify_state_load: " + path.toAbsolutePath() + " is not a verify state of"
                    + " fio 3.33 (version 3, its checksum matching)");
        }
        long comps = b.getLong(HEADER);
        long depth = b.getInt(HEADER + 8) & 0xFFFFFFFFL;
        long[] offsets = new long[(int) Math.min(comps, (bytes.length - HEADER - LIST) / 16)];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = b.getLong(HEADER + LIST + i * 16 + 8);
        }
        return new FioVerifyState(depth, b.getLong(HEADER + 16), offsets);
    }

    /**
     * fio's {@code verify_state_should_stop} before the verify read of {@code offset}, {@code readsDone} reads
     * completed: past the window of the last {@code depth} writes every read goes on; inside it only the writes the
     * state lists as completed are read, and the first other one ends the verification.
     */
    boolean shouldStop(long readsDone, long offset) {
        if ((readsDone < depth || numberio - readsDone > depth) && numberio > depth) {
            return false;
        }
        for (long o : offsets) {
            if (o == offset) {
                return false;
            }
        }
        return true;
    }
}
