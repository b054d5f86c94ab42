package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/**
 * Whether written blocks carry a verification header, and which checksum protects their payload ({@code --verify}).
 * See docs/verify.md for the block format.
 */
public enum VerifyChecksum {
    NONE("none"), CRC32C("crc32c"), SHA256("sha256");

    /**
     * Bytes of the header at the start of every verified block; the smallest block size {@code --verify} accepts.
     * The block format in {@code org.iobench.verify.BlockHeader} is laid out to this size.
     */
    public static final int HEADER_BYTES = 128;

    private final String label;

    VerifyChecksum(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() { return label; }

    public boolean enabled() {
        return this != NONE;
    }

    public static Optional<VerifyChecksum> byLabel(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst();
    }

    /**
     * The verify options' own rules, checked where a {@link JobSpec} is made: a job that writes nothing has nothing
     * to stamp, a block must hold the header, and a block of a random job must have one writer at a time (random
     * workers share the region and may overwrite each other's block in flight, so the last write is undefined:
     * fio's {@code norandommap} caveat).
     */
    static void check(VerifyChecksum verify, boolean verifyAfter, RwMode rw, long blockSize, int threads,
                      int iodepth) {
        if (!verify.enabled()) {
            if (verifyAfter) {
                throw new InvalidJobException("--verify-after: needs --verify crc32c or --verify sha256");
            }
            return;
        }
        String option = "--verify";
        if (!rw.writes()) {
            throw new InvalidJobException(option, verify, rw + " writes nothing to verify; check an existing target"
                    + " with 'iobench verify TARGET --run ID'");
        }
        if (rw == RwMode.COPY) {
            throw new InvalidJobException(option, verify, "a copy writes the source's data, not stamped blocks;"
                    + " verify a copy by comparing it with its source");
        }
        if (blockSize < HEADER_BYTES) {
            throw new InvalidJobException("--bs", blockSize, "is smaller than the " + HEADER_BYTES
                    + "-byte block header that --verify puts in every block; use --bs " + HEADER_BYTES
                    + " or more");
        }
        // random jobs with several writers are striped so that no two writes of a block are in flight together
        // (workload.WorkerSetup#stripedRandom); the region must give every request slot a block
    }

    /** The region a verified random job needs: one block for each of {@code threads x iodepth} request slots. */
    public static void checkStripes(VerifyChecksum verify, RwMode rw, long regionBytes, long blockSize, int threads,
                                    int iodepth) {
        long slots = (long) threads * iodepth;
        if (verify.enabled() && rw.random() && regionBytes / blockSize < slots) {
            throw new InvalidJobException("--size", regionBytes, "has " + regionBytes / blockSize + " blocks;"
                    + " --verify on a random job gives each of the " + slots + " request slots (--threads x"
                    + " --iodepth) blocks of its own");
        }
    }

    @Override
    public String toString() {
        return label;
    }
}
