package org.iobench.job;

/**
 * Whether a job checks its data (docs/verify.md): iobench's own block format ({@code --verify}), or fio's
 * ({@code verify=} in a fio job file, docs/fio.md), never both.
 *
 * @param checksum stamp every written block with a header and a payload checksum; {@link VerifyChecksum#NONE} = off
 * @param after    read every written block back after the run and check it (outside the measured time)
 * @param fio      fio's verify, as fio does it, or null
 */
public record Verification(VerifyChecksum checksum, boolean after, FioVerify fio) {
    public static final Verification NONE = new Verification(VerifyChecksum.NONE, false, null);

    public Verification {
        checksum = checksum == null ? VerifyChecksum.NONE : checksum;
        if (fio != null && checksum.enabled()) {
            throw new IllegalArgumentException("iobench's verify and fio's verify are exclusive");
        }
    }

    public Verification(VerifyChecksum checksum, boolean after) {
        this(checksum, after, null);
    }
}
