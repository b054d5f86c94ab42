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
        if (rw.random() && (threads > 1 || iodepth > 1)) {
            throw new InvalidJobException(option, verify, "a random job with --threads " + threads + " --iodepth "
                    + iodepth + " may have two writes of one block in flight, so its last version is undefined;"
                    + " use --threads 1 --iodepth 1, or a sequential job");
        }
    }

    @Override
    public String toString() {
        return label;
    }
}
