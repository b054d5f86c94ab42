package org.iobench.result;

/**
 * One verified block that is not what was written.
 *
 * @param offset          bytes from the start of the target
 * @param kind            the classification
 * @param detail          one line saying what differs and what it suggests
 * @param expected        what should be there; null where nothing is known (standalone check without a layout)
 * @param found           the header found, null when there is none (no magic)
 * @param foundChecksum   the checksum computed over the payload found, hex; null without a readable header
 */
public record BlockMismatch(long offset, MismatchKind kind, String detail, BlockHeaderFields expected,
                            BlockHeaderFields found, String foundChecksum) {

    /** {@code offset 65536: torn: detail}, the first line printed for it. */
    public String line() {
        return "offset " + offset + ": " + kind + ": " + detail;
    }
}
