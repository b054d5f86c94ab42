package org.iobench.job;

/**
 * Whether a job checks its data (docs/verify.md).
 *
 * @param checksum stamp every written block with a header and a payload checksum; {@link VerifyChecksum#NONE} = off
 * @param after    read every written block back after the run and check it (outside the measured time)
 */
public record Verification(VerifyChecksum checksum, boolean after) {
    public static final Verification NONE = new Verification(VerifyChecksum.NONE, false);

    public Verification {
        checksum = checksum == null ? VerifyChecksum.NONE : checksum;
    }
}
