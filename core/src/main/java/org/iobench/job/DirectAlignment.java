package org.iobench.job;

/**
 * O_DIRECT's rule, checked before any I/O with one message for every command ({@code run}, {@code verify}): the
 * transfer size and the offset are multiples of the device's logical block size. (The buffer address is iobench's
 * own business: its buffers are aligned.) Without the check the kernel answers EINVAL on the first request, which
 * a reader would otherwise count as an unreadable block.
 */
public final class DirectAlignment {
    private DirectAlignment() {}

    /**
     * @param blockSize        bytes per request
     * @param logicalBlockSize the device's logical block size in bytes (512 where unknown)
     * @param device           the device's name for the message ({@code vda}, {@code loop3})
     * @throws InvalidJobException naming {@code --bs}
     */
    public static void checkBlockSize(long blockSize, long logicalBlockSize, String device) {
        if (blockSize % logicalBlockSize != 0) {
            throw new InvalidJobException("--bs", blockSize, "is not a multiple of the logical block size "
                    + logicalBlockSize + " of " + device + ", which --direct (O_DIRECT) requires for the transfer"
                    + " size");
        }
    }

    /** Like {@link #checkBlockSize}, for where the region starts; names {@code --offset}. */
    public static void checkOffset(long offsetBytes, long logicalBlockSize, String device) {
        if (offsetBytes % logicalBlockSize != 0) {
            throw new InvalidJobException("--offset", offsetBytes, "is not a multiple of the logical block size "
                    + logicalBlockSize + " of " + device + ", which --direct (O_DIRECT) requires");
        }
    }
}
