package org.iobench.workload;

import org.iobench.engine.IoRequest;
import org.iobench.result.IoFailure;
import org.iobench.sys.Errno;

/** The failure a worker reports for a request that failed, in one line a user can act on. */
final class IoFailures {
    private IoFailures() {}

    /**
     * @param errno            the request's errno; 0 when it failed without one ({@code message} says why)
     * @param message          the failure's text, or null to say what failed, where, and the errno's meaning
     * @param where            {@code ""}, or {@code " of /path"} when the job has two files
     * @param directAlignment  the O_DIRECT alignment unit, for EINVAL's explanation; 0 for buffered jobs
     */
    static IoFailure of(int worker, IoRequest r, int errno, String message, String where, long directAlignment) {
        String op = r.op().name().toLowerCase();
        String what = message != null ? message
                : op + " of " + r.length() + " bytes at offset " + r.offset() + where + " failed: "
                        + Errno.describe(errno) + directHint(r, errno, directAlignment);
        return new IoFailure(worker, op, r.offset(), r.length(), errno, errno == 0 ? "" : Errno.name(errno), what);
    }

    /**
     * For EINVAL under O_DIRECT, which of the three alignments the kernel checks is broken, against the device's
     * logical block size; empty otherwise.
     */
    static String directHint(IoRequest r, int errno, long alignment) {
        long a = alignment;
        if (errno != Errno.EINVAL || a <= 0 || !r.op().transfersData()) {
            return "";
        }
        long address = r.buffer().address() + r.bufferOffset();
        StringBuilder wrong = new StringBuilder();
        if (r.offset() % a != 0) {
            wrong.append(", the offset ").append(r.offset());
        }
        if (r.length() % a != 0) {
            wrong.append(", the length ").append(r.length());
        }
        if (address % a != 0) {
            wrong.append(", the buffer address 0x").append(Long.toHexString(address));
        }
        return "; O_DIRECT needs offset, length and buffer address to be multiples of the logical block size " + a
                + (wrong.isEmpty() ? " (all three are)" : ":" + wrong.substring(1) + " is not");
    }
}
