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
 * {@code thread_io_list}: how many completed writes are listed, the iodepth, the number of files, the writes
 * issued ({@code numberio}), the job's index, the offset generator's state (iobench writes zeros: fio 3.33 writes its
 * state and never reads it back), the name (64 bytes), then iodepth slots per file (fio's {@code file_comp}: the
 * file's number and an offset); fio's {@code fill_file_completions} lists, file after file, the file's last completed
 * writes, latest first, as many per file as the job completed writes, at most iodepth (every file lists that many,
 * one that had fewer its ring's zeros).
 *
 * @param depth    iodepth when the state was saved
 * @param numberio writes the job had issued
 * @param files    per listed completion, its file's number
 * @param offsets  per listed completion, its offset
 */
record FioVerifyState(long depth, long numberio, long[] files, long[] offsets) {
    static final int VERSION = 3;
    private static final int HEADER = 24;
    private static final int LIST = 152;

    /** fio's name for the state of job {@code name}'s clone {@code index} (from 0), '/' turned into '.'. */
    static Path file(String name, int index) {
        return Path.of("local-" + name.replace('/', '.') + "-" + index + "-verify.state");
    }

    /**
     * Writes fio's file: per file, {@code completed[f]} holds its last completed writes' offsets as a ring of
     * {@code depth} (null: none yet, fio's zeroed ring), {@code next[f]} its next slot.
     */
    static void save(Path path, String name, int index, int depth, long numberio, long completedWrites,
                     long[][] completed, int[] next) throws IOException {
        int files = completed.length;
        int size = Math.toIntExact(LIST + (long) depth * files * 16);
        ByteBuffer b = ByteBuffer.allocate(HEADER + size).order(ByteOrder.LITTLE_ENDIAN);
        long perFile = Math.min(completedWrites, depth);
        b.putLong(HEADER, perFile * files);
        b.putInt(HEADER + 8, depth);
        b.putInt(HEADER + 12, files);
        b.putLong(HEADER + 16, numberio);
        b.putLong(HEADER + 24, index);
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        b.put(HEADER + 88, n, 0, Math.min(n.length, 63));
        int at = HEADER + LIST;
        for (int f = 0; f < files; f++) {
            int j = next[f] - 1;
            for (int i = 0; i < perFile; i++) {
                if (j == -1) {
                    j = depth - 1;
                }
                b.putLong(at, f);
                b.putLong(at + 8, completed[f] == null ? 0 : completed[f][j]);
                at += 16;
                j--;
            }
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
        int listed = (int) Math.min(comps, (bytes.length - HEADER - LIST) / 16);
        long[] files = new long[listed];
        long[] offsets = new long[listed];
        for (int i = 0; i < listed; i++) {
            files[i] = b.getLong(HEADER + LIST + i * 16);
            offsets[i] = b.getLong(HEADER + LIST + i * 16 + 8);
        }
        return new FioVerifyState(depth, b.getLong(HEADER + 16), files, offsets);
    }

    /**
     * fio's {@code verify_state_should_stop} before the verify read of {@code offset} in file {@code file},
     * {@code readsDone} reads completed: past the window of the last {@code depth} writes every read goes on; inside
     * it only the writes the state lists as completed in that file are read, and the first other one ends the
     * verification.
     */
    boolean shouldStop(long readsDone, int file, long offset) {
        // fio's uint64_t arithmetic: more reads than the state's writes (a dry run's reads among them) wrap around,
        // out of the window
        if ((readsDone < depth || Long.compareUnsigned(numberio - readsDone, depth) > 0) && numberio > depth) {
            return false;
        }
        for (int i = 0; i < offsets.length; i++) {
            if (files[i] == file && offsets[i] == offset) {
                return false;
            }
        }
        return true;
    }
}
